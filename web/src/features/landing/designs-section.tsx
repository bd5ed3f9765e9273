import { Info } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { ExampleCompare } from './example-compare';
import { example, type Example } from './examples';
import { useLandingVariant } from './landing-variant';
import { SectionHeading } from './section-heading';

/** The island of the prerendered landing page that hydrates the gallery's sliders (decision 021). */
export const DESIGNS_ISLAND = 'designs';

function ExampleCard({ item }: { item: Example }) {
  const { t } = useTranslation('landing');
  const room = t(`examples.rooms.${item.room}`);
  return (
    <li data-testid={`example-${item.id}`}>
      <figure className="h-full overflow-hidden rounded-2xl border bg-card shadow-sm">
        <ExampleCompare
          example={item}
          initial={45}
          sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
          label={t('examples.compareLabel', { room })}
        />
        <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-5 py-4">
          <span className="font-semibold">{t(`examples.caption.${item.task}`, { room })}</span>
          <span className="text-sm text-muted-foreground">
            {t(item.delivered === 'locked' ? 'examples.locked' : 'examples.raw')}
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

/** What this service stages with when it is the built-in preview engine, in plain words. */
function PreviewEngineCard() {
  const { t } = useTranslation('landing');
  return (
    <li data-testid="examples-preview-engine">
      <div className="flex h-full flex-col rounded-2xl border border-primary/30 bg-card p-6 shadow-sm sm:p-8">
        <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-primary ring-1 ring-primary/10">
          <Info className="size-5" aria-hidden />
        </span>
        <h3 className="mt-5 text-lg font-semibold tracking-tight">{t('examples.preview.title')}</h3>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
          {t('examples.preview.text')}
        </p>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
          {t('examples.preview.examples')}
        </p>
      </div>
    </li>
  );
}

/**
 * The gallery's items: the real living-room pair (the hero shows the other one), then the removal
 * pair where this service can remove furniture, or else what its preview engine does.
 */
export function DesignsGallery() {
  const preview = useLandingVariant() === 'preview';
  return (
    <>
      <ExampleCard item={example('realvibe-living')} />
      {preview ? <PreviewEngineCard /> : <ExampleCard item={example('declutter')} />}
    </>
  );
}

/** Spec §1 "designs": real photos staged by AI models, as Raumwerk delivers them (decision 039). */
export function DesignsSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="designs"
      aria-labelledby="designs-title"
      className="scroll-mt-20 border-y bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="designs-title"
          eyebrow={t('examples.eyebrow')}
          title={t('examples.title')}
        >
          {t('examples.subtitle')}
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-2" data-island={DESIGNS_ISLAND}>
          <DesignsGallery />
        </ul>
        <p className="mt-6 text-center text-xs text-muted-foreground">
          {t('examples.credits')}{' '}
          <a
            href="/impressum#section-photo-credits"
            className="underline underline-offset-4 hover:text-foreground"
          >
            {t('examples.creditsLink')}
          </a>
        </p>
      </div>
    </section>
  );
}
