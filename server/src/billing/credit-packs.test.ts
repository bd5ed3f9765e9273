import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPacks } from '../db/schema/billing.js';
import { stagingRuns } from '../db/schema/projects.js';
import { createProject, permanentEngineError, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';
import { inWorkspace, teamOfThree } from '../../test/support/workspace-fixtures.js';
import { resetDueCredits } from './credit-reset-job.js';

/**
 * Credit packs (issue 38 item 6, decision 061) through HTTP, stripe-node and the Stripe fake:
 * Checkout in payment mode with VAT and an invoice, the credits granted once on the verified
 * webhook (duplicates and concurrent deliveries included), nothing for a refused payment, used
 * after the allowance, kept through the monthly reset, and taken back by a refund while unused.
 */
const engine = new ScriptedEngine([], 'ok');
let kit: BillingKit;
beforeAll(async () => {
  kit = await startBillingKit({ vatPercent: 19, jobs: true, services: { engine } });
}, 60_000);

/** Waits until the project has no reserved run left (charged or refunded). */
async function settled(projectId: string) {
  for (let i = 0; i < 300; i++) {
    const runs = await kit.t.database.db.select({ state: stagingRuns.state }).from(stagingRuns).where(eq(stagingRuns.projectId, projectId));
    if (runs.length > 0 && runs.every((r) => r.state !== 'reserved')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('runs did not settle');
}
afterAll(async () => {
  await kit?.close();
});

async function startPack(cookie: string, packId: 'pack_50' | 'pack_200' | 'pack_500' = 'pack_200') {
  const response = await kit.post('/api/billing/credit-packs/checkout', cookie, { packId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; sessionId: string };
}

/** A user who paid for a pack on the hosted page; the events are not delivered yet. */
async function paidPack(packId: 'pack_50' | 'pack_200' | 'pack_500' = 'pack_200') {
  const user = await kit.newUser();
  const { sessionId } = await startPack(user.cookie, packId);
  kit.fake.payCheckoutSession(sessionId);
  const completed = kit.fake.events.filter((e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === sessionId);
  expect(completed).toHaveLength(1);
  return { ...user, sessionId, completed: completed[0]! };
}

const packCreditsOf = async (userId: string) => (await kit.account(userId)).packCredits;

describe('buying a credit pack', () => {
  it('opens Stripe Checkout in payment mode for the pack price with VAT and a post-purchase invoice', async () => {
    const user = await kit.newUser();
    const { url, sessionId } = await startPack(user.cookie, 'pack_200');
    expect(url).toBe(`${kit.fake.url}/_fake/checkout/${sessionId}`);
    const session = kit.fake.checkoutSession(sessionId);
    const account = await kit.account(user.userId);
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      customer: account.stripeCustomerId,
      amount_subtotal: 3900,
      amount_total: 4641,
      total_details: { amount_tax: 741 },
      invoice_creation: { enabled: true },
      metadata: { kind: 'credit_pack', packId: 'pack_200', poolUserId: user.userId },
    });
    // Nothing is granted before Stripe says it was paid.
    expect(await packCreditsOf(user.userId)).toBe(0);
  });

  it('grants exactly the pack once paid: balance, billing state, purchase list and a VAT invoice', async () => {
    const { userId, cookie, sessionId } = await paidPack('pack_200');
    await kit.deliverPendingEvents();
    expect(await packCreditsOf(userId)).toBe(200);
    const state = (await kit.get('/api/billing/subscription', cookie)).json() as { packCredits: number; creditsLimit: number };
    expect(state).toMatchObject({ packCredits: 200, creditsLimit: 6 });
    const overview = (await kit.get('/api/billing/credit-packs', cookie)).json() as { packCredits: number; available: unknown[]; purchases: unknown[] };
    expect(overview.packCredits).toBe(200);
    expect(overview.available).toEqual([
      { id: 'pack_50', credits: 50, price: 12 },
      { id: 'pack_200', credits: 200, price: 39 },
      { id: 'pack_500', credits: 500, price: 89 },
    ]);
    expect(overview.purchases).toEqual([expect.objectContaining({ packId: 'pack_200', credits: 200, creditsRevoked: 0, amountCents: 4641, currency: 'eur', refunded: false })]);
    const [row] = await kit.t.database.db.select().from(creditPacks).where(eq(creditPacks.checkoutSessionId, sessionId));
    const invoice = kit.fake.oneOffInvoice(row!.invoiceId!);
    expect(invoice).toMatchObject({ status: 'paid', subtotal: 3900, total: 4641, amount_paid: 4641 });
    expect(invoice.total_taxes.map((t) => t.amount)).toEqual([741]);
    expect(row!.taxCents).toBe(741);
  });

  it('grants once when the same event is delivered twice', async () => {
    const { userId, completed } = await paidPack('pack_50');
    await kit.deliverPendingEvents();
    const again = await kit.sendEvent(completed);
    expect(again.statusCode).toBe(200);
    expect(await packCreditsOf(userId)).toBe(50);
  });

  it('grants once when the same event arrives twice at the same moment, and once for a second event of the same session', async () => {
    const { userId, completed, sessionId } = await paidPack('pack_50');
    const responses = await Promise.all([kit.sendEvent(completed), kit.sendEvent(completed), kit.sendEvent(completed)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // A different event id about the same paid session (async_payment_succeeded) grants nothing more.
    const other = kit.fake.buildEvent('checkout.session.async_payment_succeeded', kit.fake.checkoutSession(sessionId));
    const both = await Promise.all([kit.sendEvent(other), kit.sendEvent(kit.fake.buildEvent('checkout.session.completed', kit.fake.checkoutSession(sessionId)))]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await packCreditsOf(userId)).toBe(50);
    expect(await kit.t.database.db.select().from(creditPacks).where(eq(creditPacks.userId, userId))).toHaveLength(1);
  });

  it('grants nothing for a refused payment, even to a forged "completed" event about the unpaid session', async () => {
    const user = await kit.newUser();
    const { sessionId } = await startPack(user.cookie, 'pack_500');
    kit.fake.payCheckoutSession(sessionId, { result: 'declined' });
    const delivered = await kit.deliverPendingEvents();
    expect(delivered.map((e) => e.type)).toContain('payment_intent.payment_failed');
    expect(delivered.filter((e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === sessionId)).toEqual([]);
    expect(kit.fake.checkoutSession(sessionId)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    // Signed correctly, but Stripe's own copy of the session says unpaid: nothing is granted.
    const forged = kit.fake.buildEvent('checkout.session.completed', { ...kit.fake.checkoutSession(sessionId), status: 'complete', payment_status: 'paid' });
    expect((await kit.sendEvent(forged)).statusCode).toBe(200);
    expect(await packCreditsOf(user.userId)).toBe(0);
  });

  it('is used by staging after the monthly allowance, given back when a run fails, and survives the monthly reset', async () => {
    const { userId, cookie } = await paidPack('pack_50');
    await kit.deliverPendingEvents();
    const account = await kit.account(userId);
    await kit.setAccount(userId, { creditsUsed: account.creditsLimit });
    const projectId = await createProject(kit.t.app, cookie);
    const stage = async () => {
      const response = await processImage(kit.t.app, cookie, { imageURL: await upload(kit.t.app, cookie, await photo(800, 600)), projectId });
      await settled(projectId);
      return response;
    };
    expect((await stage()).statusCode).toBe(200);
    expect(await kit.account(userId)).toMatchObject({ creditsUsed: account.creditsLimit, packCredits: 49 });
    engine.push(permanentEngineError());
    expect((await stage()).json()).toMatchObject({ code: 'staging_failed' });
    expect(await kit.account(userId)).toMatchObject({ creditsUsed: account.creditsLimit, packCredits: 49 });
    const nextMonth = new Date(account.creditsPeriodStart.getTime() + 32 * 24 * 3600 * 1000);
    expect(await resetDueCredits(kit.t.database.db, nextMonth)).toBeGreaterThanOrEqual(1);
    expect(await kit.account(userId)).toMatchObject({ creditsUsed: 0, creditsLimit: account.creditsLimit, packCredits: 49 });
  });

  it('goes to the workspace pool when a team admin buys it; a member may not buy', async () => {
    const team = await teamOfThree(kit.t.app, kit.t.database.db, 'business', 1000);
    const refused = await kit.post('/api/billing/credit-packs/checkout', inWorkspace(team.member.cookie, team.workspaceId), { packId: 'pack_50' });
    expect(refused.statusCode).toBe(403);
    const { sessionId } = await startPack(inWorkspace(team.admin.cookie, team.workspaceId), 'pack_50');
    kit.fake.payCheckoutSession(sessionId);
    await kit.deliverPendingEvents();
    expect(await packCreditsOf(team.owner.user.id)).toBe(50);
    expect(await packCreditsOf(team.admin.user.id)).toBe(0);
  });

  it('refuses an unknown pack with 400 and does not call Stripe', async () => {
    const user = await kit.newUser();
    const before = kit.fake.requests.length;
    const response = await kit.post('/api/billing/credit-packs/checkout', user.cookie, { packId: 'pack_9999' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(kit.fake.requests.slice(before).filter((r) => r.path.startsWith('/v1/checkout'))).toHaveLength(0);
  });
});

describe('refunding a credit pack', () => {
  const stripe = () => new Stripe(kit.fake.apiKey, { ...kit.fake.clientConfig(), maxNetworkRetries: 0 });

  it('a half refund removes half the credits, a full refund the rest that is unused; a replayed refund event changes nothing', async () => {
    const { userId, sessionId } = await paidPack('pack_200');
    await kit.deliverPendingEvents();
    const intent = kit.fake.checkoutSession(sessionId).payment_intent!;
    await stripe().refunds.create({ payment_intent: intent, amount: Math.round(4641 / 2) });
    const [refundEvent] = (await kit.deliverPendingEvents()).filter((e) => e.type === 'charge.refunded');
    expect(await packCreditsOf(userId)).toBe(100);
    await kit.sendEvent(refundEvent);
    expect(await packCreditsOf(userId)).toBe(100);
    // 70 of the remaining 100 used: a refund of the rest can only take the 30 left.
    await kit.setAccount(userId, { packCredits: 30 });
    await stripe().refunds.create({ payment_intent: intent });
    await kit.deliverPendingEvents();
    expect(await packCreditsOf(userId)).toBe(0);
    const [row] = await kit.t.database.db.select().from(creditPacks).where(eq(creditPacks.checkoutSessionId, sessionId));
    expect(row).toMatchObject({ refundedCents: 4641, creditsRevoked: 130 });
  });

  it('packs are used oldest first: refunding the older pack takes only what is left of it', async () => {
    const user = await kit.newUser();
    const first = await startPack(user.cookie, 'pack_50');
    kit.fake.payCheckoutSession(first.sessionId);
    await kit.deliverPendingEvents();
    const second = await startPack(user.cookie, 'pack_50');
    kit.fake.payCheckoutSession(second.sessionId);
    await kit.deliverPendingEvents();
    expect(await packCreditsOf(user.userId)).toBe(100);
    await kit.setAccount(user.userId, { packCredits: 80 }); // 20 used, all from the first pack
    await stripe().refunds.create({ payment_intent: kit.fake.checkoutSession(first.sessionId).payment_intent! });
    await kit.deliverPendingEvents();
    expect(await packCreditsOf(user.userId)).toBe(50);
  });

  it('Stripe refuses refunding more than was paid, and refunding twice', async () => {
    const { sessionId } = await paidPack('pack_50');
    const intent = kit.fake.checkoutSession(sessionId).payment_intent!;
    await expect(stripe().refunds.create({ payment_intent: intent, amount: 99_999 })).rejects.toMatchObject({ code: 'amount_too_large', statusCode: 400 });
    await stripe().refunds.create({ payment_intent: intent });
    await expect(stripe().refunds.create({ payment_intent: intent })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });
});

describe('the admin', () => {
  it('sees the packs sold in the period, their revenue without VAT less refunds, and the pack credits held', async () => {
    const admin = await kit.newUser();
    await kit.setAccount(admin.userId, { role: 'admin' });
    const costs = async () => ((await kit.get('/api/admin/costs', admin.cookie)).json() as { creditPacks: Record<string, number>; byPlan: Array<{ plan: string; revenueEurCents: number }> });
    await kit.deliverPendingEvents(); // what earlier tests left undelivered
    const before = await costs();
    const { userId, sessionId } = await paidPack('pack_500');
    await kit.deliverPendingEvents();
    const after = await costs();
    expect(after.creditPacks.sold - before.creditPacks.sold).toBe(1);
    expect(after.creditPacks.creditsSold - before.creditPacks.creditsSold).toBe(500);
    expect(after.creditPacks.revenueEurCents - before.creditPacks.revenueEurCents).toBe(8900);
    expect(after.creditPacks.creditsOutstanding - before.creditPacks.creditsOutstanding).toBe(500);
    const free = (r: typeof before) => r.byPlan.find((p) => p.plan === 'free')!.revenueEurCents;
    expect(free(after) - free(before)).toBe(8900);
    await new Stripe(kit.fake.apiKey, { ...kit.fake.clientConfig(), maxNetworkRetries: 0 }).refunds.create({ payment_intent: kit.fake.checkoutSession(sessionId).payment_intent! });
    await kit.deliverPendingEvents();
    const refunded = await costs();
    expect(refunded.creditPacks.revenueEurCents - before.creditPacks.revenueEurCents).toBe(0);
    expect(refunded.creditPacks.refundedEurCents - before.creditPacks.refundedEurCents).toBe(8900);
    expect(await packCreditsOf(userId)).toBe(0);
  });
});

describe('the fake refuses Checkout requests Stripe refuses', () => {
  const stripe = () => new Stripe(kit.fake.apiKey, { ...kit.fake.clientConfig(), maxNetworkRetries: 0 });

  it('a recurring price in payment mode, a missing quantity, a missing mode, and customer with customer_email', async () => {
    const base = { success_url: 'https://example.com/ok', cancel_url: 'https://example.com/back' };
    await expect(stripe().checkout.sessions.create({ ...base, mode: 'payment', line_items: [{ price: 'price_pro_monthly', quantity: 1 }] })).rejects.toMatchObject({
      statusCode: 400,
      param: 'line_items[0][price]',
    });
    await expect(stripe().checkout.sessions.create({ ...base, mode: 'payment', line_items: [{ price: 'price_pack_50' }] })).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][quantity]',
    });
    await expect(stripe().checkout.sessions.create({ ...base, line_items: [{ price: 'price_pack_50', quantity: 1 }] })).rejects.toMatchObject({ code: 'parameter_missing', param: 'mode' });
    const customer = await stripe().customers.create({ email: 'a@example.com' });
    await expect(
      stripe().checkout.sessions.create({ ...base, mode: 'payment', customer: customer.id, customer_email: 'a@example.com', line_items: [{ price: 'price_pack_50', quantity: 1 }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('paying a session twice', async () => {
    const { sessionId } = await paidPack('pack_50');
    expect(() => kit.fake.payCheckoutSession(sessionId)).toThrow(/no longer active/);
  });
});
