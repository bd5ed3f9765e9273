import { useTranslation } from '@/i18n/i18n';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/class-names';

/** Credits used of the limit with a progress bar (spec §2 "current usage"). */
export function UsageBar({ used, limit, className }: { used: number; limit: number; className?: string }) {
  const { t } = useTranslation('billing');
  const safeLimit = Math.max(1, limit);
  const percent = Math.min(100, Math.round((used / safeLimit) * 100));
  const remaining = Math.max(0, limit - used);
  return (
    <div className={cn('space-y-2', className)} data-testid="usage-bar">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{t('usage.label')}</span>
        <span className="text-muted-foreground tabular-nums" data-testid="usage-value">
          {t('usage.value', { used, limit })} · {t('usage.remaining', { remaining })}
        </span>
      </div>
      <Progress
        value={percent}
        aria-label={t('usage.value', { used, limit })}
        indicatorClassName={percent >= 90 ? 'bg-warning' : undefined}
      />
    </div>
  );
}
