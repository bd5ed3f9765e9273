import { useTranslation, type TFunction } from '@/i18n/i18n';
import type { BillingCycle } from '@contract/plans';
import { yearlySavingRange } from '@contract/plans';
import { cn } from '@/lib/class-names';

/** "−25 %" when every paid plan saves the same, else "−8 to −25 %": true for each plan (contract/ prices). */
function savingLabel(t: TFunction): string | undefined {
  const range = yearlySavingRange();
  if (!range) return undefined;
  return range.min === range.max ? t('pricing.save', { percent: range.max }) : t('pricing.saveRange', range);
}

/** Monthly/yearly switch: two toggle buttons in a group (the pressed one is the active cycle). */
export function BillingCycleSwitch({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange(cycle: BillingCycle): void;
}) {
  const { t } = useTranslation('landing');
  const option = (cycle: BillingCycle, label: string, extra?: string) => (
    <button
      type="button"
      aria-pressed={value === cycle}
      onClick={() => onChange(cycle)}
      data-testid={`cycle-${cycle}`}
      className={cn(
        'inline-flex h-10 cursor-pointer items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm sm:px-5 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        value === cycle
          ? 'bg-foreground text-background shadow-sm'
          : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
      {extra && (
        <span
          className={cn(
            'whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
            value === cycle
              ? 'bg-primary text-primary-foreground'
              : 'bg-primary/10 text-[oklch(0.45_0.13_42)] dark:text-primary',
          )}
        >
          {extra}
        </span>
      )}
    </button>
  );
  return (
    <div
      role="group"
      aria-label={t('pricing.cycleLabel')}
      className="inline-flex items-center gap-1 rounded-full border bg-card p-1 shadow-xs"
    >
      {option('monthly', t('pricing.monthly'))}
      {option(
        'yearly',
        t('pricing.yearly'),
        savingLabel(t),
      )}
    </div>
  );
}
