/**
 * Issue #22 item 3: a plan change through checkout applied at once, so Pro → checkout Business →
 * checkout Pro left the account on Pro with Business's 1000 credits and a −70 € customer balance,
 * every period. Every entry point now follows one rule (decision 031): up now with proration, down
 * at the renewal; a subscribed user's checkout is refused towards change-plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit();
});
afterAll(async () => {
  await kit?.close();
});

const balanceOf = (customerId: string) => {
  const customer = kit.fake.customers().find((c) => c.id === customerId);
  return customer && 'balance' in customer ? customer.balance : null;
};
/** Invoices Stripe collected for the subscription so far. */
const invoicesOf = (subscriptionId: string) =>
  kit.fake.events.filter((e) => e.type === 'invoice.paid' && (e.data.object as { parent?: { subscription_details?: { subscription?: string } } }).parent?.subscription_details?.subscription === subscriptionId).length;

async function proUser() {
  const user = await kit.newUser();
  expect((await kit.subscribe(user.cookie, 'pro', 'monthly')).statusCode).toBe(200);
  await kit.deliverPendingEvents();
  const account = await kit.account(user.userId);
  return { ...user, subscriptionId: account.stripeSubscriptionId!, customerId: account.stripeCustomerId! };
}

describe('issue #22 item 3: no downgrade at once through checkout', () => {
  it('Pro → checkout Business → checkout Pro: both checkouts are refused with 409 plan_change_required and nothing changes', async () => {
    const user = await proUser();
    await kit.setAccount(user.userId, { creditsUsed: 150 });
    const requestsBefore = kit.fake.requests.length;

    for (const planId of ['business', 'pro'] as const) {
      for (const url of ['/api/create-setup-intent', '/api/get-or-create-subscription']) {
        const response = await kit.post(url, user.cookie, { planId, billingCycle: planId === 'pro' ? 'yearly' : 'monthly' });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'plan_change_required' });
      }
    }
    // Only reads: no SetupIntent, no subscription update.
    expect(kit.fake.requests.slice(requestsBefore).filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'pro', billingCycle: 'monthly', creditsUsed: 150, creditsLimit: 200 });
    expect(kit.fake.subscription(user.subscriptionId).items.data[0]!.price.id).toBe('price_pro_monthly');
    expect(balanceOf(user.customerId)).toBe(0);
  });

  it('a card saved for another plan before subscribing cannot swap the live subscription (409, nothing charged or credited)', async () => {
    const user = await kit.newUser();
    // Two card forms open while still on free: Business in one tab, Pro in the other.
    const businessSetup = await kit.cardSaved(user.cookie, 'business', 'monthly');
    const proSetup = await kit.cardSaved(user.cookie, 'pro', 'monthly');
    expect((await kit.post('/api/complete-subscription', user.cookie, { setupIntentId: businessSetup })).statusCode).toBe(200);
    await kit.deliverPendingEvents();
    const account = await kit.account(user.userId);
    expect(account).toMatchObject({ subscriptionPlan: 'business', creditsLimit: 1000 });
    const paidBefore = invoicesOf(account.stripeSubscriptionId!);

    const downgrade = await kit.post('/api/complete-subscription', user.cookie, { setupIntentId: proSetup });
    expect(downgrade.statusCode).toBe(409);
    expect(downgrade.json()).toMatchObject({ code: 'plan_change_required' });
    await kit.deliverPendingEvents();
    expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'business', billingCycle: 'monthly', creditsLimit: 1000, stripeSubscriptionId: account.stripeSubscriptionId });
    expect(kit.fake.subscription(account.stripeSubscriptionId!).items.data[0]!.price.id).toBe('price_business_monthly');
    expect(kit.fake.subscriptions().filter((s) => s.customer === account.stripeCustomerId)).toHaveLength(1);
    expect(balanceOf(account.stripeCustomerId!)).toBe(0);
    expect(invoicesOf(account.stripeSubscriptionId!)).toBe(paidBefore);
    // A retry of the same completion is refused the same way (no billing_checkouts row was written).
    expect((await kit.post('/api/complete-subscription', user.cookie, { setupIntentId: proSetup })).json()).toMatchObject({ code: 'plan_change_required' });
  });

  it('through change-plan, the same steps are an upgrade now and a downgrade at the renewal, each period: never Pro with 1000 credits, never a balance', async () => {
    const user = await proUser();
    for (let period = 0; period < 2; period++) {
      await kit.setAccount(user.userId, { creditsUsed: 150 });
      const up = await kit.post('/api/billing/change-plan', user.cookie, { plan: 'business', cycle: 'monthly' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ outcome: 'upgraded', subscriptionPlan: 'business', creditsUsed: 150, creditsLimit: 1000 });
      const down = await kit.post('/api/billing/change-plan', user.cookie, { plan: 'pro', cycle: 'monthly' });
      expect(down.statusCode).toBe(200);
      expect(down.json()).toMatchObject({ outcome: 'scheduled', subscriptionPlan: 'business', creditsUsed: 150, creditsLimit: 1000, scheduledChange: { plan: 'pro', billingCycle: 'monthly' } });
      await kit.deliverPendingEvents();
      expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'business', creditsLimit: 1000 });
      expect(kit.fake.subscription(user.subscriptionId).items.data[0]!.price.id).toBe('price_business_monthly');
      expect(balanceOf(user.customerId)).toBe(0);

      // The renewal bills Pro (29 €) and the account moves to Pro with a fresh period of Pro's 200.
      const renewal = kit.fake.advanceBillingPeriod(user.subscriptionId);
      expect(renewal.invoice).toMatchObject({ amount_paid: 2900, status: 'paid' });
      await kit.deliverPendingEvents();
      expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'pro', billingCycle: 'monthly', creditsUsed: 0, creditsLimit: 200 });
      expect(balanceOf(user.customerId)).toBe(0);
    }
  });

  it('yearly → monthly is a downgrade at the renewal too; the monthly price starts with the next period', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'business', 'yearly');
    await kit.deliverPendingEvents();
    const account = await kit.account(user.userId);
    expect((await kit.post('/api/get-or-create-subscription', user.cookie, { planId: 'business', billingCycle: 'monthly' })).json()).toMatchObject({ code: 'plan_change_required' });
    const switched = await kit.post('/api/billing/change-plan', user.cookie, { plan: 'business', cycle: 'monthly' });
    expect(switched.json()).toMatchObject({ outcome: 'scheduled', subscriptionPlan: 'business', billingCycle: 'yearly', creditsLimit: 1000 });
    expect(kit.fake.subscription(account.stripeSubscriptionId!).items.data[0]!.price.id).toBe('price_business_yearly');
    expect(balanceOf(account.stripeCustomerId!)).toBe(0);
  });

  it('a downgrade Stripe reports as already applied (Dashboard, portal) leaves the lower plan with its own limit', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'business', 'monthly');
    await kit.deliverPendingEvents();
    const account = await kit.account(user.userId);
    await kit.setAccount(user.userId, { creditsUsed: 150 });
    const item = kit.fake.subscription(account.stripeSubscriptionId!).items.data[0]!;
    // Someone swaps the price at Stripe itself, outside the app.
    const swapped = await fetch(`${kit.fake.url}/v1/subscriptions/${account.stripeSubscriptionId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${kit.fake.apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `items[0][id]=${item.id}&items[0][price]=price_pro_monthly&proration_behavior=none`,
    });
    expect(swapped.status).toBe(200);
    await kit.deliverPendingEvents();
    expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'pro', billingCycle: 'monthly', creditsUsed: 150, creditsLimit: 200 });
  });
});
