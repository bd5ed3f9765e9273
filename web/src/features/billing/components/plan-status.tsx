import { CalendarClock, CalendarX2, ExternalLink, Loader2, RotateCcw } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { BillingStateResponse } from '@contract/billing';
import { PLANS } from '@contract/plans';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { useOpenPortal, useResumePlan } from '../api/subscription-actions';
import { useBillingToasts } from '../billing-toasts';
import { formatBillingDate, langOf } from '../billing-format';

/**
 * Where a paid plan stands (decision 017): "Renews on", "Ends on … / Keep my plan", or a
 * downgrade "from …"; and "Manage billing" (Stripe's customer portal). Nothing on the free plan.
 */
export function PlanStatus({ state, className, onCancelPlan }: { state: BillingStateResponse; className?: string; onCancelPlan?: () => void }) {
  const { t, i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);
  const resume = useResumePlan();
  const portal = useOpenPortal();
  const toasts = useBillingToasts();
  if (state.subscriptionPlan === 'free') return null;
  const plan = PLANS[state.subscriptionPlan].name[lang];
  const cycle = state.billingCycle === 'yearly' ? t('cycle.yearly') : t('cycle.monthly');
  const date = (iso: string) => formatBillingDate(iso, lang);
  const ending = state.cancelAtPeriodEnd && state.currentPeriodEnd;
  const scheduled = !ending && state.scheduledChange;

  const keep = () =>
    resume.mutate(undefined, {
      onSuccess: () => toasts.success('toast.keptTitle', 'toast.kept', plan),
      onError: (error) => toasts.failed('toast.errorTitle', 'toast.keepFailed', error),
    });
  const openPortal = () => portal.mutate(undefined, { onError: (error) => toasts.failed('toast.errorTitle', 'toast.portalFailed', error) });

  return (
    <div
      className={cn('flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5', ending ? 'border-warning/50 bg-warning/10' : 'bg-muted/40', className)}
      data-testid="plan-status"
    >
      <div className="flex min-w-0 gap-3">
        {ending ? <CalendarX2 className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden /> : <CalendarClock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />}
        <div className="min-w-0 text-sm">
          <p className="font-semibold">
            {plan} · {cycle}
          </p>
          {ending ? (
            <p data-testid="plan-ends-on">{t('status.endsOn', { date: date(state.currentPeriodEnd!) })}</p>
          ) : scheduled ? (
            <p data-testid="plan-scheduled">
              {t('status.changesOn', {
                plan: PLANS[scheduled.plan].name[lang],
                cycle: scheduled.billingCycle === 'yearly' ? t('cycle.yearly') : t('cycle.monthly'),
                date: date(scheduled.at),
              })}
            </p>
          ) : state.currentPeriodEnd ? (
            <p className="text-muted-foreground" data-testid="plan-renews-on">
              {t('status.renewsOn', { date: date(state.currentPeriodEnd) })}
            </p>
          ) : null}
          {ending && <p className="mt-0.5 text-muted-foreground">{t('status.endsNote')}</p>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
        {(ending || scheduled) && (
          <Button size="sm" onClick={keep} disabled={resume.isPending} data-testid="keep-plan">
            {resume.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
            {ending ? t('status.keepPlan') : t('status.keepCurrent')}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={openPortal} disabled={portal.isPending} data-testid="manage-billing">
          {portal.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ExternalLink aria-hidden />}
          {t('status.manageBilling')}
        </Button>
        {onCancelPlan && !ending && (
          <Button size="sm" variant="ghost" className="text-muted-foreground" onClick={onCancelPlan} data-testid="cancel-plan">
            {t('status.cancelPlan')}
          </Button>
        )}
      </div>
    </div>
  );
}
