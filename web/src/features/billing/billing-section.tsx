import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import { PLANS } from '@contract/plans';
import { Button } from '@/components/ui/button';
import { openAppModal } from '@/lib/modal-bus';
import { useBillingState } from './api/get-billing-state';
import { useDowngradeToFree } from './api/downgrade-to-free';
import { langOf } from './billing-format';
import { useBillingToasts } from './billing-toasts';
import { DowngradeDialog } from './components/downgrade-dialog';
import { PastDueNotice } from './components/notices';
import { PlanStatus } from './components/plan-status';
import { CreditPacksPanel } from './components/credit-packs-panel';

/** Settings → "Plan and billing": the plan's status, Keep my plan, Manage billing (Stripe portal), Cancel plan. */
export default function BillingSection({ user }: { user: UserResponse }) {
  const { t, i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);
  const billing = useBillingState(true);
  const downgrade = useDowngradeToFree();
  const toasts = useBillingToasts();
  const [confirm, setConfirm] = useState(false);
  const state = billing.data;

  return (
    <section className="space-y-4" data-testid="billing-section" aria-labelledby="billing-section-title">
      <div>
        <h3 id="billing-section-title" className="font-semibold">
          {t('settings.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('settings.description')}</p>
      </div>
      {!state ? (
        <div className="flex justify-center py-6">
          <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
        </div>
      ) : state.subscriptionPlan === 'free' ? (
        <div className="flex flex-col gap-3 rounded-2xl border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">{t('settings.freePlan')}</p>
          <Button size="sm" onClick={() => openAppModal('subscription')} data-testid="settings-see-plans">
            {t('settings.upgrade')}
          </Button>
        </div>
      ) : (
        <>
          {state.pastDue && <PastDueNotice />}
          <PlanStatus state={state} onCancelPlan={() => setConfirm(true)} />
          <p className="text-xs text-muted-foreground">{t('settings.invoicesHint')}</p>
        </>
      )}
      {state && <CreditPacksPanel />}
      <DowngradeDialog
        open={confirm}
        endsOn={state?.currentPeriodEnd ?? null}
        planName={PLANS[user.subscriptionPlan].name[lang]}
        busy={downgrade.isPending}
        onOpenChange={setConfirm}
        onConfirm={() =>
          downgrade.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              toasts.downgraded();
            },
            onError: () => {
              setConfirm(false);
              toasts.downgradeFailed();
            },
          })
        }
      />
    </section>
  );
}
