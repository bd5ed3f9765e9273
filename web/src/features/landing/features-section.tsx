import {
  Columns2,
  Maximize2,
  Palette,
  ShieldCheck,
  Sparkles,
  Timer,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { MAX_IMAGES_PER_PROJECT } from '@contract/limits';
import { STYLE_IDS } from '@contract/styles';
import { useLandingVariant } from './landing-variant';
import { SectionHeading } from './section-heading';

const FEATURES: { key: string; icon: LucideIcon }[] = [
  { key: 'realistic', icon: Sparkles },
  { key: 'styles', icon: Palette },
  { key: 'compare', icon: Columns2 },
  { key: 'fast', icon: Timer },
  { key: 'quality', icon: Maximize2 },
  { key: 'privacy', icon: ShieldCheck },
];

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  // The preview engine draws illustrations: it is not promised photorealism (decision 039).
  const preview = useLandingVariant() === 'preview';
  const keyOf = (key: string) => (preview && key === 'realistic' ? 'realisticPreview' : key);
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow={t('features.eyebrow')}
          title={t('features.title')}
        >
          {t('features.subtitle')}
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="group rounded-2xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md sm:p-7"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-primary ring-1 ring-primary/10">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold tracking-tight">
                {t(`features.${keyOf(key)}.title`, { count: STYLE_IDS.length })}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {t(`features.${keyOf(key)}.text`, { images: MAX_IMAGES_PER_PROJECT })}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
