import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import { PLANS, type BillingCycle } from '@contract/plans';
import { userStats } from '@contract/user-stats';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/class-names';
import { useBillingState } from './api/get-billing-state';
import { useDowngradeToFree } from './api/downgrade-to-free';
import { hasLiveSubscription, langOf } from './billing-format';
import { useBillingToasts } from './billing-toasts';
import { BillingCycleToggle } from './components/billing-cycle-toggle';
import { ChangePlanDialog, type PlanTarget } from './components/change-plan-dialog';
import { PlanStatus } from './components/plan-status';
import { CheckoutView } from './components/checkout-view';
import { DowngradeDialog } from './components/downgrade-dialog';
import { PastDueNotice, PopupWaitingNotice, PurchaseUnavailableNotice } from './components/notices';
import { PlanGrid } from './components/plan-grid';
import { UsageBar } from './components/usage-bar';
import { useCheckout } from './use-checkout';

/**
 * Spec §2 subscription modal: usage, the monthly/yearly toggle, three plan cards. From free a paid
 * plan opens the full-screen checkout; between paid plans the change is confirmed with Stripe's
 * preview (issue #11); free asks for confirmation and ends the plan at the period end (decision 017).
 */
export default function SubscriptionModal({ user, open, onOpenChange }: { user: UserResponse; open: boolean; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);
  const stats = userStats(user);
  const billing = useBillingState(open);
  const checkout = useCheckout({ source: 'modal' });
  const purchasable = checkout.configLoading || Boolean(checkout.publishableKey);
  const downgrade = useDowngradeToFree();
  const toasts = useBillingToasts();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [confirmFree, setConfirmFree] = useState(false);
  const [changeTarget, setChangeTarget] = useState<PlanTarget | null>(null);
  const subscribed = hasLiveSubscription(billing.data);
  const ending = Boolean(billing.data?.cancelAtPeriodEnd);

  const currentCycle = billing.data?.billingCycle ?? null;
  useEffect(() => {
    if (currentCycle) setCycle(currentCycle);
  }, [currentCycle]);

  const state = checkout.state;
  const inCheckout = state.step === 'payment';
  const current = { plan: user.subscriptionPlan, cycle: currentCycle };

  function confirmDowngrade() {
    downgrade.mutate(undefined, {
      onSuccess: () => {
        setConfirmFree(false);
        toasts.downgraded();
      },
      onError: () => {
        setConfirmFree(false);
        toasts.downgradeFailed();
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="subscription-modal"
        className={cn(
          inCheckout
            ? 'left-0 top-0 h-dvh max-h-dvh w-screen max-w-none translate-x-0 translate-y-0 content-start rounded-none lg:content-center border-0 p-5 sm:p-10'
            : 'max-w-5xl gap-6 p-5 sm:p-8',
        )}
      >
        {inCheckout ? (
          <>
            <DialogTitle className="sr-only">{t('modal.title')}</DialogTitle>
            <DialogDescription className="sr-only">{t('checkout.paymentText')}</DialogDescription>
            <CheckoutView
              className="mx-auto w-full max-w-5xl"
              plan={PLANS[state.planId]}
              cycle={state.cycle}
              onBack={checkout.back}
              publishableKey={checkout.publishableKey ?? ''}
              clientSecret={state.setup.clientSecret}
              returnUrl={checkout.returnUrl(state.planId, state.cycle)}
              submitLabel={user.subscriptionPlan === 'free' ? t('checkout.complete') : t('checkout.completeChange')}
              onConfirmed={checkout.confirmed}
              onConfirmError={checkout.confirmError}
              locked={state.done}
            />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle className="text-2xl font-bold tracking-tight">{t('modal.title')}</DialogTitle>
              <DialogDescription>{t('modal.subtitle')}</DialogDescription>
            </DialogHeader>
            <div className="grid items-end gap-5 rounded-2xl border bg-muted/40 p-4 sm:grid-cols-[1fr_auto] sm:p-5">
              <UsageBar used={stats.creditsUsed} limit={stats.creditsLimit} />
              <BillingCycleToggle value={cycle} onChange={setCycle} className="justify-self-start sm:justify-self-end" />
            </div>
            {billing.data?.pastDue && <PastDueNotice />}
            {billing.data && billing.data.subscriptionPlan !== 'free' && <PlanStatus state={billing.data} />}
            {!purchasable && <PurchaseUnavailableNotice />}
            {state.step === 'popup' && <PopupWaitingNotice onFocus={checkout.focusPopup} onCancel={checkout.back} />}
            <PlanGrid
              cycle={cycle}
              current={current}
              popularLabel={t('plan.mostPopular')}
              starting={state.step === 'plans' && state.starting ? state.starting.planId : null}
              locked={state.step === 'popup'}
              purchasable={purchasable}
              onChoosePaid={(planId) => (subscribed ? setChangeTarget({ plan: planId, cycle }) : checkout.choose(planId, cycle))}
              freeAction={
                ending
                  ? { label: t('plan.ending'), onClick: () => undefined, disabled: true }
                  : { label: user.subscriptionPlan === 'free' ? t('plan.downgrade') : t('status.cancelPlan'), onClick: () => setConfirmFree(true) }
              }
            />
          </>
        )}
      </DialogContent>
      <ChangePlanDialog target={changeTarget} onOpenChange={(next) => !next && setChangeTarget(null)} />
      <DowngradeDialog
        open={confirmFree}
        endsOn={billing.data?.currentPeriodEnd ?? null}
        planName={PLANS[user.subscriptionPlan].name[lang]}
        busy={downgrade.isPending}
        onConfirm={confirmDowngrade}
        onOpenChange={setConfirmFree}
      />
    </Dialog>
  );
}
