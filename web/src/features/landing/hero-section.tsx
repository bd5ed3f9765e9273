import { ArrowRight, Check, Info, MousePointerClick } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { PLANS } from '@contract/plans';
import { STYLE_IDS } from '@contract/styles';
import { Button } from '@/components/ui/button';
import { SignUpCta } from './cta-link';
import { HERO_COMPARE_ISLAND, HeroCompare } from './hero-compare';
import { useLandingVariant } from './landing-variant';

export function HeroSection() {
  const { t } = useTranslation('landing');
  const preview = useLandingVariant() === 'preview';
  const points = [
    t('hero.point1'),
    t('hero.point2', { credits: PLANS.free.creditsPerMonth }),
    t('hero.point3'),
  ];
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        className="absolute inset-0 -z-10 bg-gradient-to-b from-hero-from to-hero-to"
        aria-hidden
      />
      <div
        className="absolute inset-0 -z-10 opacity-60 [background-image:linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] [background-size:56px_56px] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)]"
        aria-hidden
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-14 lg:pb-24 lg:pt-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-card/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs backdrop-blur sm:text-sm">
            <span className="size-1.5 rounded-full bg-primary" aria-hidden />
            {t(preview ? 'hero.eyebrowPreview' : 'hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-balance text-4xl font-bold leading-[1.05] tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t('hero.titleLead')} <span className="text-primary">{t('hero.titleAccent')}</span>
          </h1>
          <p className="mt-6 max-w-xl text-pretty text-lg leading-relaxed text-muted-foreground">
            {t(preview ? 'hero.subtitlePreview' : 'hero.subtitle', { styles: STYLE_IDS.length })}
          </p>
          {preview && (
            <p
              className="mt-5 flex max-w-xl gap-2.5 rounded-xl border bg-card/80 p-3.5 text-sm leading-relaxed text-muted-foreground shadow-xs backdrop-blur"
              data-testid="hero-preview-note"
            >
              <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{t('hero.previewNote')}</span>
            </p>
          )}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <SignUpCta size="lg" className="shadow-lg shadow-primary/20" data-testid="hero-cta">
              {t('hero.ctaPrimary')} <ArrowRight aria-hidden />
            </SignUpCta>
            <Button asChild size="lg" variant="outline">
              <a href="#designs">{t('hero.ctaSecondary')}</a>
            </Button>
          </div>
          <ul className="mt-8 grid gap-2.5 text-sm text-muted-foreground sm:grid-cols-1">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-2.5">
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
                  <Check className="size-3.5" aria-hidden />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <figure className="relative mx-auto w-full max-w-sm lg:max-w-[420px]">
          <div
            className="absolute -inset-4 -z-10 rounded-[2rem] bg-primary/10 blur-2xl"
            aria-hidden
          />
          <div
            className="overflow-hidden rounded-2xl border bg-card p-1.5 shadow-2xl shadow-black/10 dark:shadow-black/40"
            data-island={HERO_COMPARE_ISLAND}
          >
            <HeroCompare />
          </div>
          <figcaption className="mt-4 flex items-center justify-between gap-3 px-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <MousePointerClick className="size-4" aria-hidden /> {t('hero.dragHint')}
            </span>
            <span className="shrink-0 whitespace-nowrap rounded-full border bg-card px-2.5 py-0.5 text-xs font-medium text-foreground">
              {t('hero.exampleChip')}
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
