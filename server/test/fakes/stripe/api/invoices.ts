/**
 * Subscription invoices: drafting lines, applying the customer's credit balance, collecting
 * payment with the test switches (declined cards, "fail next payment"), and the invoice routes.
 */
import { liveCustomer } from './customers.js';
import { stripeErrors } from './errors.js';
import {
  wireList,
  type InvoiceBillingReason,
  type WireCustomer,
  type WireInvoice,
  type WireInvoiceLine,
  type WirePrice,
  type WireSubscription,
} from './objects.js';
import type { ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';
import { sumTaxes, taxesFor } from './tax-rates.js';

const RETRY_AFTER_FAILURE_S = 3 * 86_400;

export interface InvoiceLineInput {
  subscriptionItem: string;
  price: WirePrice;
  quantity: number;
  amount: number;
  period: { start: number; end: number };
  proration: boolean;
  description: string;
}

export function invoiceOf(store: FakeStripeStore, id: string): WireInvoice {
  const invoice = store.invoices.get(id);
  if (!invoice) throw stripeErrors.resourceMissing('invoice', id);
  return invoice;
}

export function formatPrice(price: WirePrice): string {
  const symbol =
    price.currency === 'eur'
      ? '€'
      : price.currency === 'usd'
        ? '$'
        : `${price.currency.toUpperCase()} `;
  const every =
    price.recurring.interval_count > 1
      ? `every ${price.recurring.interval_count} ${price.recurring.interval}s`
      : price.recurring.interval;
  return `${symbol}${(price.unit_amount / 100).toFixed(2)} / ${every}`;
}

/** A finalized (`open`) invoice, not yet stored: callers store it once the operation commits. */
export function draftInvoice(
  store: FakeStripeStore,
  subscription: WireSubscription,
  customer: WireCustomer,
  billingReason: InvoiceBillingReason,
  lines: InvoiceLineInput[],
  at: number,
  options: { preview?: boolean } = {},
): WireInvoice {
  // A preview is not stored and has no number. Its id prefix is not confirmed against the live API.
  const id = options.preview ? `upcoming_${store.newId('in')}` : store.newId('in');
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  // The subscription's default tax rates apply to every line (billing reference §1.6).
  const lineTaxes = lines.map((line) => taxesFor(line.amount, subscription.default_tax_rates ?? []));
  const totalTaxes = sumTaxes(lineTaxes);
  const exclusiveTax = totalTaxes.filter((t) => t.tax_behavior === 'exclusive').reduce((sum, t) => sum + t.amount, 0);
  const inclusiveTax = totalTaxes.filter((t) => t.tax_behavior === 'inclusive').reduce((sum, t) => sum + t.amount, 0);
  const total = subtotal + exclusiveTax;
  // A negative customer balance is credit (e.g. from a downgrade) and is used up first.
  const balanceAfter = total + customer.balance;
  const amountDue = Math.max(0, balanceAfter);
  return {
    id,
    object: 'invoice',
    account_country: 'DE',
    account_name: 'Raumwerk (fake-stripe)',
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: subscription.automatic_tax?.enabled ?? false,
      liability: null,
      provider: null,
      status: subscription.automatic_tax?.enabled ? 'complete' : null,
    },
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    created: at,
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: at,
    ending_balance: Math.min(0, balanceAfter),
    hosted_invoice_url: null,
    invoice_pdf: null,
    last_finalization_error: null,
    lines: wireList(
      lines.map((line, index) => invoiceLine(store, id, subscription.id, line, lineTaxes[index] ?? [])),
      `/v1/invoices/${id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: options.preview ? null : store.nextInvoiceNumber(customer),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: { ...subscription.metadata },
        subscription: subscription.id,
      },
    },
    period_end: at,
    period_start: at,
    starting_balance: customer.balance,
    status: options.preview ? 'draft' : 'open',
    status_transitions: {
      finalized_at: options.preview ? null : at,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal - inclusiveTax,
    total,
    total_excluding_tax: total - exclusiveTax - inclusiveTax,
    total_taxes: totalTaxes,
    webhooks_delivered_at: at,
  };
}

function invoiceLine(
  store: FakeStripeStore,
  invoiceId: string,
  subscriptionId: string,
  line: InvoiceLineInput,
  taxes: WireInvoiceLine['taxes'],
): WireInvoiceLine {
  return {
    id: store.newId('il'),
    object: 'line_item',
    amount: line.amount,
    currency: line.price.currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: line.proration ? store.newId('ii') : null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: subscriptionId,
        subscription_item: line.subscriptionItem,
      },
    },
    period: { ...line.period },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: line.price.id, product: line.price.product },
      unit_amount_decimal: line.price.unit_amount_decimal,
    },
    quantity: line.quantity,
    quantity_decimal: String(line.quantity),
    subscription: subscriptionId,
    subtotal: line.amount,
    taxes,
  };
}

/**
 * Tries to collect an open invoice. Returns whether it is paid. Does not store anything: the
 * caller commits the invoice (and the customer balance via `commitInvoice`).
 */
export function collectInvoice(
  store: FakeStripeStore,
  invoice: WireInvoice,
  paymentMethodId: string | null,
  subscriptionId: string,
  at: number,
): boolean {
  if (invoice.amount_remaining === 0) {
    markPaid(invoice, at);
    return true;
  }
  invoice.attempted = true;
  invoice.attempt_count++;
  // `failNextChargeOf` is one-shot: the delete consumes it.
  const declined =
    !paymentMethodId ||
    store.declineAllCharges ||
    store.decliningPaymentMethods.has(paymentMethodId) ||
    store.failNextChargeOf.delete(subscriptionId);
  if (declined) {
    invoice.next_payment_attempt = at + RETRY_AFTER_FAILURE_S;
    return false;
  }
  invoice.default_payment_method = paymentMethodId;
  markPaid(invoice, at);
  return true;
}

function markPaid(invoice: WireInvoice, at: number) {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_remaining;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = at;
}

/** Stores the invoice, books the customer balance and emits the events Stripe sends for it. */
export function commitInvoice(store: FakeStripeStore, invoice: WireInvoice) {
  store.invoices.set(invoice.id, invoice);
  const customer = liveCustomer(store, invoice.customer);
  customer.balance = invoice.ending_balance ?? customer.balance;
  store.emit('invoice.created', invoice);
  store.emit('invoice.finalized', invoice);
  emitPaymentOutcome(store, invoice);
}

export function emitPaymentOutcome(store: FakeStripeStore, invoice: WireInvoice) {
  if (invoice.status === 'paid') {
    store.emit('invoice.paid', invoice);
    store.emit('invoice.payment_succeeded', invoice);
  } else if (invoice.attempted) {
    store.emit('invoice.payment_failed', invoice);
  }
}

/** What `expand[]=latest_invoice.confirmation_secret` shows: a client secret while payment is due. */
export function confirmationSecretOf(invoice: WireInvoice): WireInvoice['confirmation_secret'] {
  if (invoice.status !== 'open' || invoice.amount_remaining === 0) return null;
  return { client_secret: `pi_${invoice.id.slice(3)}_secret_fake`, type: 'payment_intent' };
}

function listInvoices(store: FakeStripeStore, params: ParamReader) {
  params.allowOnly(['customer', 'subscription', 'status', 'limit', 'starting_after', 'expand']);
  const customer = params.string('customer');
  const subscription = params.string('subscription');
  const status = params.oneOf('status', [
    'draft',
    'open',
    'paid',
    'uncollectible',
    'void',
  ] as const);
  const matching = [...store.invoices.values()]
    .filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined ||
          invoice.parent.subscription_details.subscription === subscription) &&
        (status === undefined || invoice.status === status),
    )
    .reverse();
  return paginate(matching, params, '/v1/invoices');
}

/** Stripe's cursor pagination: newest first, `limit` 1..100 (default 10), `starting_after` an id. */
export function paginate<T extends { id: string }>(items: T[], params: ParamReader, url: string) {
  const limit = params.integer('limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw stripeErrors.invalidParam(
      'limit',
      'This value must be greater than or equal to 1 and less than or equal to 100.',
    );
  }
  const after = params.string('starting_after');
  let start = 0;
  if (after !== undefined) {
    const index = items.findIndex((item) => item.id === after);
    if (index === -1)
      throw stripeErrors.invalidParam(
        'starting_after',
        `No such object: '${after}'`,
        'resource_missing',
      );
    start = index + 1;
  }
  const page = items.slice(start, start + limit);
  return wireList(page, url, start + limit < items.length);
}

export function invoiceRoutes(
  store: FakeStripeStore,
  payInvoice: (invoice: WireInvoice, paymentMethodId: string | undefined) => WireInvoice,
): Route[] {
  return [
    route('GET', '/v1/invoices', ({ params }) => listInvoices(store, params)),
    route('GET', '/v1/invoices/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      return invoiceOf(store, path.id);
    }),
    route('POST', '/v1/invoices/:id/pay', ({ params, path }) => {
      params.allowOnly(['payment_method', 'off_session', 'expand']);
      params.boolean('off_session');
      return payInvoice(invoiceOf(store, path.id), params.string('payment_method'));
    }),
  ];
}
