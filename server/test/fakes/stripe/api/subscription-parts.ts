/** Pieces shared by the subscription operations: lookups, items, payment method and behaviour params. */
import { stripeErrors } from './errors.js';
import { formatPrice } from './invoices.js';
import type { WireCustomer, WirePrice, WireSubscription, WireSubscriptionItem } from './objects.js';
import type { ParamReader } from './params.js';
import { previousAttributes, type FakeStripeStore } from './store.js';

export const PAYMENT_BEHAVIORS = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
] as const;
export type PaymentBehavior = (typeof PAYMENT_BEHAVIORS)[number];
export const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const;
export type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];

export function subscriptionOf(store: FakeStripeStore, id: string): WireSubscription {
  const subscription = store.subscriptions.get(id);
  if (!subscription) throw stripeErrors.resourceMissing('subscription', id);
  return subscription;
}

export function priceOf(store: FakeStripeStore, id: string, param: string): WirePrice {
  const price = store.prices.get(id);
  if (!price) throw stripeErrors.resourceMissing('price', id, param);
  return price;
}

export function itemLabel(price: WirePrice, quantity: number) {
  return `${quantity} × ${price.nickname ?? price.product} (at ${formatPrice(price)})`;
}

export function newItem(
  store: FakeStripeStore,
  subscriptionId: string,
  price: WirePrice,
  quantity: number,
  period: { start: number; end: number },
  metadata: Record<string, string>,
): WireSubscriptionItem {
  return {
    id: store.newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: store.now(),
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata,
    plan: store.plan(price),
    price: structuredClone(price),
    quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

/** All items share one billing period; Stripe refuses mixed intervals or currencies. */
export function assertCompatible(items: Array<{ price: WirePrice }>) {
  const [first, ...rest] = items;
  for (const item of rest) {
    if (
      item.price.recurring.interval !== first.price.recurring.interval ||
      item.price.recurring.interval_count !== first.price.recurring.interval_count
    ) {
      throw stripeErrors.invalidParam(
        'items',
        'Currency and interval fields must match across all plans on a subscription.',
      );
    }
    if (item.price.currency !== first.price.currency) {
      throw stripeErrors.invalidParam(
        'items',
        'Currency and interval fields must match across all plans on a subscription.',
      );
    }
  }
}

/** The payment method Stripe charges: the subscription's default, else the customer's. */
export function chargeablePaymentMethod(
  subscription: WireSubscription,
  customer: WireCustomer,
): string | null {
  return subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
}

export function noPaymentMethodError() {
  return stripeErrors.invalidRequest(
    'This customer has no attached payment source or default payment method. ' +
      'Please consider adding a default payment method.',
    'resource_missing',
  );
}

export function readPaymentBehavior(params: ParamReader, allowPending: boolean): PaymentBehavior {
  const behavior = params.oneOf('payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete';
  if (behavior === 'pending_if_incomplete' && !allowPending) {
    throw stripeErrors.invalidParam(
      'payment_behavior',
      'payment_behavior=pending_if_incomplete is only supported on updates.',
    );
  }
  if (behavior === 'pending_if_incomplete') {
    // Real Stripe keeps the change in `pending_update`; the fake does not model that.
    throw stripeErrors.invalidParam(
      'payment_behavior',
      'fake-stripe does not implement payment_behavior=pending_if_incomplete.',
    );
  }
  return behavior;
}

export function endSubscription(
  store: FakeStripeStore,
  subscription: WireSubscription,
  at: number,
) {
  const before = structuredClone(subscription);
  subscription.status = 'canceled';
  subscription.canceled_at = subscription.canceled_at ?? at;
  subscription.ended_at = at;
  subscription.cancel_at = subscription.cancel_at_period_end ? subscription.cancel_at : null;
  subscription.cancellation_details.reason =
    subscription.cancellation_details.reason ?? 'cancellation_requested';
  store.pendingProrations.delete(subscription.id);
  store.emit(
    'customer.subscription.deleted',
    subscription,
    previousAttributes(before, subscription),
  );
}
