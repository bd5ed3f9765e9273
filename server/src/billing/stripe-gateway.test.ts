import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BillingGatewayError, type BillingGateway } from './billing-gateway.js';
import { FakeStripe } from '../../test/fakes/stripe/fake-stripe.js';
import {
  TEST_BILLING_PRICES,
  TEST_PRICE_CATALOGUE,
  TEST_WEBHOOK_SECRET,
} from '../../test/fakes/stripe/stripe-test-prices.js';
import { createStripeGateway, stripeConnectionConfig } from './stripe-gateway.js';

let fake: FakeStripe;
let gateway: BillingGateway;

beforeAll(async () => {
  fake = await FakeStripe.start({ prices: TEST_PRICE_CATALOGUE });
});
afterAll(() => fake.close());

beforeEach(() => {
  gateway = createStripeGateway({
    secretKey: fake.apiKey,
    webhookSecret: TEST_WEBHOOK_SECRET,
    apiUrl: fake.url,
    prices: TEST_BILLING_PRICES,
    maxNetworkRetries: 0,
  });
});
afterEach(() => fake.declineCards(false));

let userSeq = 0;
function newUser() {
  userSeq++;
  return {
    id: `00000000-0000-4000-8000-${String(userSeq).padStart(12, '0')}`,
    email: `user${userSeq}@example.com`,
  };
}

/** Customer + succeeded SetupIntent, as after the browser's confirmSetup. */
async function customerWithCard(options: { chargesFail?: boolean } = {}) {
  const user = newUser();
  const customerId = await gateway.ensureCustomer(user);
  const setupIntent = await gateway.createSetupIntent(customerId, {
    userId: user.id,
    planId: 'pro',
    billingCycle: 'monthly',
  });
  fake.confirmSetupIntent(setupIntent.id, { chargesFail: options.chargesFail });
  const { paymentMethodId } = await gateway.retrieveSetupIntent(setupIntent.id);
  return { user, customerId, paymentMethodId: paymentMethodId!, setupIntentId: setupIntent.id };
}

async function subscribe(priceId = 'price_pro_monthly') {
  const { user, customerId, paymentMethodId } = await customerWithCard();
  const state = await gateway.createSubscription({
    customerId,
    priceId,
    paymentMethodId,
    metadata: { userId: user.id },
    idempotencyKey: `subscribe-${user.id}`,
  });
  return { user, customerId, paymentMethodId, state };
}

async function gatewayError(promise: Promise<unknown>): Promise<BillingGatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BillingGatewayError);
  return error as BillingGatewayError;
}

describe('stripeConnectionConfig', () => {
  it('splits an API origin into the host, port and protocol stripe-node takes', () => {
    expect(stripeConnectionConfig('http://127.0.0.1:4567')).toEqual({
      host: '127.0.0.1',
      port: 4567,
      protocol: 'http',
    });
    expect(stripeConnectionConfig('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeConnectionConfig(undefined)).toEqual({});
    expect(() => stripeConnectionConfig('http://127.0.0.1:4567/v1')).toThrow(/without a path/);
  });
});

describe('ensureCustomer', () => {
  it('creates the customer once and reuses it afterwards', async () => {
    const user = newUser();
    const customerId = await gateway.ensureCustomer(user);
    const again = await gateway.ensureCustomer({ ...user, stripeCustomerId: customerId });
    expect(again).toBe(customerId);
    const created = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/customers' && r.params.email === user.email,
    );
    expect(created).toHaveLength(1);
    expect(created[0].params).toMatchObject({ email: user.email, metadata: { userId: user.id } });
  });

  it('does not create a second customer when the first answer was lost (same idempotency key)', async () => {
    const user = newUser();
    const first = await gateway.ensureCustomer(user);
    const second = await gateway.ensureCustomer(user); // the id was never stored
    expect(second).toBe(first);
    expect(fake.customers().filter((c) => 'email' in c && c.email === user.email)).toHaveLength(1);
  });

  it('replaces a customer that was deleted at the provider, and follows email changes', async () => {
    const user = newUser();
    const customerId = await gateway.ensureCustomer(user);
    const changed = await gateway.ensureCustomer({
      ...user,
      email: 'new-address@example.com',
      stripeCustomerId: customerId,
    });
    expect(changed).toBe(customerId);
    expect(fake.customers().find((c) => c.id === customerId)).toMatchObject({
      email: 'new-address@example.com',
    });

    const stripe = new Stripe(fake.apiKey, { ...fake.clientConfig(), maxNetworkRetries: 0 });
    await stripe.customers.del(customerId);
    const replacement = await gateway.ensureCustomer({ ...user, stripeCustomerId: customerId });
    expect(replacement).not.toBe(customerId);

    const unknown = await gateway.ensureCustomer({
      ...newUser(),
      stripeCustomerId: 'cus_doesnotexist',
    });
    expect(unknown).toMatch(/^cus_/);
  });
});

describe('setup intents', () => {
  it('creates an off-session SetupIntent with our metadata and a client secret', async () => {
    const user = newUser();
    const customerId = await gateway.ensureCustomer(user);
    const setupIntent = await gateway.createSetupIntent(customerId, {
      userId: user.id,
      planId: 'business',
      billingCycle: 'yearly',
    });
    expect(setupIntent.clientSecret).toMatch(new RegExp(`^${setupIntent.id}_secret_`));
    const sent = fake.requests.findLast(
      (r) => r.path === '/v1/setup_intents' && r.method === 'POST',
    )!;
    expect(sent.params).toEqual({
      customer: customerId,
      usage: 'off_session',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { userId: user.id, planId: 'business', billingCycle: 'yearly' },
    });
    expect(await gateway.retrieveSetupIntent(setupIntent.id)).toEqual({
      id: setupIntent.id,
      customerId,
      status: 'requires_payment_method',
      paymentMethodId: null,
      metadata: { userId: user.id, planId: 'business', billingCycle: 'yearly' },
    });
  });

  it('reports the saved card once the browser confirmed the SetupIntent', async () => {
    const { setupIntentId, paymentMethodId, customerId } = await customerWithCard();
    const state = await gateway.retrieveSetupIntent(setupIntentId);
    expect(state).toMatchObject({ status: 'succeeded', customerId });
    expect(paymentMethodId).toMatch(/^pm_/);
  });

  it('stays requires_payment_method when the bank declines the card', async () => {
    const user = newUser();
    const customerId = await gateway.ensureCustomer(user);
    const { id } = await gateway.createSetupIntent(customerId, {
      userId: user.id,
      planId: 'pro',
      billingCycle: 'monthly',
    });
    fake.confirmSetupIntent(id, { result: 'declined' });
    expect(await gateway.retrieveSetupIntent(id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
    });
  });
});

describe('subscriptions', () => {
  it('creates an active subscription charged off-session with the saved card', async () => {
    const { customerId, paymentMethodId, state, user } = await subscribe();
    expect(state).toMatchObject({
      customerId,
      status: 'active',
      priceId: 'price_pro_monthly',
      planId: 'pro',
      billingCycle: 'monthly',
      cancelAtPeriodEnd: false,
      unitAmountCents: 2900,
      interval: 'month',
    });
    // The period comes from the subscription item (the pinned API version has none on the subscription).
    expect(state.currentPeriodStart).toBeInstanceOf(Date);
    expect(state.currentPeriodEnd!.getTime()).toBeGreaterThan(
      state.currentPeriodStart!.getTime() + 27 * 86_400_000,
    );
    const sent = fake.requests.findLast(
      (r) => r.path === '/v1/subscriptions' && r.method === 'POST',
    )!;
    expect(sent.params).toEqual({
      customer: customerId,
      items: [{ price: 'price_pro_monthly' }],
      default_payment_method: paymentMethodId,
      off_session: 'true',
      payment_behavior: 'error_if_incomplete',
      metadata: { userId: user.id },
    });
    expect(sent.idempotencyKey).toBe(`subscribe-${user.id}`);
    const invoice = fake.invoice(fake.subscription(state.id).latest_invoice!);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2900,
      billing_reason: 'subscription_create',
    });
  });

  it('creates one subscription for a retried request with the same idempotency key', async () => {
    const { user, customerId, paymentMethodId } = await customerWithCard();
    const input = {
      customerId,
      priceId: 'price_business_yearly',
      paymentMethodId,
      metadata: { userId: user.id },
      idempotencyKey: `checkout-${user.id}-1`,
    };
    const first = await gateway.createSubscription(input);
    const retry = await gateway.createSubscription(input);
    expect(retry.id).toBe(first.id);
    expect(fake.subscriptions().filter((s) => s.customer === customerId)).toHaveLength(1);
    expect(retry).toMatchObject({
      planId: 'business',
      billingCycle: 'yearly',
      interval: 'year',
      unitAmountCents: 89100,
    });
  });

  it('refuses a price that is not in our price map before calling the provider', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    const before = fake.requests.length;
    const error = await gatewayError(
      gateway.createSubscription({
        customerId,
        priceId: 'price_legacy_monthly',
        paymentMethodId,
        metadata: {},
        idempotencyKey: 'x-legacy',
      }),
    );
    expect(error.kind).toBe('configuration');
    expect(fake.requests.length).toBe(before);
  });

  it('retrieves the current state', async () => {
    const { state } = await subscribe('price_pro_yearly');
    expect(await gateway.retrieveSubscription(state.id)).toEqual(state);
  });

  it('changes the price and invoices the difference at once', async () => {
    const { state } = await subscribe('price_pro_monthly');
    const upgraded = await gateway.upgradeSubscription(state.id, 'price_business_monthly');
    expect(upgraded).toMatchObject({
      id: state.id,
      planId: 'business',
      billingCycle: 'monthly',
      unitAmountCents: 9900,
      status: 'active',
    });
    expect(upgraded.currentPeriodEnd).toEqual(state.currentPeriodEnd);
    const invoice = fake.invoice(fake.subscription(state.id).latest_invoice!);
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(invoice.amount_paid).toBeGreaterThan(6900); // nearly a full month of the difference
    const update = fake.requests.findLast(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${state.id}`,
    )!;
    expect(update.params).toMatchObject({
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
  });

  it('refuses to swap to a lower plan or a shorter cycle at once, without calling Stripe to change anything (decision 031)', async () => {
    const { state } = await subscribe('price_business_yearly');
    for (const lower of ['price_pro_yearly', 'price_business_monthly', 'price_pro_monthly', 'price_business_yearly']) {
      const updatesBefore = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${state.id}`).length;
      const error = await gatewayError(gateway.upgradeSubscription(state.id, lower));
      expect(error.kind).toBe('invalid_request');
      expect(fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${state.id}`)).toHaveLength(updatesBefore);
    }
    expect(fake.subscription(state.id).items.data[0]!.price.id).toBe('price_business_yearly');
    expect(fake.customers().find((c) => c.id === fake.subscription(state.id).customer)).toMatchObject({ balance: 0 });
  });

  it('moves to a yearly price with a new billing period', async () => {
    const { state } = await subscribe('price_pro_monthly');
    const yearly = await gateway.upgradeSubscription(state.id, 'price_pro_yearly');
    expect(yearly).toMatchObject({ billingCycle: 'yearly', interval: 'year' });
    const days =
      (yearly.currentPeriodEnd!.getTime() - yearly.currentPeriodStart!.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
  });

  it('keeps the old plan when the upgrade payment is declined', async () => {
    const { state } = await subscribe('price_pro_monthly');
    fake.failNextPayment(state.id);
    const error = await gatewayError(gateway.upgradeSubscription(state.id, 'price_business_monthly'));
    expect(error).toMatchObject({ kind: 'card_declined', message: 'Your card was declined.' });
    expect(await gateway.retrieveSubscription(state.id)).toMatchObject({
      planId: 'pro',
      status: 'active',
    });
  });

  it('cancels at the period end, resumes, and cancels immediately', async () => {
    const { state } = await subscribe();
    const scheduled = await gateway.cancelSubscription(state.id, { atPeriodEnd: true });
    expect(scheduled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await gateway.resumeSubscription(state.id)).toMatchObject({ cancelAtPeriodEnd: false });
    const canceled = await gateway.cancelSubscription(state.id);
    expect(canceled.status).toBe('canceled');
    expect(fake.requests.findLast((r) => r.path === `/v1/subscriptions/${state.id}`)!.method).toBe(
      'DELETE',
    );
    // Canceling twice is fine.
    expect((await gateway.cancelSubscription(state.id)).status).toBe('canceled');
  });

  it('lists billable subscriptions across pages for MRR', async () => {
    const active = await subscribe('price_business_monthly');
    const pastDue = await subscribe('price_pro_yearly');
    fake.failNextPayment(pastDue.state.id);
    fake.advanceBillingPeriod(pastDue.state.id);
    const canceled = await subscribe('price_pro_monthly');
    await gateway.cancelSubscription(canceled.state.id);

    const listed = await gateway.listActiveSubscriptions();
    const ids = listed.map((s) => s.id);
    expect(ids).toContain(active.state.id);
    expect(listed.find((s) => s.id === pastDue.state.id)?.status).toBe('past_due');
    expect(ids).not.toContain(canceled.state.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(listed.every((s) => s.unitAmountCents !== null && s.interval !== null)).toBe(true);
  });
});

describe('error mapping', () => {
  it('maps an unknown id (404 resource_missing) to not_found', async () => {
    const error = await gatewayError(gateway.retrieveSubscription('sub_doesnotexist'));
    expect(error).toMatchObject({
      kind: 'not_found',
      details: { statusCode: 404, providerCode: 'resource_missing' },
    });
    expect(error.message).toContain("No such subscription: 'sub_doesnotexist'");
  });

  it('maps a bad parameter (400) to invalid_request with the param', async () => {
    const someoneElse = await customerWithCard();
    const { customerId } = await customerWithCard();
    const error = await gatewayError(
      gateway.createSubscription({
        customerId,
        priceId: 'price_pro_monthly',
        paymentMethodId: someoneElse.paymentMethodId,
        metadata: {},
        idempotencyKey: `foreign-card-${customerId}`,
      }),
    );
    expect(error).toMatchObject({
      kind: 'invalid_request',
      details: { statusCode: 400, param: 'default_payment_method' },
    });
    expect(error.message).toMatch(
      /^The payment provider rejected the request: The customer does not have a payment method/,
    );
  });

  it('maps an unknown id passed as a parameter (400 resource_missing) to not_found', async () => {
    const { customerId } = await customerWithCard();
    const error = await gatewayError(
      gateway.createSubscription({
        customerId,
        priceId: 'price_pro_monthly',
        paymentMethodId: 'pm_unknown',
        metadata: {},
        idempotencyKey: `unknown-pm-${customerId}`,
      }),
    );
    expect(error).toMatchObject({
      kind: 'not_found',
      details: { statusCode: 400, param: 'default_payment_method' },
    });
  });

  it('maps a wrong API key (401) to authentication', async () => {
    const wrongKey = createStripeGateway({
      secretKey: 'sk_test_wrong',
      apiUrl: fake.url,
      prices: TEST_BILLING_PRICES,
      maxNetworkRetries: 0,
    });
    const error = await gatewayError(wrongKey.retrieveSubscription('sub_x'));
    expect(error).toMatchObject({ kind: 'authentication', details: { statusCode: 401 } });
  });

  it('maps a declined card (402) to card_declined with the provider message, creating nothing', async () => {
    const { user, customerId, paymentMethodId } = await customerWithCard({ chargesFail: true });
    const error = await gatewayError(
      gateway.createSubscription({
        customerId,
        priceId: 'price_pro_monthly',
        paymentMethodId,
        metadata: {},
        idempotencyKey: `declined-${user.id}`,
      }),
    );
    expect(error).toMatchObject({
      kind: 'card_declined',
      message: 'Your card was declined.',
      details: { statusCode: 402, providerCode: 'card_declined', declineCode: 'generic_decline' },
    });
    expect(fake.subscriptions().filter((s) => s.customer === customerId)).toHaveLength(0);
  });

  it('reports an unreachable provider in plain words', async () => {
    const port = await closedPort();
    const offline = createStripeGateway({
      secretKey: fake.apiKey,
      apiUrl: `http://127.0.0.1:${port}`,
      prices: TEST_BILLING_PRICES,
      maxNetworkRetries: 0,
    });
    const error = await gatewayError(offline.retrieveSubscription('sub_x'));
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'The payment provider could not be reached.',
    });
  });

  it('retries a provider 500 when retries are enabled', async () => {
    const retrying = createStripeGateway({
      secretKey: fake.apiKey,
      apiUrl: fake.url,
      prices: TEST_BILLING_PRICES,
      maxNetworkRetries: 1,
    });
    const { state } = await subscribe();
    fake.failNextRequests(1, 500);
    expect((await retrying.retrieveSubscription(state.id)).id).toBe(state.id);
  });
});

describe('verifyWebhook', () => {
  function signedEvent() {
    const event = fake.buildEvent('invoice.paid', {
      id: 'in_123',
      object: 'invoice',
      parent: null,
    });
    const payload = JSON.stringify(event, null, 2);
    return { event, payload };
  }

  it('returns the event for a correctly signed body', () => {
    const { event, payload } = signedEvent();
    const verified = gateway.verifyWebhook(
      Buffer.from(payload),
      fake.signEvent(payload, TEST_WEBHOOK_SECRET),
    );
    expect(verified).toEqual(event);
    expect(verified.api_version).toBe(Stripe.API_VERSION);
  });

  it('rejects a signature made with another secret', () => {
    const { payload } = signedEvent();
    expect(() =>
      gateway.verifyWebhook(Buffer.from(payload), fake.signEvent(payload, 'whsec_forged')),
    ).toThrow(expect.objectContaining({ kind: 'invalid_signature' }));
  });

  it('rejects a signature older than 300 seconds', () => {
    const { payload } = signedEvent();
    const stale = fake.signEvent(payload, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(() => gateway.verifyWebhook(Buffer.from(payload), stale)).toThrow(/tolerance/);
    const recent = fake.signEvent(
      payload,
      TEST_WEBHOOK_SECRET,
      Math.floor(Date.now() / 1000) - 200,
    );
    expect(gateway.verifyWebhook(Buffer.from(payload), recent).type).toBe('invoice.paid');
  });

  it('rejects a body changed after signing, and a missing header', () => {
    const { payload } = signedEvent();
    const header = fake.signEvent(payload, TEST_WEBHOOK_SECRET);
    const tampered = payload.replace('in_123', 'in_999');
    expect(() => gateway.verifyWebhook(Buffer.from(tampered), header)).toThrow(
      expect.objectContaining({ kind: 'invalid_signature' }),
    );
    // Re-serialised JSON is a different byte sequence, so it fails too: handlers need the raw body.
    expect(() =>
      gateway.verifyWebhook(Buffer.from(JSON.stringify(JSON.parse(payload))), header),
    ).toThrow(BillingGatewayError);
    expect(() => gateway.verifyWebhook(Buffer.from(payload), undefined)).toThrow(
      /Missing Stripe-Signature/,
    );
  });

  it('refuses to verify without a configured secret', () => {
    const noSecret = createStripeGateway({
      secretKey: fake.apiKey,
      apiUrl: fake.url,
      prices: TEST_BILLING_PRICES,
    });
    const { payload } = signedEvent();
    expect(() =>
      noSecret.verifyWebhook(Buffer.from(payload), fake.signEvent(payload, TEST_WEBHOOK_SECRET)),
    ).toThrow(expect.objectContaining({ kind: 'configuration' }));
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
