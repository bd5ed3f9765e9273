/**
 * Checkout Sessions in `payment` mode (one-off purchases with one-time prices), the PaymentIntent
 * and Charge a paid session leaves behind, the post-purchase invoice of `invoice_creation`, and
 * refunds. Only what a one-time purchase integration uses; shapes follow stripe-node 23's
 * `Checkout/Sessions.d.ts`, `PaymentIntents.d.ts`, `Charges.d.ts`, `Refunds.d.ts`.
 *
 * Refused like the real API: a missing `mode`, a mode the fake does not model (`subscription`,
 * `setup`), missing `line_items` or `quantity`, a recurring price in `payment` mode, an unknown
 * price, customer or tax rate, `customer` together with `customer_email`, unknown parameters,
 * paying a session that is no longer open, refunding more than is left, refunding twice.
 *
 * What the customer does on Stripe's hosted page is `payCheckoutSession` (a control route and a
 * stand-in page at `/_fake/checkout/:id`): paid, the session completes and Stripe sends
 * `checkout.session.completed` with `payment_status: "paid"`; declined, the page shows the error,
 * the session stays `open` and no completion event is sent (only `payment_intent.payment_failed`).
 */
import { createCardPaymentMethod, liveCustomer } from './customers.js';
import { stripeErrors } from './errors.js';
import { paginate } from './invoices.js';
import type { WireInvoiceTax, WireTaxRate } from './objects.js';
import type { Metadata, ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';
import { sumTaxes, taxesFor, taxRateOf } from './tax-rates.js';

const LOCALES = ['auto', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'sv'] as const;
const SESSION_LIFETIME_S = 24 * 60 * 60;

export interface WireOneTimePrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: null;
  tax_behavior: 'unspecified';
  type: 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface WireCheckoutLineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string | null;
  price: WireOneTimePrice;
  quantity: number;
  taxes: Array<{ amount: number; rate: WireTaxRate; taxability_reason: string; taxable_amount: number }>;
}

export interface WireCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: boolean; liability: null; provider: null; status: 'complete' | null };
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  invoice_creation: { enabled: boolean; invoice_data: { description: string | null; footer: string | null; metadata: Metadata } } | null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted_page';
  url: string | null;
}

export interface WirePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  created: number;
  description: string | null;
  last_payment_error: { code: string; decline_code: string; message: string; type: 'card_error' } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  payment_method: string | null;
  status: 'requires_payment_method' | 'succeeded';
}

export interface WireCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface WireRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  status: 'succeeded';
}

/** The post-purchase invoice of a paid session with `invoice_creation[enabled]=true` (already paid). */
export interface WireOneOffInvoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  billing_reason: 'manual';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  footer: string | null;
  hosted_invoice_url: string;
  invoice_pdf: string;
  livemode: false;
  metadata: Metadata;
  number: string;
  parent: null;
  status: 'paid';
  subtotal: number;
  total: number;
  total_taxes: WireInvoiceTax[];
}

interface SessionParts {
  session: WireCheckoutSession;
  lineItems: WireCheckoutLineItem[];
  paymentIntentData: { description: string | null; metadata: Metadata };
}

export function checkoutSessionOf(store: FakeStripeStore, id: string): SessionParts {
  const parts = store.checkoutSessions.get(id);
  if (!parts) throw stripeErrors.resourceMissing('checkout.session', id);
  return parts as SessionParts;
}

function readLineItems(store: FakeStripeStore, params: ParamReader): WireCheckoutLineItem[] {
  const items = params.objects('line_items');
  if (!items || items.length === 0) throw stripeErrors.parameterMissing('line_items');
  return items.map((item, index) => {
    item.allowOnly(['price', 'quantity', 'tax_rates', 'price_data', 'adjustable_quantity', 'metadata']);
    if (item.has('price_data') || item.has('adjustable_quantity')) {
      throw stripeErrors.invalidParam(`line_items[${index}]`, 'fake-stripe models only line items with an existing `price` and a fixed `quantity`.');
    }
    const priceId = item.requiredString('price');
    const quantity = item.integer('quantity');
    if (quantity === undefined) throw stripeErrors.parameterMissing(`line_items[${index}][quantity]`);
    if (quantity < 1) throw stripeErrors.invalidParam(`line_items[${index}][quantity]`, 'This value must be greater than or equal to 1.');
    if (store.prices.has(priceId)) {
      throw stripeErrors.invalidParam(
        `line_items[${index}][price]`,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    }
    const price = store.oneTimePrices.get(priceId);
    if (!price) throw stripeErrors.resourceMissing('price', priceId, `line_items[${index}][price]`);
    const rates = (item.strings('tax_rates') ?? []).map((rateId, r) => {
      const rate = taxRateOf(store, rateId, `line_items[${index}][tax_rates][${r}]`);
      if (!rate.active) throw stripeErrors.invalidParam(`line_items[${index}][tax_rates][${r}]`, `Tax rate ${rateId} is not active.`);
      return structuredClone(rate);
    });
    const subtotal = price.unit_amount * quantity;
    const taxes = taxesFor(subtotal, rates);
    const exclusive = taxes.filter((t) => t.tax_behavior === 'exclusive').reduce((sum, t) => sum + t.amount, 0);
    return {
      id: store.newId('li'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: subtotal,
      amount_tax: taxes.reduce((sum, t) => sum + t.amount, 0),
      amount_total: subtotal + exclusive,
      currency: price.currency,
      description: price.nickname,
      price: structuredClone(price),
      quantity,
      taxes: taxes.map((t, r) => ({ amount: t.amount, rate: rates[r]!, taxability_reason: t.taxability_reason, taxable_amount: t.taxable_amount })),
    };
  });
}

function createSession(store: FakeStripeStore, params: ParamReader): WireCheckoutSession {
  params.allowOnly([
    'mode', 'line_items', 'customer', 'customer_email', 'success_url', 'cancel_url', 'client_reference_id', 'metadata',
    'locale', 'invoice_creation', 'payment_intent_data', 'automatic_tax', 'ui_mode', 'expires_at', 'expand',
    'allowed_payment_method_types', 'billing_address_collection', 'tax_id_collection', 'customer_update', 'subscription_data',
  ]);
  const mode = params.oneOf('mode', ['payment', 'setup', 'subscription'] as const);
  if (mode === undefined) throw stripeErrors.parameterMissing('mode');
  if (mode !== 'payment') throw stripeErrors.invalidParam('mode', 'fake-stripe models Checkout only in `payment` mode.');
  if (params.has('subscription_data')) throw stripeErrors.invalidParam('subscription_data', 'You can not pass `subscription_data` in `payment` mode.');
  const uiMode = params.oneOf('ui_mode', ['hosted_page', 'embedded_page', 'elements', 'form'] as const) ?? 'hosted_page';
  if (uiMode !== 'hosted_page') throw stripeErrors.invalidParam('ui_mode', 'fake-stripe models only the hosted Checkout page.');
  const customerId = params.string('customer');
  const customerEmail = params.string('customer_email');
  if (customerId !== undefined && customerEmail !== undefined) {
    throw stripeErrors.invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.', 'parameters_exclusive');
  }
  if (customerId !== undefined) liveCustomer(store, customerId, 'customer');
  for (const key of ['success_url', 'cancel_url'] as const) {
    const url = params.string(key);
    if (url !== undefined && !/^https?:\/\/\S+$/.test(url)) throw stripeErrors.invalidParam(key, 'Not a valid URL');
  }
  const reference = params.string('client_reference_id');
  if (reference !== undefined && reference.length > 200) throw stripeErrors.invalidParam('client_reference_id', 'Invalid string: must be at most 200 characters');
  const lineItems = readLineItems(store, params);
  const currencies = new Set(lineItems.map((item) => item.price.currency));
  if (currencies.size > 1) throw stripeErrors.invalidParam('line_items', 'All prices on a Checkout Session must have the same currency.');
  const automaticTax = params.object('automatic_tax')?.allowOnly(['enabled', 'liability']).boolean('enabled') ?? false;
  if (automaticTax && lineItems.some((item) => item.taxes.length > 0)) {
    throw stripeErrors.invalidParam('line_items[0][tax_rates]', 'You cannot use `tax_rates` together with `automatic_tax[enabled]=true`.');
  }
  const invoiceCreation = params.object('invoice_creation')?.allowOnly(['enabled', 'invoice_data']);
  const invoiceData = invoiceCreation?.object('invoice_data')?.allowOnly(['description', 'footer', 'metadata', 'custom_fields', 'rendering_options', 'account_tax_ids', 'issuer']);
  if (invoiceCreation && invoiceCreation.boolean('enabled') === undefined) throw stripeErrors.parameterMissing('invoice_creation[enabled]');
  const intentData = params.object('payment_intent_data')?.allowOnly(['description', 'metadata', 'statement_descriptor', 'receipt_email']);
  const subtotal = lineItems.reduce((sum, item) => sum + item.amount_subtotal, 0);
  const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const tax = lineItems.reduce((sum, item) => sum + item.amount_tax, 0);
  const id = store.newId('cs_test', 58);
  const now = store.now();
  const expiresAt = params.integer('expires_at') ?? now + SESSION_LIFETIME_S;
  if (expiresAt < now + 30 * 60 || expiresAt > now + SESSION_LIFETIME_S) {
    throw stripeErrors.invalidParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
  }
  const session: WireCheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: subtotal,
    amount_total: total,
    automatic_tax: { enabled: automaticTax, liability: null, provider: null, status: automaticTax ? 'complete' : null },
    cancel_url: params.string('cancel_url') ?? null,
    client_reference_id: reference ?? null,
    client_secret: null,
    created: now,
    currency: lineItems[0]!.currency,
    customer: customerId ?? null,
    customer_email: customerEmail ?? null,
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: invoiceCreation
      ? {
          enabled: invoiceCreation.boolean('enabled') ?? false,
          invoice_data: { description: invoiceData?.string('description') ?? null, footer: invoiceData?.string('footer') ?? null, metadata: invoiceData?.metadata() ?? {} },
        }
      : { enabled: false, invoice_data: { description: null, footer: null, metadata: {} } },
    livemode: false,
    locale: params.oneOf('locale', LOCALES) ?? null,
    metadata: params.metadata(),
    mode: 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: params.string('success_url') ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
    ui_mode: 'hosted_page',
    url: `${store.baseUrl}/_fake/checkout/${id}`,
  };
  store.checkoutSessions.set(id, {
    session,
    lineItems,
    paymentIntentData: { description: intentData?.string('description') ?? null, metadata: intentData?.metadata() ?? {} },
  });
  return session;
}

export interface PayCheckoutOptions {
  /** `declined`: the bank refuses the card on the hosted page; the session stays open. Default `paid`. */
  result?: 'paid' | 'declined';
}

/** What the customer does on Stripe's hosted Checkout page. */
export function payCheckoutSession(store: FakeStripeStore, id: string, options: PayCheckoutOptions = {}): WireCheckoutSession {
  const { session, lineItems, paymentIntentData } = checkoutSessionOf(store, id);
  if (session.status !== 'open') {
    throw stripeErrors.invalidRequest(`This Checkout Session is no longer active (status: ${session.status}).`, 'checkout_session_not_open');
  }
  if (session.expires_at <= store.now()) {
    session.status = 'expired';
    store.emit('checkout.session.expired', session);
    throw stripeErrors.invalidRequest('This Checkout Session has expired.', 'checkout_session_not_open');
  }
  const now = store.now();
  const card = createCardPaymentMethod(store, { customer: session.customer, declines: options.result === 'declined' });
  const declined = options.result === 'declined' || store.declineAllCharges;
  const intent: WirePaymentIntent = {
    id: session.payment_intent ?? store.newId('pi'),
    object: 'payment_intent',
    amount: session.amount_total,
    amount_received: 0,
    currency: session.currency,
    customer: session.customer,
    created: now,
    description: paymentIntentData.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: { ...paymentIntentData.metadata },
    payment_method: card.id,
    status: 'requires_payment_method',
  };
  session.payment_intent = intent.id;
  if (declined) {
    intent.last_payment_error = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', type: 'card_error' };
    store.paymentIntents.set(intent.id, intent);
    store.emit('payment_intent.payment_failed', intent);
    return structuredClone(session);
  }
  const charge: WireCharge = {
    id: store.newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    captured: true,
    created: now,
    currency: intent.currency,
    customer: intent.customer,
    livemode: false,
    metadata: { ...intent.metadata },
    paid: true,
    payment_intent: intent.id,
    payment_method: card.id,
    refunded: false,
    status: 'succeeded',
  };
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id });
  store.paymentIntents.set(intent.id, intent);
  store.charges.set(charge.id, charge);
  if (session.invoice_creation?.enabled) {
    const customer = session.customer ? liveCustomer(store, session.customer) : null;
    const invoiceId = store.newId('in');
    const invoice: WireOneOffInvoice = {
      id: invoiceId,
      object: 'invoice',
      amount_due: session.amount_total,
      amount_paid: session.amount_total,
      amount_remaining: 0,
      billing_reason: 'manual',
      created: now,
      currency: session.currency,
      customer: session.customer,
      description: session.invoice_creation.invoice_data.description,
      footer: session.invoice_creation.invoice_data.footer,
      hosted_invoice_url: `${store.baseUrl}/_fake/invoices/${invoiceId}`,
      invoice_pdf: `${store.baseUrl}/_fake/invoices/${invoiceId}/pdf`,
      livemode: false,
      metadata: { ...session.invoice_creation.invoice_data.metadata },
      number: customer ? store.nextInvoiceNumber(customer) : `FAKE-${invoiceId.slice(-6)}`,
      parent: null,
      status: 'paid',
      subtotal: session.amount_subtotal,
      total: session.amount_total,
      total_taxes: sumTaxes(lineItems.map((item) => taxesFor(item.amount_subtotal, item.taxes.map((t) => t.rate)))),
    };
    store.oneOffInvoices.set(invoiceId, invoice);
    session.invoice = invoiceId;
  }
  session.status = 'complete';
  session.payment_status = 'paid';
  session.url = null;
  store.emit('charge.succeeded', charge);
  store.emit('payment_intent.succeeded', intent);
  if (session.invoice) store.emit('invoice.paid', store.oneOffInvoices.get(session.invoice));
  store.emit('checkout.session.completed', session);
  return structuredClone(session);
}

function createRefund(store: FakeStripeStore, params: ParamReader): WireRefund {
  params.allowOnly(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
  const intentId = params.string('payment_intent');
  const chargeId = params.string('charge');
  if (intentId === undefined && chargeId === undefined) throw stripeErrors.parameterMissing('charge');
  let charge: WireCharge | undefined;
  if (chargeId !== undefined) {
    charge = store.charges.get(chargeId);
    if (!charge) throw stripeErrors.resourceMissing('charge', chargeId, 'charge');
  } else {
    const intent = store.paymentIntents.get(intentId!);
    if (!intent) throw stripeErrors.resourceMissing('payment_intent', intentId!, 'payment_intent');
    charge = intent.latest_charge ? store.charges.get(intent.latest_charge) : undefined;
    if (!charge) throw stripeErrors.invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
  }
  if (charge.refunded) throw stripeErrors.invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
  const left = charge.amount - charge.amount_refunded;
  const amount = params.integer('amount') ?? left;
  if (amount < 1) throw stripeErrors.invalidParam('amount', 'This value must be greater than or equal to 1.');
  if (amount > left) {
    throw stripeErrors.invalidParam('amount', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount_too_large');
  }
  const refund: WireRefund = {
    id: store.newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    created: store.now(),
    currency: charge.currency,
    metadata: params.metadata(),
    payment_intent: charge.payment_intent,
    reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    status: 'succeeded',
  };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  store.refunds.set(refund.id, refund);
  store.emit('refund.created', refund);
  store.emit('charge.refunded', charge);
  return refund;
}

export function checkoutRoutes(store: FakeStripeStore): Route[] {
  return [
    route('POST', '/v1/checkout/sessions', ({ params }) => createSession(store, params)),
    route('GET', '/v1/checkout/sessions/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      return checkoutSessionOf(store, path.id).session;
    }),
    route('GET', '/v1/checkout/sessions/:id/line_items', ({ params, path }) => {
      const { lineItems } = checkoutSessionOf(store, path.id);
      return paginate(lineItems, params, `/v1/checkout/sessions/${path.id}/line_items`);
    }),
    route('GET', '/v1/payment_intents/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      const intent = store.paymentIntents.get(path.id);
      if (!intent) throw stripeErrors.resourceMissing('payment_intent', path.id);
      return intent;
    }),
    route('GET', '/v1/charges/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      const charge = store.charges.get(path.id);
      if (!charge) throw stripeErrors.resourceMissing('charge', path.id);
      return charge;
    }),
    route('POST', '/v1/refunds', ({ params }) => createRefund(store, params)),
  ];
}

export function checkoutControlRoutes(store: FakeStripeStore): Route[] {
  return [
    route('POST', '/_fake/checkout/:id/pay', ({ params, path }) =>
      payCheckoutSession(store, path.id, { result: params.oneOf('result', ['paid', 'declined'] as const) ?? 'paid' }),
    ),
  ];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stand-in for Stripe's hosted Checkout page: the amount, and buttons that pay or decline. */
export function checkoutPage(store: FakeStripeStore, sessionId: string): string | null {
  const parts = store.checkoutSessions.get(sessionId) as SessionParts | undefined;
  if (!parts) return null;
  const { session, lineItems } = parts;
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  const items = lineItems.map((item) => `<li>${escapeHtml(item.description ?? item.price.id)} × ${item.quantity}</li>`).join('');
  const script = `async function pay(result){const r=await fetch('/_fake/checkout/${session.id}/pay',{method:'POST',headers:{'content-type':'application/x-www-form-urlencoded'},body:'result='+result});
if(r.ok&&result==='paid'){location.href=${JSON.stringify(session.success_url ?? '/')};}else{document.getElementById('error').textContent='Your card was declined.';}}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (fake-stripe)</title></head>
<body><h1>Checkout</h1><ul>${items}</ul><p>Total <strong id="total">${amount}</strong> (tax ${(session.total_details.amount_tax / 100).toFixed(2)})</p>
<p id="error" role="alert"></p><button id="pay" onclick="pay('paid')">Pay</button> <button id="decline" onclick="pay('declined')">Pay with a declined card</button>
${session.cancel_url ? `<a id="cancel" href="${escapeHtml(session.cancel_url)}">Back</a>` : ''}<script>${script}</script></body></html>`;
}
