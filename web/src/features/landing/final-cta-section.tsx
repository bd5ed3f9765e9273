import { ArrowRight } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { SignUpCta } from './cta-link';

export function FinalCtaSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="final-cta-title" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-[oklch(0.42_0.11_42)] via-[oklch(0.33_0.07_45)] to-[oklch(0.22_0.02_55)] px-6 py-14 text-center text-white shadow-2xl sm:px-12 sm:py-16">
        <div
          className="absolute inset-0 -z-10 opacity-30 [background-image:linear-gradient(to_right,rgba(255,255,255,.1)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,.1)_1px,transparent_1px)] [background-size:40px_40px] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]"
          aria-hidden
        />
        <h2
          id="final-cta-title"
          className="text-balance text-3xl font-bold tracking-tight sm:text-4xl"
        >
          {t('finalCta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty text-lg text-white/80">
          {t('finalCta.text')}
        </p>
        <SignUpCta
          size="lg"
          className="mt-8 bg-white text-[oklch(0.3_0.06_45)] shadow-lg hover:bg-white/90 focus-visible:outline-white"
          data-testid="final-cta"
        >
          {t('finalCta.button')} <ArrowRight aria-hidden />
        </SignUpCta>
      </div>
    </section>
  );
}
