import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { Loader2, Lock } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTheme } from '@/lib/theme';
import { langOf } from './billing-format';
import { loadStripeOnce } from './stripe-loader';

export interface PaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the browser back if a payment method needs a redirect (3-D Secure page, bank). */
  returnUrl: string;
  submitLabel: string;
  /** The card is saved (SetupIntent succeeded); resolves when the subscription is complete. */
  onConfirmed(setupIntentId: string): Promise<void>;
  /** Stripe refused the card or could not confirm; the message is Stripe's own, written for customers. */
  onConfirmError(message: string | undefined): void;
  /** After success the form stays locked until the page reloads. */
  locked?: boolean;
}

const appearance = (dark: boolean): Appearance => ({
  theme: dark ? 'night' : 'stripe',
  variables: {
    colorPrimary: dark ? '#e08a5b' : '#b4552c',
    borderRadius: '10px',
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
});

type LoadState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/**
 * The Stripe Payment Element and the button that confirms the SetupIntent. This module (and with
 * it @stripe/react-stripe-js and Stripe.js) loads only when a checkout is shown.
 */
export default function PaymentForm(props: PaymentFormProps) {
  const { t, i18n } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const { theme } = useTheme();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setLoad({ status: 'loading' });
    // The key arrives with GET /api/config; until then the form shows its placeholder.
    if (!props.publishableKey) return;
    loadStripeOnce(props.publishableKey).then(
      (stripe) => active && setLoad(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      () => active && setLoad({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [props.publishableKey, attempt]);

  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret: props.clientSecret, locale: langOf(i18n.language), appearance: appearance(theme === 'dark') }),
    [props.clientSecret, i18n.language, theme],
  );

  if (load.status === 'failed') {
    return (
      <Alert variant="destructive" title={t('checkout.loadFailed')} action={<Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>{tc('common.retry')}</Button>} />
    );
  }
  if (load.status === 'loading') return <FormSkeleton label={t('checkout.loadingForm')} />;
  return (
    // The key remounts Elements when the SetupIntent, language or theme changes (Elements keeps its first options).
    <Elements key={`${props.clientSecret}-${options.locale}-${theme}`} stripe={load.stripe} options={options}>
      <ConfirmSetupForm {...props} />
    </Elements>
  );
}

function FormSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-3" aria-busy="true" aria-label={label} data-testid="payment-form-loading">
      <Skeleton className="h-11 w-full" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-11 w-2/3" />
    </div>
  );
}

function ConfirmSetupForm({ returnUrl, submitLabel, onConfirmed, onConfirmError, locked }: PaymentFormProps) {
  const { t } = useTranslation('billing');
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || working) return;
    setWorking(true);
    try {
      const result = await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
      if (result.error) {
        onConfirmError(result.error.message);
      } else if (result.setupIntent.status !== 'succeeded') {
        onConfirmError(undefined);
      } else {
        await onConfirmed(result.setupIntent.id);
      }
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-5" data-testid="payment-form">
      <div className="relative min-h-36">
        {!ready && (
          <div className="absolute inset-0">
            <FormSkeleton label={t('checkout.loadingForm')} />
          </div>
        )}
        <div className={ready ? undefined : 'opacity-0'}>
          <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !ready || working || locked} aria-busy={working || undefined} data-testid="complete-subscription">
        {working ? <Loader2 className="animate-spin" aria-hidden /> : <Lock aria-hidden />}
        {working ? t('checkout.working') : submitLabel}
      </Button>
    </form>
  );
}
