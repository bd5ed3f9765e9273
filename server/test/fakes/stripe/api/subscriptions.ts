/**
 * Subscriptions: create (first invoice paid at once, or 402 / `incomplete` on a decline depending on
 * `payment_behavior`), cancel, list and retrieve, and the route table (updates live in
 * subscription-changes.ts, renewals in renewals.ts).
 */
import { periodEndAfter } from './billing-periods.js';
import { attachedPaymentMethod, liveCustomer } from './customers.js';
import { stripeErrors } from './errors.js';
import { collectInvoice, commitInvoice, draftInvoice, paginate } from './invoices.js';
import { wireList, type SubscriptionStatus, type WireSubscription } from './objects.js';
import { paramPath, type ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';
import {
  assertCompatible,
  chargeablePaymentMethod,
  endSubscription,
  itemLabel,
  newItem,
  noPaymentMethodError,
  priceOf,
  PRORATION_BEHAVIORS,
  readPaymentBehavior,
  subscriptionOf,
} from './subscription-parts.js';
import { readAutomaticTax, updateSubscription } from './subscription-changes.js';
import { readTaxRates } from './tax-rates.js';

function createSubscription(store: FakeStripeStore, params: ParamReader): WireSubscription {
  params.allowOnly([
    'customer',
    'items',
    'default_payment_method',
    'metadata',
    'payment_behavior',
    'off_session',
    'description',
    'cancel_at_period_end',
    'collection_method',
    'proration_behavior',
    'default_tax_rates',
    'automatic_tax',
    'expand',
  ]);
  const customer = liveCustomer(store, params.requiredString('customer'), 'customer');
  const defaultTaxRates = readTaxRates(store, params, 'default_tax_rates') ?? [];
  const automaticTax = readAutomaticTax(params) ?? false;
  if (automaticTax && defaultTaxRates.length > 0) {
    // §1.6: manual rates and Stripe Tax do not mix on one invoice.
    throw stripeErrors.invalidRequest('You cannot use default_tax_rates together with automatic_tax[enabled]=true.');
  }
  const itemParams = params.objects('items');
  if (!itemParams || itemParams.length === 0) throw stripeErrors.parameterMissing('items');
  if (itemParams.length > 20)
    throw stripeErrors.invalidParam('items', 'A subscription can have at most 20 items.');
  const requested = itemParams.map((item, index) => {
    item.allowOnly(['price', 'quantity', 'metadata']);
    const price = priceOf(store, item.requiredString('price'), paramPath('items', index, 'price'));
    const quantity = item.integer('quantity') ?? 1;
    if (quantity < 1)
      throw stripeErrors.invalidParam(
        paramPath('items', index, 'quantity'),
        'Quantity must be at least 1.',
      );
    return { price, quantity, metadata: item.metadata() };
  });
  assertCompatible(requested);
  const behavior = readPaymentBehavior(params, false);
  params.boolean('off_session');
  params.oneOf('collection_method', ['charge_automatically'] as const);
  params.oneOf('proration_behavior', PRORATION_BEHAVIORS);
  const defaultPaymentMethod = params.string('default_payment_method');
  if (defaultPaymentMethod)
    attachedPaymentMethod(store, customer, defaultPaymentMethod, 'default_payment_method');

  const now = store.now();
  const { interval, interval_count } = requested[0].price.recurring;
  const period = { start: now, end: periodEndAfter(now, now, interval, interval_count) };
  const id = store.newId('sub');
  const subscription: WireSubscription = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: automaticTax, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: requested[0].price.currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: defaultPaymentMethod ?? null,
    default_source: null,
    default_tax_rates: defaultTaxRates,
    description: params.string('description') ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: wireList(
      requested.map((r) => newItem(store, id, r.price, r.quantity, period, r.metadata)),
      `/v1/subscription_items?subscription=${id}`,
    ),
    latest_invoice: null,
    livemode: false,
    metadata: params.metadata(),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
  if (params.boolean('cancel_at_period_end')) {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = period.end;
  }

  const invoice = draftInvoice(
    store,
    subscription,
    customer,
    'subscription_create',
    subscription.items.data.map((item) => ({
      subscriptionItem: item.id,
      price: item.price,
      quantity: item.quantity,
      amount: item.price.unit_amount * item.quantity,
      period,
      proration: false,
      description: itemLabel(item.price, item.quantity),
    })),
    now,
  );
  const paymentMethod = chargeablePaymentMethod(subscription, customer);
  if (behavior !== 'default_incomplete') {
    if (!paymentMethod && invoice.amount_due > 0) throw noPaymentMethodError();
    const paid = collectInvoice(store, invoice, paymentMethod, id, now);
    // error_if_incomplete: a failed first payment creates nothing and answers 402.
    if (!paid && behavior === 'error_if_incomplete') throw stripeErrors.cardDeclined();
    subscription.status = paid ? 'active' : 'incomplete';
  }
  subscription.latest_invoice = invoice.id;
  store.subscriptions.set(id, subscription);
  store.emit('customer.subscription.created', subscription);
  commitInvoice(store, invoice);
  return subscription;
}

function cancelSubscription(
  store: FakeStripeStore,
  id: string,
  params: ParamReader,
): WireSubscription {
  params.allowOnly(['invoice_now', 'prorate', 'cancellation_details', 'expand']);
  params.boolean('invoice_now');
  params.boolean('prorate');
  const subscription = subscriptionOf(store, id);
  const details = params.object('cancellation_details')?.allowOnly(['comment', 'feedback']);
  if (subscription.status === 'canceled') {
    // Not checked against the live API: the exact status and wording for canceling twice.
    throw stripeErrors.invalidRequest('This subscription has already been canceled.');
  }
  subscription.cancellation_details.comment =
    details?.nullableString('comment') ?? subscription.cancellation_details.comment;
  subscription.cancellation_details.feedback =
    details?.nullableString('feedback') ?? subscription.cancellation_details.feedback;
  subscription.cancellation_details.reason = 'cancellation_requested';
  subscription.canceled_at = store.now();
  endSubscription(store, subscription, store.now());
  return subscription;
}

const LIST_STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

function statusFilter(
  status: (typeof LIST_STATUSES)[number] | undefined,
): (s: SubscriptionStatus) => boolean {
  if (status === undefined) return (s) => s !== 'canceled'; // Stripe's default hides canceled ones
  if (status === 'all') return () => true;
  if (status === 'ended') return (s) => s === 'canceled' || s === 'incomplete_expired';
  return (s) => s === status;
}

function listSubscriptions(store: FakeStripeStore, params: ParamReader) {
  params.allowOnly(['customer', 'price', 'status', 'limit', 'starting_after', 'expand']);
  const customer = params.string('customer');
  const price = params.string('price');
  const keep = statusFilter(params.oneOf('status', LIST_STATUSES));
  const matching = [...store.subscriptions.values()]
    .filter(
      (s) =>
        keep(s.status) &&
        (customer === undefined || s.customer === customer) &&
        (price === undefined || s.items.data.some((i) => i.price.id === price)),
    )
    .reverse(); // newest first
  return paginate(matching, params, '/v1/subscriptions');
}

export function subscriptionRoutes(store: FakeStripeStore): Route[] {
  return [
    route('POST', '/v1/subscriptions', ({ params }) => createSubscription(store, params)),
    route('GET', '/v1/subscriptions', ({ params }) => listSubscriptions(store, params)),
    route('GET', '/v1/subscriptions/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      return subscriptionOf(store, path.id);
    }),
    route('POST', '/v1/subscriptions/:id', ({ params, path }) =>
      updateSubscription(store, path.id, params),
    ),
    route('DELETE', '/v1/subscriptions/:id', ({ params, path }) =>
      cancelSubscription(store, path.id, params),
    ),
  ];
}
