import { DesignsSection } from './designs-section';
import { FaqSection } from './faq-section';
import { FactsStrip } from './facts-strip';
import { FeaturesSection } from './features-section';
import { FinalCtaSection } from './final-cta-section';
import { HeroSection } from './hero-section';
import { ConfiguredLandingVariant } from './landing-variant-config';
import { PricingSection } from './pricing-section';
import { ProcessSection } from './process-section';
import { ServicesSection } from './services-section';

/** The signed-out start page (spec §1): hero, features, services, process, designs, pricing, FAQ. */
export default function LandingPage() {
  return (
    <ConfiguredLandingVariant>
      <div data-testid="landing-page">
        <HeroSection />
        <FactsStrip />
        <FeaturesSection />
        <ServicesSection />
        <ProcessSection />
        <DesignsSection />
        <PricingSection />
        <FaqSection />
        <FinalCtaSection />
      </div>
    </ConfiguredLandingVariant>
  );
}
