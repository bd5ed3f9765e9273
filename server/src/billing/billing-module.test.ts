import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBilling } from './billing-module.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit();
});
afterAll(async () => {
  await kit?.close();
});

describe('billing hooks for other features', () => {
  it('cancels a subscription for the account purge, and tolerates one already gone', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'pro', 'monthly');
    const account = await kit.account(user.userId);
    const billing = createBilling(kit.t.config);
    await billing.cancelSubscriptionOf(account);
    expect(kit.fake.subscription(account.stripeSubscriptionId!).status).toBe('canceled');
    await expect(billing.cancelSubscriptionOf(account)).resolves.toBeUndefined();
    await expect(billing.cancelSubscriptionOf({ id: user.userId, stripeSubscriptionId: null })).resolves.toBeUndefined();
  });

  it('refuses to pretend a subscription was canceled when Stripe is not configured', async () => {
    const billing = createBilling({ ...kit.t.config, billingEnabled: false });
    expect(billing.checkout).toBeNull();
    await expect(billing.cancelSubscriptionOf({ id: 'u', stripeSubscriptionId: 'sub_1' })).rejects.toThrow(/not configured/);
  });

  it('reports MRR in cents from the billable subscriptions (yearly counted per month)', async () => {
    const billing = createBilling(kit.t.config);
    const before = await billing.subscriptionMrr();
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'business', 'yearly');
    const after = await billing.subscriptionMrr();
    expect(after.totalCents).toBe(Math.round(before.totalCents + 89100 / 12));
    expect(after.byPlanCents.business).toBe(Math.round(before.byPlanCents.business + 89100 / 12));
    expect(after.byPlanCents.pro).toBe(before.byPlanCents.pro);
  });
});
