import { useTranslation } from '@/i18n/i18n';
import { STYLES } from '@contract/styles';
import { SampleCompare } from './sample-compare';
import { SAMPLES } from './samples';
import { SectionHeading } from './section-heading';

/** The island of the prerendered landing page that hydrates the gallery's sliders (decision 021). */
export const DESIGNS_ISLAND = 'designs';

/** The gallery's items: the samples after the hero's, each a before/after slider with its style and room. */
export function DesignsGallery() {
  const { t, i18n } = useTranslation('landing');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  // The hero already shows the first sample; the gallery shows the others.
  return SAMPLES.slice(1).map((sample) => {
    const styleName = STYLES[sample.style].name[lang];
    return (
      <li key={sample.id}>
        <figure className="overflow-hidden rounded-2xl border bg-card shadow-sm">
          <SampleCompare
            sample={sample}
            initial={40}
            sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
            label={t('designs.compareLabel', { style: styleName })}
          />
          <figcaption className="flex items-center justify-between gap-3 px-4 py-3.5">
            <span className="font-semibold">{styleName}</span>
            <span className="text-sm text-muted-foreground">
              {t(`designs.rooms.${sample.room}`)}
            </span>
          </figcaption>
        </figure>
      </li>
    );
  });
}

/** Spec §1 "designs": before/after pairs staged by our own engine from our own sample photos. */
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
          eyebrow={t('designs.eyebrow')}
          title={t('designs.title')}
        >
          {t('designs.subtitle')}
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-island={DESIGNS_ISLAND}>
          <DesignsGallery />
        </ul>
      </div>
    </section>
  );
}
