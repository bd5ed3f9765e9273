import { Loader2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { PaidPlanId } from '@contract/billing';
import { PLANS, type BillingCycle } from '@contract/plans';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useChangePlan, useChangePreview } from '../api/subscription-actions';
import { useBillingToasts } from '../billing-toasts';
import { euroCents, formatBillingDate, langOf } from '../billing-format';

export interface PlanTarget {
  plan: PaidPlanId;
  cycle: BillingCycle;
}

/**
 * A change between paid plans, confirmed with Stripe's own numbers (issue #11): an upgrade shows the
 * prorated amount charged now (VAT included) and takes effect at once; a downgrade shows the date it
 * takes effect and that nothing is charged now.
 */
export function ChangePlanDialog({ target, onOpenChange }: { target: PlanTarget | null; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const lang = langOf(i18n.language);
  const preview = useChangePreview(target);
  const change = useChangePlan();
  const toasts = useBillingToasts();
  const p = preview.data;
  const planName = target ? PLANS[target.plan].name[lang] : '';
  const cycleName = target?.cycle === 'yearly' ? t('cycle.yearly') : t('cycle.monthly');

  const confirm = (event: MouseEvent) => {
    event.preventDefault();
    if (!target) return;
    change.mutate(
      { plan: target.plan, cycle: target.cycle, ...(p?.prorationDate ? { prorationDate: p.prorationDate } : {}) },
      {
        onSuccess: (result) => {
          onOpenChange(false);
          if (result.outcome === 'upgraded') toasts.success('toast.planChangedTitle', 'toast.planChanged', planName);
          else toasts.success('toast.changeScheduledTitle', 'toast.changeScheduled', planName);
        },
        onError: (error) => toasts.failed('toast.errorTitle', 'toast.changeFailed', error),
      },
    );
  };

  return (
    <AlertDialog open={target !== null} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <AlertDialogContent data-testid="change-plan-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('change.title', { plan: planName, cycle: cycleName })}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-3">
              {preview.isPending && target ? (
                <Skeleton className="h-16 w-full" />
              ) : preview.isError ? (
                <p>{t('change.previewFailed')}</p>
              ) : p?.kind === 'downgrade' ? (
                <p data-testid="change-downgrade">{t('change.downgradeText', { date: formatBillingDate(p.effectiveAt, lang), amount: euroCents(p.totalCents) })}</p>
              ) : p ? (
                <>
                  <p>{t('change.upgradeText')}</p>
                  <dl className="rounded-xl border bg-muted/40 p-3 text-sm text-foreground">
                    <div className="flex justify-between gap-4">
                      <dt>{t('change.net')}</dt>
                      <dd className="tabular-nums">{euroCents(p.amountDueNowCents - (p.taxCents ?? 0))}</dd>
                    </div>
                    {p.taxCents > 0 && (
                      <div className="flex justify-between gap-4">
                        <dt>{t('change.vat')}</dt>
                        <dd className="tabular-nums">{euroCents(p.taxCents)}</dd>
                      </div>
                    )}
                    <div className="mt-1 flex justify-between gap-4 border-t pt-1 font-semibold">
                      <dt>{t('change.dueNow')}</dt>
                      <dd className="tabular-nums" data-testid="change-due-now">
                        {euroCents(p.amountDueNowCents)}
                      </dd>
                    </div>
                  </dl>
                </>
              ) : null}
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={change.isPending}>{tc('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction disabled={change.isPending || !p} onClick={confirm} data-testid="change-confirm">
            {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {p?.kind === 'downgrade' ? t('change.confirmDowngrade') : t('change.confirmUpgrade', { amount: p ? euroCents(p.amountDueNowCents) : '' })}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
