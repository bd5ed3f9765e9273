import type { BillingCycle } from '@contract/plans';

/** Page navigation of the billing flow, in one object so tests can watch it (jsdom cannot navigate). */
export const billingNavigation = {
  reload: () => window.location.reload(),
  assign: (url: string) => window.location.assign(url),
  later: (ms: number, run: () => void) => window.setTimeout(run, ms),
  close: () => window.close(),
};

/** The message a completed popup checkout sends to the window that opened it. */
export const CHECKOUT_COMPLETE_MESSAGE = 'raumwerk:subscription-complete';

export interface CheckoutCompleteMessage {
  type: typeof CHECKOUT_COMPLETE_MESSAGE;
  outcome: 'subscribed' | 'changed';
  plan: string;
}

/** /subscribe-popup with what it needs to complete (spec §2: client_secret, setup_intent_id, plan). */
export function popupCompletionUrl(input: { clientSecret: string; setupIntentId: string; planId: string; cycle: BillingCycle }): string {
  const query = new URLSearchParams({ client_secret: input.clientSecret, setup_intent_id: input.setupIntentId, plan: input.planId, cycle: input.cycle });
  return `/subscribe-popup?${query.toString()}`;
}
