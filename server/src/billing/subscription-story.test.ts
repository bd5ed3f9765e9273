/**
 * The whole life of a subscription through HTTP: a free user upgrades, spends credits, renews,
 * misses a payment, pays, changes plan, cancels at the period end in Stripe, and finally
 * downgrades; every webhook is delivered signed, as Stripe would send it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit();
});
afterAll(async () => {
  await kit?.close();
});

it('upgrade → credits → renewal → past due → plan change → cancel → downgrade', async () => {
  const user = await kit.newUser();
  const state = async () => (await kit.get('/api/billing/subscription', user.cookie)).json() as Record<string, unknown>;
  const me = async () => (await kit.get('/api/auth/user', user.cookie)).json() as { creditsUsed: number; creditsLimit: number; subscriptionPlan: string };

  // Free: 6 credits, 4 used.
  await kit.setAccount(user.userId, { creditsUsed: 4 });
  expect(await me()).toMatchObject({ subscriptionPlan: 'free', creditsUsed: 4, creditsLimit: 6 });

  // Upgrade to Pro monthly: Pro's full credits (the Free usage does not carry over, issue #35), the period is the subscription's.
  const upgrade = await kit.subscribe(user.cookie, 'pro', 'monthly');
  expect(upgrade.statusCode).toBe(200);
  await kit.deliverPendingEvents();
  expect(await me()).toMatchObject({ subscriptionPlan: 'pro', creditsUsed: 0, creditsLimit: 200 });
  const subscriptionId = (await kit.account(user.userId)).stripeSubscriptionId!;
  const firstPeriod = (await kit.account(user.userId)).creditsPeriodStart;

  // Credits are spent during the month.
  await kit.setAccount(user.userId, { creditsUsed: 180 });

  // Renewal: invoice.paid starts a new period with the full 200.
  kit.fake.advanceBillingPeriod(subscriptionId);
  await kit.deliverPendingEvents();
  const renewed = await kit.account(user.userId);
  expect(renewed).toMatchObject({ creditsUsed: 0, creditsLimit: 200, subscriptionStatus: 'active' });
  expect(renewed.creditsPeriodStart.getTime()).toBeGreaterThan(firstPeriod.getTime());
  expect(renewed.creditsPeriodStart.getTime()).toBe(kit.fake.subscription(subscriptionId).items.data[0]!.current_period_start * 1000);

  // The next renewal fails: past due, nothing new granted.
  await kit.setAccount(user.userId, { creditsUsed: 120 });
  kit.fake.failNextPayment(subscriptionId);
  kit.fake.advanceBillingPeriod(subscriptionId);
  await kit.deliverPendingEvents();
  expect(await state()).toMatchObject({ pastDue: true, subscriptionStatus: 'past_due', creditsUsed: 120 });

  // Stripe retries and the card pays: active again, the new period starts.
  kit.fake.retryLatestInvoice(subscriptionId);
  await kit.deliverPendingEvents();
  expect(await state()).toMatchObject({ pastDue: false, subscriptionStatus: 'active', creditsUsed: 0, creditsLimit: 200 });

  // Upgrade to Business mid-period (change-plan, decision 031): the same subscription, used stays, the limit rises.
  await kit.setAccount(user.userId, { creditsUsed: 50 });
  const change = await kit.post('/api/billing/change-plan', user.cookie, { plan: 'business', cycle: 'monthly' });
  expect(change.json()).toMatchObject({ outcome: 'upgraded', subscriptionPlan: 'business', creditsUsed: 50, creditsLimit: 1000 });
  await kit.deliverPendingEvents();
  expect(await me()).toMatchObject({ subscriptionPlan: 'business', creditsUsed: 50, creditsLimit: 1000 });
  expect((await kit.account(user.userId)).stripeSubscriptionId).toBe(subscriptionId);

  // Canceled in Stripe for the period end: still business until then.
  await fetch(`${kit.fake.url}/v1/subscriptions/${subscriptionId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${kit.fake.apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'cancel_at_period_end=true',
  });
  await kit.deliverPendingEvents();
  expect(await me()).toMatchObject({ subscriptionPlan: 'business' });

  // The period ends: customer.subscription.deleted → free, limit 6, used stays.
  kit.fake.advanceBillingPeriod(subscriptionId);
  const ended = await kit.deliverPendingEvents();
  expect(ended.map((e) => e.type)).toContain('customer.subscription.deleted');
  expect(await me()).toMatchObject({ subscriptionPlan: 'free', creditsUsed: 50, creditsLimit: 6 });
  expect(await state()).toMatchObject({ billingCycle: null, pastDue: false });

  // Subscribe again (yearly), then end it through the app: it runs to the end of the paid year.
  await kit.subscribe(user.cookie, 'pro', 'yearly');
  await kit.deliverPendingEvents();
  // A new subscription starts full: the 50 used on free are not carried over (issue #35); 50 are used on it.
  expect(await me()).toMatchObject({ subscriptionPlan: 'pro', creditsLimit: 200, creditsUsed: 0 });
  await kit.setAccount(user.userId, { creditsUsed: 50 });
  const secondSubscription = (await kit.account(user.userId)).stripeSubscriptionId!;
  expect(secondSubscription).not.toBe(subscriptionId);
  const downgrade = await kit.post('/api/downgrade-to-free', user.cookie);
  expect(downgrade.json()).toMatchObject({ success: true, subscriptionPlan: 'pro', creditsLimit: 200, cancelAtPeriodEnd: true });
  await kit.deliverPendingEvents();
  expect(await me()).toMatchObject({ subscriptionPlan: 'pro', creditsLimit: 200, creditsUsed: 50 });
  // The year ends: Stripe deletes the subscription and the account is on free.
  kit.fake.advanceBillingPeriod(secondSubscription);
  await kit.deliverPendingEvents();
  expect(kit.fake.subscription(secondSubscription).status).toBe('canceled');
  expect(await me()).toMatchObject({ subscriptionPlan: 'free', creditsLimit: 6, creditsUsed: 50 });
});
