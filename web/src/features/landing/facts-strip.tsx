import { useTranslation } from '@/i18n/i18n';
import { MAX_IMAGES_PER_PROJECT } from '@contract/limits';
import { STYLE_IDS } from '@contract/styles';

/** Four facts under the hero, each taken from the contract constants. */
export function FactsStrip() {
  const { t } = useTranslation('landing');
  const facts = [
    { value: String(STYLE_IDS.length), label: t('facts.styles') },
    { value: t('facts.timeValue'), label: t('facts.time') },
    { value: t('facts.resolutionValue'), label: t('facts.resolution') },
    { value: String(MAX_IMAGES_PER_PROJECT), label: t('facts.images') },
  ];
  return (
    <section aria-label={t('facts.label')} className="border-y bg-card/60">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px px-4 sm:px-6 md:grid-cols-4">
        {facts.map((fact) => (
          <div
            key={fact.label}
            className="flex flex-col items-center gap-1 px-2 py-6 text-center sm:py-8"
          >
            <dt className="order-2 text-sm text-muted-foreground">{fact.label}</dt>
            <dd className="order-1 text-2xl font-bold tracking-tight sm:text-3xl">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
