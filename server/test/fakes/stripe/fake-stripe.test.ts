import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_API_VERSION, FakeStripe } from './fake-stripe.js';
import { TEST_PRICE_CATALOGUE } from './stripe-test-prices.js';

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await FakeStripe.start({ prices: TEST_PRICE_CATALOGUE });
  stripe = new Stripe(fake.apiKey, { ...fake.clientConfig(), maxNetworkRetries: 0 });
});
afterAll(() => fake.close());
afterEach(() => fake.declineCards(false));

/** A raw request, to check the wire format without stripe-node in between. */
async function raw(
  method: string,
  path: string,
  options: { body?: string; key?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== null) headers.authorization = `Bearer ${options.key ?? fake.apiKey}`;
  if (options.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${fake.url}${path}`, { method, headers, body: options.body });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, any>,
  };
}

async function customerWithCard(options: { chargesFail?: boolean } = {}) {
  const customer = await stripe.customers.create({ email: 'buyer@example.com' });
  const setupIntent = await stripe.setupIntents.create({
    customer: customer.id,
    usage: 'off_session',
  });
  const confirmed = fake.confirmSetupIntent(setupIntent.id, options);
  return { customer, paymentMethod: confirmed.payment_method! };
}

async function activeSubscription(price = 'price_pro_monthly') {
  const { customer, paymentMethod } = await customerWithCard();
  return stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price }],
    default_payment_method: paymentMethod,
    payment_behavior: 'error_if_incomplete',
  });
}

describe('API version', () => {
  it('renders the version stripe-node pins', () => {
    expect(FAKE_STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('rejects a client pinned to another version instead of answering in the wrong shape', async () => {
    const response = await raw('GET', '/v1/customers', {
      headers: { 'stripe-version': '2024-06-20' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toContain(FAKE_STRIPE_API_VERSION);
  });
});

describe('authentication', () => {
  it('answers 401 with the error envelope without a key or with a wrong key', async () => {
    const missing = await raw('GET', '/v1/customers', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('You did not provide an API key'),
      },
    });

    const wrong = await raw('GET', '/v1/customers', { key: 'sk_test_0123456789abcdef' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toMatch(/^Invalid API Key provided: sk_test_\*+cdef$/);

    const client = new Stripe('sk_test_wrong_key_123', {
      ...fake.clientConfig(),
      maxNetworkRetries: 0,
    });
    await expect(client.customers.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('form encoding', () => {
  it('reads nested bracket keys, indexed arrays and expand[] from a raw body', async () => {
    const customer = await raw('POST', '/v1/customers', {
      body: 'email=a%40b.de&metadata[userId]=u-1&metadata[planId]=pro',
    });
    expect(customer.status).toBe(200);
    expect(customer.json).toMatchObject({
      object: 'customer',
      email: 'a@b.de',
      metadata: { userId: 'u-1', planId: 'pro' },
    });

    const setupIntent = await raw('POST', '/v1/setup_intents', {
      body: `customer=${customer.json.id}&automatic_payment_methods%5Benabled%5D=false&allowed_payment_method_types[]=card&allowed_payment_method_types[]=sepa_debit`,
    });
    expect(setupIntent.json).toMatchObject({
      automatic_payment_methods: null,
      allowed_payment_method_types: ['card', 'sepa_debit'],
      usage: 'off_session',
    });
  });

  it('rejects unknown and malformed parameters with 400 naming the param', async () => {
    const unknown = await raw('POST', '/v1/customers', { body: 'emial=a@b.de' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'emial',
    });

    const customer = await stripe.customers.create({});
    const nested = await raw('POST', '/v1/subscriptions', {
      body: `customer=${customer.id}&items[0][prise]=x`,
    });
    expect(nested.json.error).toMatchObject({
      code: 'parameter_unknown',
      param: 'items[0][prise]',
    });

    const missing = await raw('POST', '/v1/subscriptions', { body: `customer=${customer.id}` });
    expect(missing.json.error).toMatchObject({ code: 'parameter_missing', param: 'items' });

    const badEnum = await raw('POST', '/v1/setup_intents', { body: 'usage=sometimes' });
    expect(badEnum.json.error).toMatchObject({ type: 'invalid_request_error', param: 'usage' });

    // The pinned version replaced payment_method_types with allowed_payment_method_types on create.
    const removed = await raw('POST', '/v1/setup_intents', {
      body: 'payment_method_types[0]=card',
    });
    expect(removed.json.error).toMatchObject({
      code: 'parameter_unknown',
      param: 'payment_method_types',
    });
  });

  it('answers unknown ids with 404 resource_missing and unknown routes with 404', async () => {
    const missing = await raw('GET', '/v1/setup_intents/seti_nope');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such setupintent: 'seti_nope'",
      param: 'id',
    });
    expect((await raw('GET', '/v1/charges')).status).toBe(404);
  });
});

describe('prices', () => {
  it('serves the catalogue it was started with', async () => {
    const price = await stripe.prices.retrieve('price_business_yearly');
    expect(price).toMatchObject({
      object: 'price',
      type: 'recurring',
      currency: 'eur',
      unit_amount: 89100,
      recurring: { interval: 'year', interval_count: 1 },
    });
    await expect(stripe.prices.retrieve('price_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and body, and refuses the key with another body', async () => {
    const body = 'email=same%40example.com';
    const headers = { 'idempotency-key': 'key-1' };
    const first = await raw('POST', '/v1/customers', { body, headers });
    const replay = await raw('POST', '/v1/customers', { body, headers });
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const other = await raw('POST', '/v1/customers', {
      body: 'email=other%40example.com',
      headers,
    });
    expect(other.status).toBe(400);
    expect(other.json.error.type).toBe('idempotency_error');
  });

  it('replays a card decline too, so a retry does not charge twice', async () => {
    const { customer, paymentMethod } = await customerWithCard({ chargesFail: true });
    const params = {
      customer: customer.id,
      items: [{ price: 'price_pro_monthly' }],
      default_payment_method: paymentMethod,
      payment_behavior: 'error_if_incomplete' as const,
    };
    await expect(
      stripe.subscriptions.create(params, { idempotencyKey: 'declined-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(
      stripe.subscriptions.create(params, { idempotencyKey: 'declined-1' }),
    ).rejects.toMatchObject({ statusCode: 402 });
    expect(
      fake.requests.filter((r) => r.idempotencyKey === 'declined-1').map((r) => r.status),
    ).toEqual([402, 402]);
  });
});

describe('setup intents', () => {
  it('creates with automatic payment methods by default and confirms like Stripe.js would', async () => {
    const customer = await stripe.customers.create({ email: 'c@example.com' });
    const setupIntent = await stripe.setupIntents.create({
      customer: customer.id,
      metadata: { planId: 'pro' },
    });
    expect(setupIntent).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
      payment_method: null,
      metadata: { planId: 'pro' },
    });

    // The browser-facing control route needs the client secret, not the API key.
    const wrongSecret = await raw('POST', `/_fake/setup_intents/${setupIntent.id}/confirm`, {
      key: null,
      body: 'client_secret=nope',
    });
    expect(wrongSecret.status).toBe(400);
    const confirmed = await raw('POST', `/_fake/setup_intents/${setupIntent.id}/confirm`, {
      key: null,
      body: `client_secret=${setupIntent.client_secret}`,
    });
    expect(confirmed.json).toMatchObject({
      status: 'succeeded',
      payment_method: expect.stringMatching(/^pm_/),
    });

    const retrieved = await stripe.setupIntents.retrieve(setupIntent.id, {
      expand: ['payment_method'],
    });
    expect(retrieved.payment_method).toMatchObject({
      object: 'payment_method',
      customer: customer.id,
      card: { last4: '4242' },
    });
    expect(fake.events.map((e) => e.type)).toContain('setup_intent.succeeded');
  });

  it('simulates a declined card: requires_payment_method with last_setup_error', async () => {
    const setupIntent = await stripe.setupIntents.create({});
    fake.confirmSetupIntent(setupIntent.id, { result: 'declined' });
    const retrieved = await stripe.setupIntents.retrieve(setupIntent.id);
    expect(retrieved).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code: 'card_declined', type: 'card_error' },
    });
  });
});

describe('subscriptions', () => {
  it('uses the shapes of the pinned version: periods on items, invoice parent', async () => {
    const subscription = await activeSubscription();
    expect(subscription.status).toBe('active');
    expect(subscription).not.toHaveProperty('current_period_end');
    const [item] = subscription.items.data;
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    expect(item.price).toMatchObject({
      id: 'price_pro_monthly',
      unit_amount: 2900,
      recurring: { interval: 'month' },
    });
    expect(item.price.unit_amount_decimal?.toString()).toBe('2900');

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2900,
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id },
      },
    });
    for (const removed of ['subscription', 'paid', 'payment_intent', 'charge'])
      expect(invoice).not.toHaveProperty(removed);
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 2900,
      pricing: { type: 'price_details', price_details: { price: 'price_pro_monthly' } },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription_item: item.id, proration: false },
      },
    });
  });

  it('expands ids on request and refuses fields that cannot be expanded', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_business_monthly' }],
      default_payment_method: paymentMethod,
      expand: ['latest_invoice', 'customer'],
    });
    expect(subscription.latest_invoice).toMatchObject({ object: 'invoice', amount_paid: 9900 });
    expect(subscription.customer).toMatchObject({ object: 'customer', id: customer.id });
    await expect(
      stripe.subscriptions.retrieve(subscription.id, { expand: ['status'] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'expand' });
    const listed = await stripe.subscriptions.list({
      customer: customer.id,
      expand: ['data.latest_invoice'],
    });
    expect(listed.data[0].latest_invoice).toMatchObject({ object: 'invoice' });
  });

  it('declines: 402 with error_if_incomplete (nothing created), incomplete with allow_incomplete', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    fake.declineCards();
    const params = {
      customer: customer.id,
      items: [{ price: 'price_pro_monthly' }],
      default_payment_method: paymentMethod,
    };
    const error = await stripe.subscriptions
      .create({ ...params, payment_behavior: 'error_if_incomplete' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(fake.subscriptions().filter((s) => s.customer === customer.id)).toHaveLength(0);

    const incomplete = await stripe.subscriptions.create({
      ...params,
      payment_behavior: 'allow_incomplete',
      expand: ['latest_invoice'],
    });
    expect(incomplete.status).toBe('incomplete');
    expect(incomplete.latest_invoice).toMatchObject({ status: 'open', attempt_count: 1 });
  });

  it('needs a payment method unless payment_behavior=default_incomplete', async () => {
    const customer = await stripe.customers.create({});
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_pro_monthly' }],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const pending = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_pro_monthly' }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(pending.status).toBe('incomplete');
    expect(pending.latest_invoice).toMatchObject({
      confirmation_secret: { type: 'payment_intent', client_secret: expect.any(String) },
    });
  });

  it('updates the price with each proration behaviour', async () => {
    const subscription = await activeSubscription();
    const itemId = subscription.items.data[0].id;
    const later = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: 'price_business_monthly' }],
      proration_behavior: 'create_prorations',
    });
    expect(later.items.data[0]).toMatchObject({
      id: itemId,
      price: { id: 'price_business_monthly' },
      plan: { id: 'price_business_monthly', amount: 9900 },
    });
    expect(later.latest_invoice).toBe(subscription.latest_invoice); // prorations wait for the renewal
    const event = fake.events.findLast((e) => e.type === 'customer.subscription.updated')!;
    expect(event.data.previous_attributes).toHaveProperty('items');

    const renewal = fake.advanceBillingPeriod(subscription.id);
    const descriptions = renewal.invoice!.lines.data.map((l) => l.description);
    expect(descriptions.some((d) => d.startsWith('Unused time on'))).toBe(true);
    expect(renewal.invoice!.lines.data.at(-1)!.amount).toBe(9900);

    const back = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: 'price_pro_monthly' }],
      proration_behavior: 'none',
    });
    expect(back.latest_invoice).toBe(renewal.invoice!.id);
  });

  it('a preview refuses proration_date without items and with proration_behavior=none (billing reference §1.3)', async () => {
    const subscription = await activeSubscription();
    const at = subscription.items.data[0].current_period_start + 60;
    await expect(
      stripe.invoices.createPreview({ customer: subscription.customer as string, subscription: subscription.id, subscription_details: { proration_date: at } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_details[proration_date]' });
    await expect(
      stripe.invoices.createPreview({
        customer: subscription.customer as string,
        subscription: subscription.id,
        subscription_details: { items: [{ id: subscription.items.data[0].id, price: 'price_business_monthly' }], proration_behavior: 'none', proration_date: at },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('schedules the end with cancel_at_period_end and ends it when the period is over', async () => {
    const subscription = await activeSubscription();
    const scheduled = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(scheduled).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: subscription.items.data[0].current_period_end,
    });
    const { invoice, subscription: ended } = fake.advanceBillingPeriod(subscription.id);
    expect(invoice).toBeNull();
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: subscription.items.data[0].current_period_end,
    });
    expect(fake.events.at(-1)).toMatchObject({
      type: 'customer.subscription.deleted',
      data: { object: { id: subscription.id } },
    });
  });

  it('cancels at once with DELETE and refuses further changes', async () => {
    const subscription = await activeSubscription();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(canceled.ended_at).not.toBeNull();
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const retrieved = await stripe.subscriptions.retrieve(subscription.id);
    expect(retrieved.status).toBe('canceled');
  });

  it('lists by customer and status, newest first, with cursor pagination', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const created: string[] = [];
    for (const price of ['price_pro_monthly', 'price_business_monthly', 'price_pro_yearly']) {
      const s = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price }],
        default_payment_method: paymentMethod,
      });
      created.push(s.id);
    }
    await stripe.subscriptions.cancel(created[1]);
    const firstPage = await stripe.subscriptions.list({ customer: customer.id, limit: 1 });
    expect(firstPage).toMatchObject({ object: 'list', has_more: true });
    expect(firstPage.data.map((s) => s.id)).toEqual([created[2]]);
    const all: string[] = [];
    for await (const s of stripe.subscriptions.list({ customer: customer.id, limit: 1 }))
      all.push(s.id);
    expect(all).toEqual([created[2], created[0]]); // canceled ones are hidden by default
    const canceled = await stripe.subscriptions.list({ customer: customer.id, status: 'canceled' });
    expect(canceled.data.map((s) => s.id)).toEqual([created[1]]);
  });

  it('renews: a new period and a paid subscription_cycle invoice', async () => {
    const subscription = await activeSubscription();
    const { current_period_end: end } = subscription.items.data[0];
    const { subscription: renewed, invoice } = fake.advanceBillingPeriod(subscription.id);
    expect(renewed.items.data[0].current_period_start).toBe(end);
    expect(renewed.status).toBe('active');
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 2900,
    });
    expect(fake.events.slice(-5).map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
  });

  it('goes past_due when a renewal fails, and back to active when the retry is paid', async () => {
    const subscription = await activeSubscription();
    fake.failNextPayment(subscription.id);
    const { subscription: pastDue, invoice } = fake.advanceBillingPeriod(subscription.id);
    expect(pastDue.status).toBe('past_due');
    expect(invoice).toMatchObject({ status: 'open', attempted: true, amount_remaining: 2900 });
    expect(fake.events.at(-1)).toMatchObject({
      type: 'invoice.payment_failed',
      data: { object: { parent: { subscription_details: { subscription: subscription.id } } } },
    });
    const updated = fake.events.findLast((e) => e.type === 'customer.subscription.updated')!;
    expect(updated.data.previous_attributes).toMatchObject({ status: 'active' });

    expect(fake.retryLatestInvoice(subscription.id).status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });
});

describe('events and signatures', () => {
  it('builds event envelopes in the pinned API version', () => {
    const event = fake.buildEvent(
      'customer.subscription.updated',
      { id: 'sub_1', object: 'subscription' },
      { status: 'active' },
    );
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      api_version: Stripe.API_VERSION,
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1' }, previous_attributes: { status: 'active' } },
      livemode: false,
    });
    expect(Number.isInteger(event.created)).toBe(true);
  });

  it('signs exactly like stripe-node generateTestHeaderString', () => {
    const payload = JSON.stringify(fake.buildEvent('invoice.paid', { id: 'in_1' }));
    const secret = 'whsec_compare';
    const timestamp = 1_790_000_000;
    expect(fake.signEvent(payload, secret, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
    expect(fake.signEvent(Buffer.from(payload), secret, timestamp)).toBe(
      fake.signEvent(payload, secret, timestamp),
    );
    const header = fake.signEvent(payload, secret);
    expect(stripe.webhooks.constructEvent(payload, header, secret)).toMatchObject({
      type: 'invoice.paid',
    });
  });

  it('serves recorded events by id', async () => {
    const event = fake.events.at(-1)!;
    expect((await stripe.events.retrieve(event.id)).id).toBe(event.id);
  });
});

describe('injected failures', () => {
  it('answers 500 api_error, which stripe-node retries with the same idempotency key', async () => {
    const retrying = new Stripe(fake.apiKey, { ...fake.clientConfig(), maxNetworkRetries: 1 });
    fake.failNextRequests(1);
    const customer = await retrying.customers.create({ email: 'retry@example.com' });
    const attempts = fake.requests.filter(
      (r) => r.path === '/v1/customers' && r.params.email === 'retry@example.com',
    );
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts[0].idempotencyKey).toBe(attempts[1].idempotencyKey);
    expect(customer.email).toBe('retry@example.com');
  });
});
