import { useTranslation, type TFunction } from '@/i18n/i18n';
import { yearlySavingRange, type BillingCycle } from '@contract/plans';
import { cn } from '@/lib/class-names';

/** The yearly saving for every plan: "−25 %" when all save the same, else "−8 to −25 %" (contract/ prices). */
function savingLabel(t: TFunction): string | undefined {
  const range = yearlySavingRange();
  if (!range) return undefined;
  return range.min === range.max ? t('cycle.discount', { percent: range.max }) : t('cycle.discountRange', range);
}

/** Monthly/yearly switch: two toggle buttons; the yearly one carries the discount label. */
export function BillingCycleToggle({ value, onChange, className }: { value: BillingCycle; onChange(cycle: BillingCycle): void; className?: string }) {
  const { t } = useTranslation('billing');
  const option = (cycle: BillingCycle, label: string, extra?: string) => (
    <button
      type="button"
      aria-pressed={value === cycle}
      onClick={() => onChange(cycle)}
      data-testid={`billing-cycle-${cycle}`}
      className={cn(
        'inline-flex h-9 cursor-pointer items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        value === cycle ? 'bg-foreground text-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
      {extra && (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
            value === cycle ? 'bg-primary text-primary-foreground' : 'bg-primary/10 text-[oklch(0.45_0.13_42)] dark:text-primary',
          )}
          data-testid="yearly-discount"
        >
          {extra}
        </span>
      )}
    </button>
  );
  return (
    <div role="group" aria-label={t('cycle.label')} className={cn('inline-flex items-center gap-1 rounded-full border bg-card p-1 shadow-xs', className)}>
      {option('monthly', t('cycle.monthly'))}
      {option('yearly', t('cycle.yearly'), savingLabel(t))}
    </div>
  );
}
