/**
 * `POST /v1/invoices/create_preview` (billing reference §1.3): the invoice a subscription change
 * would produce, computed by the same code as the update itself, stored nowhere.
 * - with `subscription`: `subscription_details` is applied to a copy; `always_invoice` or an
 *   interval change gives the invoice billed now (proration lines marked
 *   `parent.subscription_item_details.proration`), `create_prorations` the next renewal invoice
 *   with the waiting prorations;
 * - without `subscription`: the first invoice of a new subscription with `subscription_details.items`.
 * `default_tax_rates` in the details and `automatic_tax[enabled]` are honoured as on subscriptions.
 */
import { periodEndAfter } from './billing-periods.js';
import { liveCustomer } from './customers.js';
import { stripeErrors } from './errors.js';
import { draftInvoice, type InvoiceLineInput } from './invoices.js';
import type { WireInvoice, WireSubscription } from './objects.js';
import { paramPath, ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';
import { planSubscriptionUpdate, readAutomaticTax } from './subscription-changes.js';
import { itemLabel, priceOf, subscriptionOf } from './subscription-parts.js';
import { readTaxRates } from './tax-rates.js';

const DETAIL_KEYS = ['items', 'proration_behavior', 'proration_date', 'default_tax_rates', 'cancel_at_period_end', 'cancel_at'];

function renewalLines(subscription: WireSubscription): InvoiceLineInput[] {
  const { interval, interval_count } = subscription.items.data[0].price.recurring;
  const start = subscription.items.data[0].current_period_end;
  const period = { start, end: periodEndAfter(subscription.billing_cycle_anchor, start, interval, interval_count) };
  return subscription.items.data.map((item) => ({
    subscriptionItem: item.id,
    price: item.price,
    quantity: item.quantity,
    amount: item.price.unit_amount * item.quantity,
    period,
    proration: false,
    description: itemLabel(item.price, item.quantity),
  }));
}

function previewNewSubscription(store: FakeStripeStore, customerId: string, details: ParamReader, automaticTax: boolean): WireInvoice {
  const customer = liveCustomer(store, customerId, 'customer');
  const itemParams = details.objects('items');
  if (!itemParams || itemParams.length === 0) throw stripeErrors.parameterMissing('subscription_details[items]');
  const now = store.now();
  const requested = itemParams.map((item, index) => {
    item.allowOnly(['price', 'quantity']);
    const price = priceOf(store, item.requiredString('price'), paramPath('subscription_details', 'items', index, 'price'));
    return { price, quantity: item.integer('quantity') ?? 1 };
  });
  const { interval, interval_count } = requested[0].price.recurring;
  const period = { start: now, end: periodEndAfter(now, now, interval, interval_count) };
  // Only what draftInvoice reads of a subscription; the preview has no subscription yet.
  const shell = {
    id: '',
    currency: requested[0].price.currency,
    metadata: {},
    default_tax_rates: readTaxRates(store, details, 'default_tax_rates') ?? [],
    automatic_tax: { disabled_reason: null, enabled: automaticTax, liability: null },
  } as unknown as WireSubscription;
  return draftInvoice(
    store,
    shell,
    customer,
    'subscription_create',
    requested.map((r, index) => ({
      subscriptionItem: `preview_item_${index}`,
      price: r.price,
      quantity: r.quantity,
      amount: r.price.unit_amount * r.quantity,
      period,
      proration: false,
      description: itemLabel(r.price, r.quantity),
    })),
    now,
    { preview: true },
  );
}

function createPreview(store: FakeStripeStore, params: ParamReader): WireInvoice {
  params.allowOnly(['customer', 'subscription', 'subscription_details', 'automatic_tax', 'preview_mode', 'expand']);
  params.oneOf('preview_mode', ['next', 'recurring'] as const);
  const details = params.object('subscription_details')?.allowOnly(DETAIL_KEYS);
  const automaticTax = readAutomaticTax(params);
  const subscriptionId = params.string('subscription');
  if (!subscriptionId) {
    const customerId = params.string('customer');
    if (!customerId) throw stripeErrors.parameterMissing('customer');
    if (!details) throw stripeErrors.parameterMissing('subscription_details');
    return previewNewSubscription(store, customerId, details, automaticTax ?? false);
  }
  const subscription = subscriptionOf(store, subscriptionId);
  const customerId = params.string('customer');
  if (customerId && customerId !== subscription.customer) {
    throw stripeErrors.invalidParam('customer', `The subscription ${subscriptionId} does not belong to customer ${customerId}.`);
  }
  if (subscription.status === 'canceled') throw stripeErrors.invalidRequest('No upcoming invoices for canceled subscriptions.');
  if (details?.has('proration_date') && !details.has('items')) {
    // Billing reference §1.3: proration_date "needs subscription plus items or trial_end" (no trial_end here).
    throw stripeErrors.invalidParam('subscription_details[proration_date]', 'proration_date requires subscription_details[items] when previewing a subscription change.');
  }
  const customer = liveCustomer(store, subscription.customer);
  const planned = planSubscriptionUpdate(store, subscription, details ?? new ParamReader({}, ['subscription_details']), { preview: true });
  if (automaticTax !== undefined) planned.draft.automatic_tax.enabled = automaticTax;
  if (planned.invoice) return planned.invoice;
  const queued = (store.pendingProrations.get(subscription.id) ?? []).map((p) => ({ ...p, quantity: 1, proration: true, subscriptionItem: p.subscriptionItem }));
  const lines = [...queued, ...planned.pending, ...renewalLines(planned.draft)];
  return draftInvoice(store, planned.draft, customer, 'subscription_cycle', lines, planned.draft.items.data[0].current_period_end, { preview: true });
}

export function invoicePreviewRoutes(store: FakeStripeStore): Route[] {
  return [route('POST', '/v1/invoices/create_preview', ({ params }) => createPreview(store, params))];
}
