import { lazy } from 'react';
import { DesignsSection } from './designs-section';
import { FactsStrip } from './facts-strip';
import { FeaturesSection } from './features-section';
import { FinalCtaSection } from './final-cta-section';
import { HeroSection } from './hero-section';
import { LazySection } from './lazy-section';
import { PricingSection } from './pricing-section';
import { ProcessSection } from './process-section';
import { ServicesSection } from './services-section';

// The FAQ (with the Radix accordion) loads when the visitor scrolls towards it.
const FaqSection = lazy(() => import('./faq-section'));

/** The signed-out start page (spec §1): hero, features, services, process, designs, pricing, FAQ. */
export default function LandingPage() {
  return (
    <div data-testid="landing-page">
      <HeroSection />
      <FactsStrip />
      <FeaturesSection />
      <ServicesSection />
      <ProcessSection />
      <DesignsSection />
      <PricingSection />
      <LazySection component={FaqSection} id="faq" minHeight="40rem" />
      <FinalCtaSection />
    </div>
  );
}
