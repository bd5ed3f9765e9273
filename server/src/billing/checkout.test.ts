import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCredits } from '../../../contract/plans.js';
import { analyticsDaily } from '../db/schema/analytics.js';
import { billingCheckouts } from '../db/schema/billing.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit();
});
afterAll(async () => {
  await kit?.close();
});

const stripeCalls = (method: string, path: string | RegExp) =>
  kit.fake.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

async function payments(): Promise<number> {
  const [row] = await kit.t.database.db
    .select({ n: sql<number>`coalesce(sum(${analyticsDaily.count}), 0)::int` })
    .from(analyticsDaily)
    .where(eq(analyticsDaily.event, 'payment'));
  return row!.n;
}

describe('billing calls need a signed-in user', () => {
  it.each([
    ['/api/create-setup-intent', { planId: 'pro', billingCycle: 'monthly' }],
    ['/api/get-or-create-subscription', { planId: 'pro', billingCycle: 'monthly' }],
    ['/api/complete-subscription', { setupIntentId: 'seti_123' }],
    ['/api/complete-subscription', { nonsense: true }],
    ['/api/downgrade-to-free', undefined],
  ])('POST %s → 401', async (url, payload) => {
    const response = await kit.post(url, null, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('GET /api/billing/subscription → 401', async () => {
    expect((await kit.get('/api/billing/subscription', null)).statusCode).toBe(401);
  });
});

describe('starting a checkout', () => {
  it('creates the customer once, stores it, and makes an off-session SetupIntent for the plan and cycle', async () => {
    const user = await kit.newUser();
    const first = await kit.post('/api/create-setup-intent', user.cookie, { planId: 'pro', billingCycle: 'yearly', priceId: 'price_legacy_monthly' });
    expect(first.statusCode).toBe(200);
    const body = first.json() as { clientSecret: string; setupIntentId: string };
    expect(body.clientSecret).toMatch(/^seti_.+_secret_/);
    const setupIntent = kit.fake.setupIntent(body.setupIntentId);
    const account = await kit.account(user.userId);
    expect(account.stripeCustomerId).toMatch(/^cus_/);
    expect(setupIntent).toMatchObject({
      customer: account.stripeCustomerId,
      usage: 'off_session',
      metadata: { userId: user.userId, planId: 'pro', billingCycle: 'yearly' },
    });

    const customersBefore = stripeCalls('POST', '/v1/customers').length;
    const second = await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'business', billingCycle: 'monthly' });
    expect(second.statusCode).toBe(200);
    expect(stripeCalls('POST', '/v1/customers')).toHaveLength(customersBefore);
    expect(kit.fake.setupIntent((second.json() as { setupIntentId: string }).setupIntentId).customer).toBe(account.stripeCustomerId);
  });

  it('refuses plans that are not for sale and unknown cycles', async () => {
    const user = await kit.newUser();
    for (const payload of [{ planId: 'free', billingCycle: 'monthly' }, { planId: 'pro', billingCycle: 'weekly' }, { planId: 'enterprise', billingCycle: 'monthly' }]) {
      const response = await kit.post('/api/get-or-create-subscription', user.cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('completing a subscription', () => {
  it('subscribes with the saved card at our own price, sets plan, credits and period, and counts a payment', async () => {
    const user = await kit.newUser();
    await kit.setAccount(user.userId, { creditsUsed: 4 });
    const paymentsBefore = await payments();
    // The browser asks for a price we do not sell for this plan: it is ignored.
    const setup = await kit.post('/api/create-setup-intent', user.cookie, { planId: 'pro', billingCycle: 'monthly', priceId: 'price_legacy_monthly' });
    const { setupIntentId } = setup.json() as { setupIntentId: string };
    kit.fake.confirmSetupIntent(setupIntentId);
    const response = await kit.post('/api/complete-subscription', user.cookie, { setupIntentId, planId: 'pro', billingCycle: 'monthly' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      outcome: 'subscribed',
      subscriptionPlan: 'pro',
      billingCycle: 'monthly',
      subscriptionStatus: 'active',
      pastDue: false,
      // The 4 Free credits used do not come off Pro's allowance (issue #35).
      creditsUsed: 0,
      creditsLimit: planCredits('pro'),
    });

    const account = await kit.account(user.userId);
    const subscription = kit.fake.subscription(account.stripeSubscriptionId!);
    expect(subscription.items.data[0]!.price.id).toBe('price_pro_monthly');
    expect(subscription.default_payment_method).toBe(kit.fake.setupIntent(setupIntentId).payment_method);
    expect(subscription.metadata).toMatchObject({ userId: user.userId, setupIntentId });
    expect(account.creditsPeriodStart.getTime()).toBe(subscription.items.data[0]!.current_period_start * 1000);
    expect(await payments()).toBe(paymentsBefore + 1);
  });

  it('is idempotent: completing the same SetupIntent twice creates one subscription and calls Stripe once', async () => {
    const user = await kit.newUser();
    const setupIntentId = await kit.cardSaved(user.cookie, 'business', 'yearly');
    const first = await kit.post('/api/complete-subscription', user.cookie, { setupIntentId });
    expect(first.statusCode).toBe(200);
    const requestsAfterFirst = kit.fake.requests.length;
    const paymentsAfterFirst = await payments();

    const second = await kit.post('/api/complete-subscription', user.cookie, { setupIntentId, planId: 'business', billingCycle: 'yearly' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: true, outcome: 'subscribed', subscriptionPlan: 'business', billingCycle: 'yearly' });
    expect(kit.fake.requests.length).toBe(requestsAfterFirst);
    expect(await payments()).toBe(paymentsAfterFirst);

    const customer = (await kit.account(user.userId)).stripeCustomerId;
    expect(kit.fake.subscriptions().filter((s) => s.customer === customer)).toHaveLength(1);
  });

  it('gives one subscription when two completions of the same SetupIntent race', async () => {
    const user = await kit.newUser();
    const setupIntentId = await kit.cardSaved(user.cookie, 'pro', 'monthly');
    const [a, b] = await Promise.all([
      kit.post('/api/complete-subscription', user.cookie, { setupIntentId }),
      kit.post('/api/complete-subscription', user.cookie, { setupIntentId }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const customer = (await kit.account(user.userId)).stripeCustomerId;
    expect(kit.fake.subscriptions().filter((s) => s.customer === customer)).toHaveLength(1);
    const rows = await kit.t.database.db.select().from(billingCheckouts).where(eq(billingCheckouts.userId, user.userId));
    expect(rows).toHaveLength(1);
  });

  it("refuses another user's SetupIntent", async () => {
    const owner = await kit.newUser();
    const thief = await kit.newUser();
    const setupIntentId = await kit.cardSaved(owner.cookie, 'pro', 'monthly');
    await kit.post('/api/get-or-create-subscription', thief.cookie, { planId: 'pro', billingCycle: 'monthly' });
    const response = await kit.post('/api/complete-subscription', thief.cookie, { setupIntentId });
    expect(response.statusCode).toBe(403);
    expect((await kit.account(thief.userId)).subscriptionPlan).toBe('free');

    // Once the owner completed it, the thief still gets nothing.
    expect((await kit.post('/api/complete-subscription', owner.cookie, { setupIntentId })).statusCode).toBe(200);
    expect((await kit.post('/api/complete-subscription', thief.cookie, { setupIntentId })).statusCode).toBe(403);
  });

  it('refuses a SetupIntent whose card was not confirmed, a plan that does not match, and unknown ids', async () => {
    const user = await kit.newUser();
    const setup = await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'pro', billingCycle: 'monthly' });
    const { setupIntentId } = setup.json() as { setupIntentId: string };
    const unconfirmed = await kit.post('/api/complete-subscription', user.cookie, { setupIntentId });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: 'billing_error' });

    kit.fake.confirmSetupIntent(setupIntentId, { result: 'declined' });
    expect((await kit.post('/api/complete-subscription', user.cookie, { setupIntentId })).statusCode).toBe(409);

    const other = await kit.cardSaved(user.cookie, 'pro', 'monthly');
    const mismatch = await kit.post('/api/complete-subscription', user.cookie, { setupIntentId: other, planId: 'business', billingCycle: 'monthly' });
    expect(mismatch.statusCode).toBe(400);

    const unknown = await kit.post('/api/complete-subscription', user.cookie, { setupIntentId: 'seti_doesnotexist' });
    expect(unknown.statusCode).toBe(404);
    expect(kit.fake.subscriptions().filter((s) => s.metadata.userId === user.userId)).toHaveLength(0);
    expect((await kit.account(user.userId)).subscriptionPlan).toBe('free');
  });

  it("answers 402 with the bank's message when the first payment is declined, and changes nothing", async () => {
    const user = await kit.newUser();
    const response = await kit.subscribe(user.cookie, 'pro', 'monthly', { chargesFail: true });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'billing_error', message: expect.stringMatching(/declined/i) });
    const account = await kit.account(user.userId);
    expect(account).toMatchObject({ subscriptionPlan: 'free', creditsLimit: 6, stripeSubscriptionId: null });
  });

  it('refuses to start a checkout for the plan the user already has (409 conflict) and for any other plan (409 plan_change_required)', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'pro', 'monthly');
    const setupsBefore = stripeCalls('POST', '/v1/setup_intents').length;
    const same = await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'pro', billingCycle: 'monthly' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: 'conflict' });
    for (const [url, planId, billingCycle] of [
      ['/api/get-or-create-subscription', 'pro', 'yearly'],
      ['/api/create-setup-intent', 'business', 'monthly'],
    ] as const) {
      const response = await kit.post(url, user.cookie, { planId, billingCycle });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'plan_change_required' });
    }
    expect(stripeCalls('POST', '/v1/setup_intents')).toHaveLength(setupsBefore);
  });
});

describe('downgrading to free (decision 017: at the end of the period)', () => {
  it('sets cancel_at_period_end; plan, cycle and credits stay until the period ends', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'pro', 'monthly');
    const subscriptionId = (await kit.account(user.userId)).stripeSubscriptionId!;
    await kit.setAccount(user.userId, { creditsUsed: 40 });

    const response = await kit.post('/api/downgrade-to-free', user.cookie);
    expect(response.statusCode).toBe(200);
    const periodEnd = kit.fake.subscription(subscriptionId).items.data[0]!.current_period_end;
    expect(response.json()).toMatchObject({
      success: true,
      subscriptionPlan: 'pro',
      billingCycle: 'monthly',
      creditsLimit: 200,
      creditsUsed: 40,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
    expect(kit.fake.subscription(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'pro', stripeSubscriptionId: subscriptionId, cancelAtPeriodEnd: true });

    // Again: already ending, still fine, nothing else sent to Stripe.
    const again = await kit.post('/api/downgrade-to-free', user.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ subscriptionPlan: 'pro', cancelAtPeriodEnd: true });
  });

  it('works for a free user without a subscription', async () => {
    const user = await kit.newUser();
    const response = await kit.post('/api/downgrade-to-free', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscriptionPlan: 'free', creditsLimit: 6, cancelAtPeriodEnd: false, currentPeriodEnd: null });
  });
});

describe('billing state', () => {
  it('reports plan, cycle, status and credits', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'pro', 'yearly');
    const response = await kit.get('/api/billing/subscription', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscriptionPlan: 'pro', billingCycle: 'yearly', subscriptionStatus: 'active', pastDue: false, creditsLimit: 200 });
  });

  it('GET /api/config hands the browser the publishable key, never the secret', async () => {
    const response = await kit.get('/api/config', null);
    expect(response.json()).toMatchObject({ billingEnabled: true, stripePublishableKey: 'pk_test_fake_raumwerk' });
    expect(response.body).not.toContain('sk_test');
    expect(response.body).not.toContain('whsec');
  });

  it('limits how many card setups one user may start', async () => {
    const user = await kit.newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await kit.post('/api/create-setup-intent', user.cookie, { planId: 'pro', billingCycle: 'monthly' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const rows = await kit.t.database.db.execute(sql`SELECT 1 FROM rate_limits WHERE key = ${`billing:setup:${user.userId}`}`);
    expect(rows.rows).toHaveLength(1);
  });
});
