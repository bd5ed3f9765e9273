/** Stripe's clock for tests: renewals at the period end, and paying a failed invoice again. */
import { periodEndAfter } from './billing-periods.js';
import { attachedPaymentMethod, liveCustomer } from './customers.js';
import { FakeStripeError, stripeErrors } from './errors.js';
import {
  collectInvoice,
  commitInvoice,
  draftInvoice,
  emitPaymentOutcome,
  invoiceOf,
  type InvoiceLineInput,
} from './invoices.js';
import type { WireInvoice, WireSubscription } from './objects.js';
import { previousAttributes, type FakeStripeStore } from './store.js';
import {
  chargeablePaymentMethod,
  endSubscription,
  itemLabel,
  priceOf,
  subscriptionOf,
} from './subscription-parts.js';
import { phaseStartingAt } from './subscription-schedules.js';

export interface RenewalResult {
  subscription: WireSubscription;
  /** The renewal invoice, or null when the subscription ended at the period end instead. */
  invoice: WireInvoice | null;
}

/**
 * Moves a subscription to its next period as Stripe's clock would: ends it if
 * `cancel_at_period_end` is set, otherwise bills the new period (plus pending prorations) and
 * marks it `past_due` if that charge fails.
 */
export function advanceBillingPeriod(store: FakeStripeStore, id: string): RenewalResult {
  const subscription = subscriptionOf(store, id);
  if (
    subscription.status === 'canceled' ||
    subscription.status === 'incomplete' ||
    subscription.status === 'incomplete_expired'
  ) {
    throw new Error(
      `fake-stripe: cannot advance a subscription with status ${subscription.status}`,
    );
  }
  const customer = liveCustomer(store, subscription.customer);
  const periodEnd = subscription.items.data[0].current_period_end;
  if (subscription.cancel_at_period_end) {
    endSubscription(store, subscription, periodEnd);
    return { subscription, invoice: null };
  }
  const before = structuredClone(subscription);
  const scheduled = phaseStartingAt(store, subscription, periodEnd);
  if (scheduled.cancel) {
    endSubscription(store, subscription, periodEnd);
    return { subscription, invoice: null };
  }
  if (scheduled.phase) {
    // The schedule's next phase takes over the items from this renewal on (§1.4).
    const oldInterval = subscription.items.data[0].price.recurring;
    scheduled.phase.items.forEach((phaseItem, index) => {
      const item = subscription.items.data[index];
      if (!item) return;
      item.price = structuredClone(priceOf(store, phaseItem.price, 'price'));
      item.plan = store.plan(item.price);
      item.quantity = phaseItem.quantity;
    });
    const newInterval = subscription.items.data[0].price.recurring;
    if (newInterval.interval !== oldInterval.interval || newInterval.interval_count !== oldInterval.interval_count) {
      subscription.billing_cycle_anchor = periodEnd;
    }
  }
  const { interval, interval_count } = subscription.items.data[0].price.recurring;
  const period = {
    start: periodEnd,
    end: periodEndAfter(subscription.billing_cycle_anchor, periodEnd, interval, interval_count),
  };
  for (const item of subscription.items.data) {
    item.current_period_start = period.start;
    item.current_period_end = period.end;
  }
  const pending = store.pendingProrations.get(id) ?? [];
  store.pendingProrations.delete(id);
  const lines: InvoiceLineInput[] = [
    ...pending.map((p) => ({
      subscriptionItem: p.subscriptionItem,
      price: p.price,
      quantity: 1,
      amount: p.amount,
      period: p.period,
      proration: true,
      description: p.description,
    })),
    ...subscription.items.data.map((item) => ({
      subscriptionItem: item.id,
      price: item.price,
      quantity: item.quantity,
      amount: item.price.unit_amount * item.quantity,
      period,
      proration: false,
      description: itemLabel(item.price, item.quantity),
    })),
  ];
  const invoice = draftInvoice(
    store,
    subscription,
    customer,
    'subscription_cycle',
    lines,
    period.start,
  );
  const paid = collectInvoice(
    store,
    invoice,
    chargeablePaymentMethod(subscription, customer),
    id,
    period.start,
  );
  subscription.status = paid ? 'active' : 'past_due';
  subscription.latest_invoice = invoice.id;
  store.emit(
    'customer.subscription.updated',
    subscription,
    previousAttributes(before, subscription),
  );
  commitInvoice(store, invoice);
  return { subscription, invoice };
}

/** Pays an open invoice again (`POST /v1/invoices/:id/pay`); a paid retry brings the subscription back to `active`. */
export function payInvoice(
  store: FakeStripeStore,
  invoice: WireInvoice,
  paymentMethodId?: string,
): WireInvoice {
  if (invoice.status !== 'open')
    throw stripeErrors.invalidRequest(`Invoice is already ${invoice.status}`);
  const subscription = subscriptionOf(store, invoice.parent.subscription_details.subscription);
  const customer = liveCustomer(store, invoice.customer);
  if (paymentMethodId) attachedPaymentMethod(store, customer, paymentMethodId, 'payment_method');
  const paid = collectInvoice(
    store,
    invoice,
    paymentMethodId ?? chargeablePaymentMethod(subscription, customer),
    subscription.id,
    store.now(),
  );
  emitPaymentOutcome(store, invoice);
  if (!paid) throw stripeErrors.cardDeclined();
  if (subscription.latest_invoice === invoice.id && subscription.status !== 'canceled') {
    const before = structuredClone(subscription);
    subscription.status = 'active';
    const changed = previousAttributes(before, subscription);
    if (Object.keys(changed).length > 0)
      store.emit('customer.subscription.updated', subscription, changed);
  }
  return invoice;
}

export function retryLatestInvoice(store: FakeStripeStore, subscriptionId: string): WireInvoice {
  const subscription = subscriptionOf(store, subscriptionId);
  if (!subscription.latest_invoice)
    throw new Error(`fake-stripe: ${subscriptionId} has no invoice`);
  try {
    return payInvoice(store, invoiceOf(store, subscription.latest_invoice));
  } catch (error) {
    if (error instanceof FakeStripeError && error.status === 402)
      return invoiceOf(store, subscription.latest_invoice);
    throw error;
  }
}

/**
 * Stripe's last retry of a `past_due` subscription's open invoice fails and retries are exhausted
 * (billing reference §1.5): `invoice.payment_failed` with `next_payment_attempt: null`, then the
 * subscription becomes `unpaid` (`customer.subscription.updated`) or `canceled` with
 * `cancellation_details.reason: payment_failed` (`customer.subscription.deleted`), per the
 * account's Dashboard setting, chosen here by `outcome`.
 */
export function exhaustPaymentRetries(
  store: FakeStripeStore,
  subscriptionId: string,
  outcome: 'canceled' | 'unpaid',
): WireSubscription {
  const subscription = subscriptionOf(store, subscriptionId);
  if (subscription.status !== 'past_due') {
    throw new Error(`fake-stripe: only a past_due subscription exhausts its retries (is ${subscription.status})`);
  }
  const invoice = subscription.latest_invoice ? invoiceOf(store, subscription.latest_invoice) : null;
  if (!invoice || invoice.status !== 'open') throw new Error(`fake-stripe: ${subscriptionId} has no open invoice`);
  const now = store.now();
  invoice.attempted = true;
  invoice.attempt_count++;
  invoice.next_payment_attempt = null;
  emitPaymentOutcome(store, invoice);
  if (outcome === 'unpaid') {
    const before = structuredClone(subscription);
    subscription.status = 'unpaid';
    store.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
  } else {
    subscription.cancellation_details.reason = 'payment_failed';
    subscription.canceled_at = now;
    endSubscription(store, subscription, now);
  }
  return subscription;
}
