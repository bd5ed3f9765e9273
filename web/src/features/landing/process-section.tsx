import { Download, Upload, WandSparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { MAX_IMAGES_PER_PROJECT } from '@contract/limits';
import { SectionHeading } from './section-heading';

const STEPS: { key: string; icon: LucideIcon }[] = [
  { key: 'upload', icon: Upload },
  { key: 'magic', icon: WandSparkles },
  { key: 'download', icon: Download },
];

/** Spec §1: the three-step process — upload, AI magic, download. */
export function ProcessSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="how-it-works"
      aria-labelledby="process-title"
      className="scroll-mt-20 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="process-title"
          eyebrow={t('process.eyebrow')}
          title={t('process.title')}
        />
        <div className="relative mt-14">
          <div
            className="absolute left-[16.6%] right-[16.6%] top-7 hidden border-t-2 border-dashed border-primary/25 md:block"
            aria-hidden
          />
          <ol className="relative grid gap-10 md:grid-cols-3 md:gap-8">
            {STEPS.map(({ key, icon: Icon }, index) => (
              <li key={key} className="relative flex flex-col items-center text-center">
                <span className="relative flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/25 ring-8 ring-background">
                  <Icon className="size-6" aria-hidden />
                </span>
                <p className="mt-6 text-xs font-semibold uppercase tracking-wider text-primary">
                  {t('process.step', { n: index + 1 })}
                </p>
                <h3 className="mt-1.5 text-xl font-semibold tracking-tight">
                  {t(`process.${key}.title`)}
                </h3>
                <p className="mt-2 max-w-xs text-pretty text-sm leading-relaxed text-muted-foreground">
                  {t(`process.${key}.text`, { images: MAX_IMAGES_PER_PROJECT })}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
