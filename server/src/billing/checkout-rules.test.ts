import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaidPlanId } from '../../../contract/billing.js';
import type { BillingCycle } from '../../../contract/plans.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

/**
 * checkout-service.ts's checks one by one, each alone (checkout.test.ts walks the happy paths): whose
 * SetupIntent it is, whether its card was confirmed, what plan it was made for, the live
 * subscription it must not replace, and the exact replies. SetupIntents with unusual metadata are
 * made through the app's own gateway (stripe-node against the Stripe fake).
 */
let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit();
});
afterAll(async () => {
  await kit?.close();
});

const gateway = () => kit.t.billing.checkout!.gateway;

/** A SetupIntent on `customerId` with the given metadata, its card confirmed. */
async function confirmedIntent(customerId: string, meta: Record<string, string>): Promise<string> {
  const { id } = await gateway().createSetupIntent(customerId, meta as { userId: string; planId: PaidPlanId; billingCycle: BillingCycle });
  kit.fake.confirmSetupIntent(id);
  return id;
}

/** A signed-in user with a Stripe customer (made by starting a checkout). */
async function customer() {
  const user = await kit.newUser();
  await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'pro', billingCycle: 'monthly' });
  return { ...user, customerId: (await kit.account(user.userId)).stripeCustomerId! };
}

const complete = (cookie: string, body: Record<string, string>) => kit.post('/api/complete-subscription', cookie, body);
const FOREIGN = { statusCode: 403, body: { code: 'forbidden', message: 'This payment setup belongs to another account.' } };

describe('whose SetupIntent it is', () => {
  it("the caller's customer but another user's metadata: 403", async () => {
    const user = await customer();
    const other = await kit.newUser();
    const id = await confirmedIntent(user.customerId, { userId: other.userId, planId: 'pro', billingCycle: 'monthly' });
    const response = await complete(user.cookie, { setupIntentId: id });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual(FOREIGN);
  });

  it("another customer's SetupIntent naming the caller in its metadata: 403", async () => {
    const user = await customer();
    const other = await customer();
    const id = await confirmedIntent(other.customerId, { userId: user.userId, planId: 'pro', billingCycle: 'monthly' });
    const response = await complete(user.cookie, { setupIntentId: id });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual(FOREIGN);
    expect((await kit.account(user.userId)).subscriptionPlan).toBe('free');
  });

  it('a caller without a Stripe customer: 403, even for a SetupIntent naming them', async () => {
    const owner = await customer();
    const user = await kit.newUser();
    const id = await confirmedIntent(owner.customerId, { userId: user.userId, planId: 'pro', billingCycle: 'monthly' });
    const response = await complete(user.cookie, { setupIntentId: id });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual(FOREIGN);
  });

  it("the caller's customer without a user in the metadata is the caller's", async () => {
    const user = await customer();
    const id = await confirmedIntent(user.customerId, { planId: 'business', billingCycle: 'yearly' });
    const response = await complete(user.cookie, { setupIntentId: id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscriptionPlan: 'business', billingCycle: 'yearly' });
  });

  it('a completed SetupIntent replayed by someone else: 403 with the same words', async () => {
    const owner = await kit.newUser();
    const thief = await kit.newUser();
    const setupIntentId = await kit.cardSaved(owner.cookie, 'pro', 'monthly');
    expect((await complete(owner.cookie, { setupIntentId })).statusCode).toBe(200);
    const response = await complete(thief.cookie, { setupIntentId });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual(FOREIGN);
  });
});

describe('what the SetupIntent was made for', () => {
  it('an unconfirmed card: 409 billing_error asking for the card again', async () => {
    const user = await customer();
    const { id } = await gateway().createSetupIntent(user.customerId, { userId: user.userId, planId: 'pro', billingCycle: 'monthly' });
    const response = await complete(user.cookie, { setupIntentId: id });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
      statusCode: 409,
      body: { code: 'billing_error', message: 'The card has not been confirmed yet. Please enter your card details again.' },
    });
  });

  it('a card still waiting for 3-D Secure (a payment method, not yet succeeded): 409, no subscription', async () => {
    const user = await customer();
    const { id } = await gateway().createSetupIntent(user.customerId, { userId: user.userId, planId: 'pro', billingCycle: 'monthly' });
    expect(kit.fake.confirmSetupIntent(id, { result: 'requires_action' })).toMatchObject({ status: 'requires_action', payment_method: expect.stringMatching(/^pm_/) });
    const response = await complete(user.cookie, { setupIntentId: id });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
      statusCode: 409,
      body: { code: 'billing_error', message: 'The card has not been confirmed yet. Please enter your card details again.' },
    });
    expect(kit.fake.subscriptions().filter((s) => s.customer === user.customerId)).toHaveLength(0);
  });

  it('no paid plan or no known cycle in the metadata: 400 billing_error', async () => {
    const user = await customer();
    for (const meta of <Record<string, string>[]>[
      { userId: user.userId, planId: 'free', billingCycle: 'monthly' },
      { userId: user.userId, planId: 'pro', billingCycle: 'weekly' },
      { userId: user.userId },
    ]) {
      const response = await complete(user.cookie, { setupIntentId: await confirmedIntent(user.customerId, meta) });
      expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
        statusCode: 400,
        body: { code: 'billing_error', message: 'This payment setup was not made for a plan. Please start again.' },
      });
    }
    expect((await kit.account(user.userId)).subscriptionPlan).toBe('free');
  });

  it('a plan or a cycle other than the one it was made for: 400', async () => {
    const user = await kit.newUser();
    const setupIntentId = await kit.cardSaved(user.cookie, 'pro', 'monthly');
    for (const body of <Record<string, string>[]>[
      { setupIntentId, planId: 'business', billingCycle: 'monthly' },
      { setupIntentId, planId: 'pro', billingCycle: 'yearly' },
      { setupIntentId, billingCycle: 'yearly' },
    ]) {
      const response = await complete(user.cookie, body);
      expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
        statusCode: 400,
        body: { code: 'bad_request', message: 'The plan does not match the payment setup. Please start again.' },
      });
    }
    expect((await complete(user.cookie, { setupIntentId, planId: 'pro', billingCycle: 'monthly' })).statusCode).toBe(200);
  });
});

describe('a live subscription', () => {
  it('a second card form (another tab) completed after subscribing is a 409 plan_change_required and charges nothing', async () => {
    const user = await kit.newUser();
    const first = await kit.cardSaved(user.cookie, 'pro', 'monthly');
    const second = await kit.cardSaved(user.cookie, 'business', 'monthly');
    expect((await complete(user.cookie, { setupIntentId: first })).statusCode).toBe(200);
    const response = await complete(user.cookie, { setupIntentId: second });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'plan_change_required' });
    const customerId = (await kit.account(user.userId)).stripeCustomerId;
    expect(kit.fake.subscriptions().filter((s) => s.customer === customerId)).toHaveLength(1);
    expect((await kit.account(user.userId)).subscriptionPlan).toBe('pro');
  });

  it('starting a checkout for the plan the user has: 409 with its own words', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'pro', 'yearly');
    const response = await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'pro', billingCycle: 'yearly' });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual({ statusCode: 409, body: { code: 'conflict', message: 'You are already on this plan.' } });
  });

  it('a user who never subscribed starts a checkout without Stripe being asked for a subscription', async () => {
    const user = await kit.newUser();
    const reads = () => kit.fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/subscriptions')).length;
    const before = reads();
    expect((await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'pro', billingCycle: 'monthly' })).statusCode).toBe(200);
    const setupIntentId = await kit.cardSaved(user.cookie, 'pro', 'monthly');
    expect((await complete(user.cookie, { setupIntentId })).statusCode).toBe(200);
    expect(reads()).toBe(before);
  });

  it('a stored subscription Stripe no longer knows does not block a new checkout', async () => {
    const user = await customer();
    await kit.setAccount(user.userId, { stripeSubscriptionId: 'sub_gone_long_ago' });
    const response = await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'pro', billingCycle: 'monthly' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { setupIntentId: string }).setupIntentId).toMatch(/^seti_/);
  });

  it('a provider failure while reading the stored subscription is answered as one, and no SetupIntent is made', async () => {
    const user = await customer();
    await kit.setAccount(user.userId, { stripeSubscriptionId: 'sub_unreadable' });
    const setupsBefore = kit.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/setup_intents').length;
    kit.fake.failNextRequests(1, 400);
    const response = await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'pro', billingCycle: 'monthly' });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
      statusCode: 400,
      body: { code: 'billing_error', message: 'The payment provider refused this request. Please start again.' },
    });
    expect(kit.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/setup_intents')).toHaveLength(setupsBefore);
  });
});

describe('the subscription request', () => {
  it("carries the SetupIntent's idempotency key, so a retried completion never makes a second subscription", async () => {
    const user = await kit.newUser();
    const setupIntentId = await kit.cardSaved(user.cookie, 'pro', 'monthly');
    expect((await complete(user.cookie, { setupIntentId })).statusCode).toBe(200);
    const creates = kit.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions' && JSON.stringify(r.params).includes(setupIntentId));
    expect(creates.map((r) => r.idempotencyKey)).toEqual([`raumwerk-subscription-${setupIntentId}`]);
  });
});
