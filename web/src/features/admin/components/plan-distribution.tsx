import { useTranslation } from '@/i18n/i18n';
import type { AdminUsersResponse } from '@contract/admin';
import { PLANS, type PlanId } from '@contract/plans';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { formatEurFromCents, formatPercent, langOf } from '../format';

export const PLAN_COLOUR: Record<PlanId, string> = {
  free: 'var(--muted-foreground)',
  pro: 'var(--primary)',
  business: 'var(--chart-payment)',
};

/** Share of a plan in percent, one decimal (0 when there are no users). */
export const planShare = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 1000) / 10 : 0);

export function PlanDistribution({
  counts,
  revenue,
  total,
  className,
}: {
  counts: AdminUsersResponse['userCounts'] | undefined;
  /** Monthly revenue per plan in cents (yearly / 12). */
  revenue?: AdminUsersResponse['planRevenue'];
  total: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  return (
    <Card className={cn('flex flex-col', className)} data-testid="plan-distribution">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('users.distribution.title')}</CardTitle>
        <CardDescription>{t('users.distribution.description')}</CardDescription>
      </CardHeader>
      <div className="space-y-4 px-6 pb-6">
        {counts && total > 0 && (
          <div className="flex h-3 gap-0.5 overflow-hidden rounded-full bg-muted" aria-hidden>
            {counts.map(({ plan, count }) => (
              <span key={plan} style={{ width: `${(count / total) * 100}%`, backgroundColor: PLAN_COLOUR[plan] }} />
            ))}
          </div>
        )}
        {!counts
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-6 w-full" />)
          : counts.map(({ plan, count }) => {
              const share = planShare(count, total);
              const mrr = revenue?.find((r) => r.plan === plan)?.mrr;
              return (
                <div key={plan} data-testid={`plan-${plan}`}>
                  <div className="flex items-center justify-between gap-3 text-sm">
                    <span className="flex items-center gap-2 font-medium">
                      <span className="size-2.5 rounded-full" style={{ backgroundColor: PLAN_COLOUR[plan] }} aria-hidden />
                      {PLANS[plan].name[lang]}
                    </span>
                    <span className="tabular-nums text-muted-foreground">
                      <span className="font-semibold text-foreground">{t('users.distribution.users', { count })}</span> · {formatPercent(share, lang)}
                    </span>
                  </div>
                  {plan !== 'free' && mrr !== undefined && (
                    <p className="mt-0.5 pl-[1.125rem] text-xs tabular-nums text-muted-foreground" data-testid={`plan-revenue-${plan}`}>
                      {t('users.distribution.revenue', { amount: formatEurFromCents(mrr, lang) })}
                    </p>
                  )}
                </div>
              );
            })}
      </div>
    </Card>
  );
}
