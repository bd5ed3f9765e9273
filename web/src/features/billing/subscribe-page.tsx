import { ArrowLeft, LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link, useLocation, useSearch } from 'wouter';
import { PAID_PLAN_IDS, type PaidPlanId } from '@contract/billing';
import { UPGRADE_PAGE_FALLBACK_CREDIT_LIMIT } from '@contract/limits';
import { BILLING_CYCLES, PLANS, type BillingCycle } from '@contract/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth, useLogout } from '@/lib/auth';
import { SERVER_SIGN_IN_PATH, useAuthEntry } from '@/lib/auth-entry';
import { openAppModal } from '@/lib/modal-bus';
import { useBillingState } from './api/get-billing-state';
import { hasLiveSubscription, langOf } from './billing-format';
import { billingNavigation } from './billing-navigation';
import { useBillingToasts } from './billing-toasts';
import { BillingCycleToggle } from './components/billing-cycle-toggle';
import { ChangePlanDialog, type PlanTarget } from './components/change-plan-dialog';
import { CheckoutView } from './components/checkout-view';
import { PastDueNotice, PopupWaitingNotice, PurchaseUnavailableNotice } from './components/notices';
import { PlanGrid } from './components/plan-grid';
import { UsageBar } from './components/usage-bar';
import { useCheckout } from './use-checkout';

const LOGIN_REDIRECT_MS = 1500;

function readQuery(search: string) {
  const params = new URLSearchParams(search);
  const plan = params.get('plan');
  const cycle = params.get('cycle');
  return {
    plan: (PAID_PLAN_IDS as readonly string[]).includes(plan ?? '') ? (plan as PaidPlanId) : null,
    cycle: (BILLING_CYCLES as readonly string[]).includes(cycle ?? '') ? (cycle as BillingCycle) : null,
    /** Opened by the checkout popup of an embedded app (see use-popup-checkout.ts). */
    popup: params.get('popup') === '1' && typeof window !== 'undefined' && window.opener !== null,
  };
}

/**
 * Spec §2 upgrade page /subscribe: current plan and usage (limit falls back to 50), three plans
 * with Recommended and Current badges, the cycle switch, and the card form once a paid plan is
 * chosen. Visitors: free leads to sign-up; a paid plan asks them to sign in first.
 */
export default function SubscribePage() {
  const { t, i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);
  const { user, isLoading } = useAuth();
  const logout = useLogout();
  const [, navigate] = useLocation();
  // With OpenID Connect configured, "Create account" goes to the provider too (issue #12 item 11).
  const authEntry = useAuthEntry();
  const query = readQuery(useSearch());
  const billing = useBillingState(Boolean(user));
  const checkout = useCheckout({ source: 'page', afterConfirm: query.popup ? 'handoff' : 'complete' });
  const toasts = useBillingToasts();
  const [cycle, setCycle] = useState<BillingCycle>(query.cycle ?? 'monthly');
  const [changeTarget, setChangeTarget] = useState<PlanTarget | null>(null);
  const subscribed = hasLiveSubscription(billing.data);

  const currentCycle = billing.data?.billingCycle ?? null;
  useEffect(() => {
    if (currentCycle && !query.cycle) setCycle(currentCycle);
  }, [currentCycle, query.cycle]);

  // In the popup window the plan was chosen already: go straight to the card form.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!query.popup || !query.plan || !user || checkout.configLoading || autoStarted.current) return;
    autoStarted.current = true;
    checkout.choose(query.plan, query.cycle ?? 'monthly');
  }, [query.popup, query.plan, query.cycle, user, checkout]);

  function choosePaid(planId: PaidPlanId) {
    if (!user) {
      toasts.authRequired();
      billingNavigation.later(LOGIN_REDIRECT_MS, () => billingNavigation.assign('/api/login'));
      return;
    }
    // A live subscription changes plan in place (up now, down at the renewal; decision 031).
    if (subscribed) setChangeTarget({ plan: planId, cycle });
    else checkout.choose(planId, cycle);
  }

  const state = checkout.state;
  const inCheckout = state.step === 'payment';
  // The card form replaces the plans: start it at the top, not where the chosen card was.
  useEffect(() => {
    if (inCheckout) window.scrollTo({ top: 0 });
  }, [inCheckout]);
  const planName = user ? PLANS[user.subscriptionPlan].name[lang] : null;
  // Billing not configured: plans are shown, not sold (issue #26).
  const purchasable = checkout.configLoading || Boolean(checkout.publishableKey);

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12" data-testid="subscribe-page">
      {user && !query.popup && (
        <nav aria-label={t('page.eyebrow')} className="mb-8 flex items-center justify-between gap-3">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link href="/dashboard" data-testid="back-to-dashboard">
              <ArrowLeft aria-hidden />
              {t('page.backToDashboard')}
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => logout('/api/logout')} data-testid="subscribe-logout">
            <LogOut aria-hidden />
            {t('page.logout')}
          </Button>
        </nav>
      )}

      {state.step === 'payment' ? (
        <CheckoutView
          headingLevel="h1"
          plan={PLANS[state.planId]}
          cycle={state.cycle}
          onBack={query.popup ? undefined : checkout.back}
          publishableKey={checkout.publishableKey ?? ''}
          clientSecret={state.setup.clientSecret}
          returnUrl={checkout.returnUrl(state.planId, state.cycle)}
          submitLabel={t('checkout.pay')}
          onConfirmed={checkout.confirmed}
          onConfirmError={checkout.confirmError}
          locked={state.done}
        />
      ) : (
        <>
          <header className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t('page.eyebrow')}</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('page.title')}</h1>
            <p className="mt-3 text-muted-foreground text-pretty">{t('page.subtitle')}</p>
          </header>

          {user && (
            <div className="mx-auto mt-8 grid max-w-3xl gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:grid-cols-[auto_1fr] sm:items-center sm:gap-8" data-testid="current-plan">
              <div>
                <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{t('plan.currentBadge')}</p>
                <p className="mt-1 flex items-center gap-2 text-xl font-semibold tracking-tight">
                  {planName}
                  {currentCycle && <Badge variant="secondary">{t(`cycle.${currentCycle}`)}</Badge>}
                </p>
              </div>
              <UsageBar used={user.creditsUsed} limit={user.creditsLimit || UPGRADE_PAGE_FALLBACK_CREDIT_LIMIT} />
            </div>
          )}
          {billing.data?.pastDue && <PastDueNotice />}
          {!purchasable && (
            <div className="mx-auto mt-8 max-w-3xl">
              <PurchaseUnavailableNotice />
            </div>
          )}

          <div className="mt-10 flex justify-center">
            <BillingCycleToggle value={cycle} onChange={setCycle} />
          </div>
          {state.step === 'popup' && (
            <div className="mx-auto mt-6 max-w-3xl">
              <PopupWaitingNotice onFocus={checkout.focusPopup} onCancel={checkout.back} />
            </div>
          )}
          <PlanGrid
            className="mt-8"
            cycle={cycle}
            current={user ? { plan: user.subscriptionPlan, cycle: currentCycle } : null}
            popularLabel={t('plan.recommended')}
            starting={state.step === 'plans' && state.starting ? state.starting.planId : null}
            locked={isLoading || state.step === 'popup'}
            onChoosePaid={choosePaid}
            purchasable={purchasable}
            freeAction={
              user
                ? { label: t('plan.manage'), onClick: () => openAppModal('subscription') }
                : { label: t('plan.createAccount'), onClick: () => (authEntry.oidc ? billingNavigation.assign(authEntry.signUpPath) : navigate(authEntry.signUpPath)) }
            }
          />
          {!user && !isLoading && (
            <p className="mt-8 text-center text-sm text-muted-foreground">
              {t('page.signInHint')}{' '}
              <a href={SERVER_SIGN_IN_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
                {t('page.signIn')}
              </a>
            </p>
          )}
        </>
      )}
      <ChangePlanDialog target={changeTarget} onOpenChange={(next) => !next && setChangeTarget(null)} />
    </section>
  );
}
