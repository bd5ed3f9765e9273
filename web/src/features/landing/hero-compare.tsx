import { useTranslation } from '@/i18n/i18n';
import { ExampleCompare } from './example-compare';
import { example } from './examples';

/** The island of the prerendered landing page that hydrates the hero's slider (decision 021). */
export const HERO_COMPARE_ISLAND = 'hero-compare';

/**
 * The hero's before/after slider over the furnished real pair (the page's largest paint). The same
 * for every engine: this island hydrates without the page's configuration.
 */
export function HeroCompare() {
  const { t } = useTranslation('landing');
  return (
    <ExampleCompare
      example={example('furnish')}
      priority
      initial={40}
      sizes="(min-width: 1024px) 420px, min(calc(100vw - 2rem), 24rem)"
      label={t('hero.compareLabel')}
      className="rounded-xl"
      data-testid="hero-compare"
    />
  );
}
