import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents } from '../db/schema/billing.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit();
});
afterAll(async () => {
  await kit?.close();
});

/** A pro subscriber whose checkout events have been delivered. */
async function subscriber(plan: 'pro' | 'business' = 'pro', cycle: 'monthly' | 'yearly' = 'monthly') {
  const user = await kit.newUser();
  const response = await kit.subscribe(user.cookie, plan, cycle);
  if (response.statusCode !== 200) throw new Error(response.body);
  await kit.deliverPendingEvents();
  const account = await kit.account(user.userId);
  return { ...user, subscriptionId: account.stripeSubscriptionId! };
}

const processed = async (eventId: string) => (await kit.t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).length;

describe('webhook signatures', () => {
  it('accepts a correctly signed event and stores its id', async () => {
    const { subscriptionId } = await subscriber();
    const event = kit.fake.buildEvent('customer.subscription.updated', kit.fake.subscription(subscriptionId));
    const response = await kit.sendEvent(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: true });
    expect(await processed(event.id)).toBe(1);
  });

  it('refuses a forged signature (wrong secret), a stale one (older than 300 s) and a missing one with 400', async () => {
    const { subscriptionId } = await subscriber();
    const event = kit.fake.buildEvent('customer.subscription.deleted', { ...kit.fake.subscription(subscriptionId), status: 'canceled' });
    const forged = await kit.sendEvent(event, { secret: 'whsec_attacker' });
    const stale = await kit.sendEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const missing = await kit.sendEvent(event, { header: null });
    const garbage = await kit.sendEvent(event, { header: 't=1,v1=abc' });
    for (const response of [forged, stale, missing, garbage]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request' });
    }
    expect(await processed(event.id)).toBe(0);
  });

  it('refuses a body changed after signing', async () => {
    const { subscriptionId } = await subscriber();
    const event = kit.fake.buildEvent('customer.subscription.updated', kit.fake.subscription(subscriptionId));
    const payload = JSON.stringify(event);
    const header = kit.fake.signEvent(payload, 'whsec_test_raumwerk_fake');
    const response = await kit.sendEvent(payload.replace('"active"', '"canceled"'), { header });
    expect(response.statusCode).toBe(400);
  });

  it('leaves JSON parsing of every other route alone', async () => {
    const response = await kit.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('webhook effects', () => {
  it('applies a replayed event once: a second invoice.paid does not reset credits again', async () => {
    const user = await subscriber();
    await kit.setAccount(user.userId, { creditsUsed: 50 });
    kit.fake.advanceBillingPeriod(user.subscriptionId);
    const renewal = kit.fake.events.filter((e) => e.type === 'invoice.paid').at(-1)!;
    await kit.deliverPendingEvents();
    expect((await kit.account(user.userId)).creditsUsed).toBe(0);

    await kit.setAccount(user.userId, { creditsUsed: 30 });
    const replay = await kit.sendEvent(renewal);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await kit.account(user.userId)).creditsUsed).toBe(30);
  });

  it('re-fetches the subscription instead of trusting a stale event body', async () => {
    const user = await subscriber('pro');
    const stalePro = kit.fake.buildEvent('customer.subscription.updated', kit.fake.subscription(user.subscriptionId));
    // The user moves to business; the old "pro" event arrives afterwards.
    expect((await kit.post('/api/billing/change-plan', user.cookie, { plan: 'business', cycle: 'monthly' })).statusCode).toBe(200);
    const response = await kit.sendEvent(stalePro);
    expect(response.statusCode).toBe(200);
    expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'business', creditsLimit: 1000 });
  });

  it('invoice.payment_failed marks the account past due; a paid retry starts the period', async () => {
    const user = await subscriber();
    await kit.setAccount(user.userId, { creditsUsed: 190 });
    kit.fake.failNextPayment(user.subscriptionId);
    kit.fake.advanceBillingPeriod(user.subscriptionId);
    await kit.deliverPendingEvents({ types: ['invoice.payment_failed'] });
    const state = await kit.get('/api/billing/subscription', user.cookie);
    expect(state.json()).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'past_due', pastDue: true, creditsUsed: 190 });

    kit.fake.retryLatestInvoice(user.subscriptionId);
    await kit.deliverPendingEvents();
    expect((await kit.get('/api/billing/subscription', user.cookie)).json()).toMatchObject({ subscriptionStatus: 'active', pastDue: false, creditsUsed: 0, creditsLimit: 200 });
  });

  it('customer.subscription.deleted downgrades to free, keeping what was used', async () => {
    const user = await subscriber('business', 'yearly');
    await kit.setAccount(user.userId, { creditsUsed: 12 });
    const canceled = await cancelAtStripe(user.subscriptionId);
    expect(canceled).toBe('canceled');
    await kit.deliverPendingEvents({ types: ['customer.subscription.deleted'] });
    expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'free', billingCycle: null, creditsLimit: 6, creditsUsed: 12, stripeSubscriptionId: null });
  });

  it('events arriving in reverse order converge on the current state', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'pro', 'monthly');
    const subscriptionId = (await kit.account(user.userId)).stripeSubscriptionId!;
    await cancelAtStripe(subscriptionId);
    await kit.deliverPendingEvents({ reverse: true });
    expect(await kit.account(user.userId)).toMatchObject({ subscriptionPlan: 'free', stripeSubscriptionId: null });
  });

  it('records events it does not handle, and events for unknown customers, without effect', async () => {
    const event = kit.fake.buildEvent('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect((await kit.sendEvent(event)).json()).toMatchObject({ outcome: 'ignored' });
    expect(await processed(event.id)).toBe(1);
  });
});

/** Cancels at the provider directly (as from the Stripe Dashboard). */
async function cancelAtStripe(subscriptionId: string): Promise<string> {
  const response = await fetch(`${kit.fake.url}/v1/subscriptions/${subscriptionId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${kit.fake.apiKey}` },
  });
  return ((await response.json()) as { status: string }).status;
}
