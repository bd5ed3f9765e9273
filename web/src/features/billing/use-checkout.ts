import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { PaidPlanId, SubscriptionSetupResponse } from '@contract/billing';
import { POST_PAYMENT_RELOAD_MS } from '@contract/limits';
import { PLANS, type BillingCycle } from '@contract/plans';
import { trackEvent } from '@/lib/analytics';
import { usePublishableKey } from './api/get-billing-config';
import { useCompleteSubscription } from './api/complete-subscription';
import { useStartCheckout, type CheckoutSource } from './api/start-checkout';
import { langOf, isEmbedded } from './billing-format';
import { errorCode, errorStatus, useBillingToasts } from './billing-toasts';
import { billingNavigation, popupCompletionUrl } from './billing-navigation';
import { usePopupCheckout } from './use-popup-checkout';

export type CheckoutState =
  | { step: 'plans'; starting: { planId: PaidPlanId; cycle: BillingCycle } | null }
  | { step: 'payment'; planId: PaidPlanId; cycle: BillingCycle; setup: SubscriptionSetupResponse; done: boolean }
  | { step: 'popup'; planId: PaidPlanId; cycle: BillingCycle };

export interface UseCheckoutOptions {
  /** The modal calls create-setup-intent; the upgrade page get-or-create-subscription. */
  source: CheckoutSource;
  /**
   * `complete` (default): complete here, toast, then reload (modal) or go to the dashboard (page).
   * `handoff`: this page runs in the checkout popup; the completion page finishes and closes it.
   */
  afterConfirm?: 'complete' | 'handoff';
}

/**
 * Spec §4 subscription flow for a paid plan: a SetupIntent (loading), the payment form, Stripe's
 * confirmSetup (redirect only if required), complete-subscription, a success toast and a reload
 * after POST_PAYMENT_RELOAD_MS. Inside a frame the checkout runs in a popup window instead.
 */
export function useCheckout({ source, afterConfirm = 'complete' }: UseCheckoutOptions) {
  const { i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);
  const toasts = useBillingToasts();
  const { key: publishableKey, isLoading: configLoading } = usePublishableKey();
  const start = useStartCheckout(source);
  const complete = useCompleteSubscription();
  const [state, setState] = useState<CheckoutState>({ step: 'plans', starting: null });
  const popup = usePopupCheckout({
    onCompleted: () => billingNavigation.later(POST_PAYMENT_RELOAD_MS, () => billingNavigation.reload()),
    onEnded: () => setState({ step: 'plans', starting: null }),
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const startFailedKey = source === 'modal' ? 'toast.initFailed' : 'toast.startFailed';

  async function begin(planId: PaidPlanId, cycle: BillingCycle) {
    setState({ step: 'plans', starting: { planId, cycle } });
    try {
      const setup = await start.mutateAsync({ planId, billingCycle: cycle });
      if (mounted.current) setState({ step: 'payment', planId, cycle, setup, done: false });
    } catch (error) {
      if (!mounted.current) return;
      setState({ step: 'plans', starting: null });
      if (errorCode(error) === 'billing_not_configured') toasts.configError();
      else if (errorStatus(error) === 401) toasts.authRequired();
      else if (errorStatus(error) === 409) toasts.failed('toast.errorTitle', startFailedKey, error);
      else toasts.failed('toast.errorTitle', startFailedKey);
    }
  }

  return {
    state,
    publishableKey,
    configLoading,
    busy: state.step === 'plans' && state.starting !== null,

    /** A paid plan was chosen (counts a checkout click). */
    choose(planId: PaidPlanId, cycle: BillingCycle) {
      trackEvent('checkout_click');
      if (!configLoading && !publishableKey) {
        toasts.configError();
        return;
      }
      if (isEmbedded()) {
        // Opened synchronously inside the click, so pop-up blockers allow it.
        if (popup.open(planId, cycle)) setState({ step: 'popup', planId, cycle });
        return;
      }
      void begin(planId, cycle);
    },

    back() {
      popup.cancel();
      setState({ step: 'plans', starting: null });
    },

    focusPopup: popup.focus,

    returnUrl(planId: PaidPlanId, cycle: BillingCycle) {
      return new URL(`/subscribe-popup?plan=${planId}&cycle=${cycle}`, window.location.origin).toString();
    },

    async confirmed(setupIntentId: string) {
      if (state.step !== 'payment') return;
      const { planId, cycle, setup } = state;
      if (afterConfirm === 'handoff') {
        setState({ ...state, done: true });
        billingNavigation.assign(popupCompletionUrl({ clientSecret: setup.clientSecret, setupIntentId, planId, cycle }));
        return;
      }
      try {
        const result = await complete.mutateAsync(source === 'modal' ? { setupIntentId, planId, billingCycle: cycle } : { setupIntentId });
        const planName = PLANS[result.subscriptionPlan].name[lang];
        if (result.outcome === 'changed') toasts.success('toast.planChangedTitle', 'toast.planChanged', planName);
        else if (source === 'modal') toasts.success('toast.subscribedTitle', 'toast.subscribed', planName);
        else toasts.success('toast.paymentSuccessTitle', 'toast.paymentSuccess', planName);
        if (mounted.current) setState({ ...state, done: true });
        billingNavigation.later(POST_PAYMENT_RELOAD_MS, () => (source === 'modal' ? billingNavigation.reload() : billingNavigation.assign('/dashboard')));
      } catch (error) {
        if (errorStatus(error) === 402) toasts.failed('toast.paymentErrorTitle', 'toast.completeFailed', error);
        else toasts.failed(source === 'modal' ? 'toast.subscriptionFailedTitle' : 'toast.errorTitle', 'toast.completeFailed', error);
        // A used SetupIntent cannot take another card: start a fresh one for the same plan.
        if (mounted.current) await begin(planId, cycle);
      }
    },

    confirmError(message: string | undefined) {
      toasts.provider(source === 'modal' ? 'toast.setupFailedTitle' : 'toast.paymentErrorTitle', message);
    },
  };
}
