import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

/**
 * POST /api/billing/change-plan's checks and side steps one by one, with exact replies and the
 * Stripe requests they make (billing-lifecycle.test.ts walks the upgrade and downgrade stories).
 */
let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit();
});
afterAll(async () => {
  await kit?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function paidUser(plan: 'pro' | 'business', cycle: 'monthly' | 'yearly') {
  const user = await kit.newUser();
  expect((await kit.subscribe(user.cookie, plan, cycle)).statusCode).toBe(200);
  await kit.deliverPendingEvents();
  return { ...user, subscriptionId: (await kit.account(user.userId)).stripeSubscriptionId! };
}

const change = (cookie: string, body: Record<string, unknown>) => kit.post('/api/billing/change-plan', cookie, body);
const updatesOf = (subscriptionId: string) => kit.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);

describe('change-plan refuses', () => {
  it('while the last payment failed: 409 billing_error sending the user to Manage billing, nothing changed at Stripe', async () => {
    const user = await paidUser('pro', 'monthly');
    kit.fake.failNextPayment(user.subscriptionId);
    kit.fake.advanceBillingPeriod(user.subscriptionId);
    expect(kit.fake.subscription(user.subscriptionId).status).toBe('past_due');
    const before = updatesOf(user.subscriptionId).length;
    const response = await change(user.cookie, { plan: 'business', cycle: 'monthly' });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
      statusCode: 409,
      body: { code: 'billing_error', message: 'Your last payment failed. Please update your card in “Manage billing” first.' },
    });
    expect(updatesOf(user.subscriptionId)).toHaveLength(before);
    expect(kit.fake.subscription(user.subscriptionId).items.data[0]!.price.id).toBe('price_pro_monthly');
  });

  it('the plan and cycle the user has: 409 with its own words', async () => {
    const user = await paidUser('business', 'monthly');
    const response = await change(user.cookie, { plan: 'business', cycle: 'monthly' });
    expect({ statusCode: response.statusCode, body: response.json() }).toEqual({ statusCode: 409, body: { code: 'conflict', message: 'You are already on this plan.' } });
  });
});

describe('an upgrade', () => {
  it('releases a scheduled downgrade first', async () => {
    const user = await paidUser('pro', 'yearly');
    expect((await change(user.cookie, { plan: 'pro', cycle: 'monthly' })).json()).toMatchObject({ outcome: 'scheduled' });
    const scheduleId = kit.fake.subscription(user.subscriptionId).schedule!;
    const response = await change(user.cookie, { plan: 'business', cycle: 'yearly' });
    expect(response.json()).toMatchObject({ outcome: 'upgraded', subscriptionPlan: 'business', billingCycle: 'yearly', scheduledChange: null });
    expect(kit.fake.subscription(user.subscriptionId).schedule).toBeNull();
    expect(kit.fake.subscriptionSchedule(scheduleId).status).toBe('released');
  });

  it("prorates at the preview's moment when it is under an hour old; an older one is not sent", async () => {
    // Only the clock (Date) is moved; the app and the Stripe fake read the same one.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await paidUser('pro', 'monthly');
    const previewedAt = Math.floor(Date.now() / 1000) + 1;
    vi.setSystemTime((previewedAt + 59 * 60) * 1000);
    expect((await change(user.cookie, { plan: 'business', cycle: 'monthly', prorationDate: previewedAt })).statusCode).toBe(200);
    expect(updatesOf(user.subscriptionId).map((r) => r.params.proration_date)).toEqual([String(previewedAt)]);

    const other = await paidUser('pro', 'monthly');
    const stale = Math.floor(Date.now() / 1000) + 1;
    vi.setSystemTime((stale + 61 * 60) * 1000);
    expect((await change(other.cookie, { plan: 'business', cycle: 'monthly', prorationDate: stale })).statusCode).toBe(200);
    expect(updatesOf(other.subscriptionId).map((r) => r.params.proration_date)).toEqual([undefined]);

    // Exactly an hour old is too old.
    const third = await paidUser('pro', 'monthly');
    const edge = Math.floor(Date.now() / 1000) + 1;
    vi.setSystemTime((edge + 60 * 60) * 1000);
    expect((await change(third.cookie, { plan: 'business', cycle: 'monthly', prorationDate: edge })).statusCode).toBe(200);
    expect(updatesOf(third.subscriptionId).map((r) => r.params.proration_date)).toEqual([undefined]);
  });
});

describe('a downgrade', () => {
  it('of a plan set to end at the period end takes the ending back first, then schedules the change', async () => {
    const user = await paidUser('business', 'monthly');
    expect((await kit.post('/api/downgrade-to-free', user.cookie)).statusCode).toBe(200);
    expect(kit.fake.subscription(user.subscriptionId).cancel_at_period_end).toBe(true);
    const response = await change(user.cookie, { plan: 'pro', cycle: 'monthly' });
    expect(response.json()).toMatchObject({ outcome: 'scheduled', cancelAtPeriodEnd: false, scheduledChange: { plan: 'pro', billingCycle: 'monthly' } });
    expect(kit.fake.subscription(user.subscriptionId).cancel_at_period_end).toBe(false);
  });

  it('of a plan that is not ending sends no resume to Stripe', async () => {
    const user = await paidUser('business', 'monthly');
    const before = updatesOf(user.subscriptionId).length;
    expect((await change(user.cookie, { plan: 'pro', cycle: 'monthly' })).json()).toMatchObject({ outcome: 'scheduled' });
    expect(updatesOf(user.subscriptionId).filter((r) => 'cancel_at_period_end' in r.params)).toHaveLength(0);
    expect(updatesOf(user.subscriptionId)).toHaveLength(before);
  });
});
