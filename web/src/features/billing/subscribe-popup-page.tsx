import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { Link, useSearch } from 'wouter';
import { PAID_PLAN_IDS, type PaidPlanId } from '@contract/billing';
import { POPUP_CLOSE_MS } from '@contract/limits';
import { BILLING_CYCLES, PLANS, type BillingCycle } from '@contract/plans';
import { Button } from '@/components/ui/button';
import { useCompleteSubscription } from './api/complete-subscription';
import { langOf } from './billing-format';
import { billingNavigation, CHECKOUT_COMPLETE_MESSAGE, type CheckoutCompleteMessage } from './billing-navigation';
import { errorStatus, useBillingToasts } from './billing-toasts';

type View =
  | { kind: 'invalid' }
  | { kind: 'completing' }
  | { kind: 'success'; plan: string }
  | { kind: 'error'; title: string; message: string };

/** Reads the spec's parameters, or the ones Stripe appends when it redirects back after 3-D Secure. */
function readParams(search: string) {
  const params = new URLSearchParams(search);
  const clientSecret = params.get('client_secret') ?? params.get('setup_intent_client_secret');
  const setupIntentId = params.get('setup_intent_id') ?? params.get('setup_intent');
  const plan = params.get('plan');
  const cycle = params.get('cycle');
  const valid = Boolean(clientSecret && setupIntentId && clientSecret.startsWith(`${setupIntentId}_secret_`));
  return {
    valid,
    setupIntentId: setupIntentId ?? '',
    planId: (PAID_PLAN_IDS as readonly string[]).includes(plan ?? '') ? (plan as PaidPlanId) : undefined,
    billingCycle: (BILLING_CYCLES as readonly string[]).includes(cycle ?? '') ? (cycle as BillingCycle) : undefined,
    failedRedirect: params.get('redirect_status') === 'failed',
  };
}

/**
 * Spec §2 /subscribe-popup: completes the subscription of a confirmed SetupIntent, shows success
 * and a closing note, and closes the window after POPUP_CLOSE_MS. Opened by the checkout popup or
 * reached through Stripe's return URL; when the window cannot close, it continues to /dashboard.
 */
export default function SubscribePopupPage() {
  const { t, i18n } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const lang = langOf(i18n.language);
  const params = readParams(useSearch());
  const complete = useCompleteSubscription();
  const toasts = useBillingToasts();
  const serverErrorText = useServerErrorText();
  const [view, setView] = useState<View>(params.valid ? { kind: 'completing' } : { kind: 'invalid' });
  const started = useRef(false);

  useEffect(() => {
    if (!params.valid || started.current) return;
    started.current = true;
    if (params.failedRedirect) {
      setView({ kind: 'error', title: t('toast.setupFailedTitle'), message: t('toast.completeFailed') });
      return;
    }
    const body = params.planId && params.billingCycle ? { setupIntentId: params.setupIntentId, planId: params.planId, billingCycle: params.billingCycle } : { setupIntentId: params.setupIntentId };
    complete.mutate(body, {
      onSuccess: (result) => {
        const plan = PLANS[result.subscriptionPlan].name[lang];
        setView({ kind: 'success', plan });
        const opener = window.opener as Window | null;
        if (opener) {
          const message: CheckoutCompleteMessage = { type: CHECKOUT_COMPLETE_MESSAGE, outcome: result.outcome, plan: result.subscriptionPlan };
          opener.postMessage(message, window.location.origin);
        }
        billingNavigation.later(POPUP_CLOSE_MS, () => {
          billingNavigation.close();
          // Not a popup (Stripe's return URL): the browser keeps the window open; carry on.
          billingNavigation.later(300, () => billingNavigation.assign('/dashboard'));
        });
      },
      onError: (error) => {
        const status = errorStatus(error);
        const title = status === 401 ? t('toast.authRequiredTitle') : status === 402 ? t('toast.paymentErrorTitle') : t('toast.errorTitle');
        const message = status === 401 ? t('toast.authRequired') : serverErrorText(error, t('toast.completeFailed'));
        setView({ kind: 'error', title, message });
        toasts.failed(status === 402 ? 'toast.paymentErrorTitle' : 'toast.errorTitle', 'toast.completeFailed', error);
      },
    });
  }, [params.valid, params.failedRedirect, params.setupIntentId, params.planId, params.billingCycle, complete, lang, t, toasts, serverErrorText]);

  return (
    <main className="grid min-h-dvh place-items-center bg-muted/40 px-4 py-10" data-testid="subscribe-popup">
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 text-center shadow-xl" role="status" aria-live="polite">
        <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-tight">
          <svg viewBox="0 0 32 32" className="size-6" aria-hidden>
            <rect width="32" height="32" rx="8" className="fill-primary" />
            <path d="M7 15.5 16 8l9 7.5V25a1 1 0 0 1-1 1h-5v-6h-6v6H8a1 1 0 0 1-1-1z" className="fill-primary-foreground" />
          </svg>
          {tc('common.appName')}
        </p>
        {view.kind === 'completing' && (
          <div className="mt-6 flex flex-col items-center gap-4">
            <Loader2 className="size-10 animate-spin text-primary" aria-hidden />
            <h1 className="text-xl font-semibold tracking-tight">{t('popup.completing')}</h1>
          </div>
        )}
        {view.kind === 'success' && (
          <div className="mt-6 flex flex-col items-center gap-3" data-testid="popup-success">
            <CheckCircle2 className="size-12 text-success" aria-hidden />
            <h1 className="text-2xl font-bold tracking-tight">{t('popup.successTitle')}</h1>
            <p className="text-muted-foreground">{t('popup.successText', { plan: view.plan })}</p>
            <p className="mt-2 text-sm text-muted-foreground" data-testid="popup-closing">
              {t('popup.closing')}
            </p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              <Button variant="outline" onClick={() => billingNavigation.close()}>
                {t('popup.closeNow')}
              </Button>
              <Button asChild>
                <a href="/dashboard">{t('popup.continue')}</a>
              </Button>
            </div>
          </div>
        )}
        {(view.kind === 'invalid' || view.kind === 'error') && (
          <div className="mt-6 flex flex-col items-center gap-3" data-testid={view.kind === 'invalid' ? 'popup-invalid' : 'popup-error'}>
            <AlertCircle className="size-12 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold tracking-tight">{view.kind === 'invalid' ? t('popup.invalidTitle') : view.title}</h1>
            <p className="text-muted-foreground">{view.kind === 'invalid' ? t('popup.invalidText') : view.message}</p>
            <Button asChild className="mt-4">
              <Link href="/subscribe">{t('popup.backToPlans')}</Link>
            </Button>
          </div>
        )}
      </div>
    </main>
  );
}
