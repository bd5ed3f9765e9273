import type { Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js loads only on the billing screens, the first time a payment form is shown: the
 * `@stripe/stripe-js` module is imported here on demand, and it adds the script from js.stripe.com.
 * One promise per page (Stripe asks for a single instance); a failed load may be tried again.
 */
let pending: { key: string; promise: Promise<Stripe | null> } | null = null;

export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  if (pending?.key === publishableKey) return pending.promise;
  const promise = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
  pending = { key: publishableKey, promise };
  promise.catch(() => {
    if (pending?.promise === promise) pending = null;
  });
  return promise;
}
