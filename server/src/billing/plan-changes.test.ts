import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCredits } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import { users, type UserRow } from '../db/schema/users.js';
import { insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { billingState, creditsOf, freePatch, lifecycleOf, lockAccount, lockBilling, moveAccountToFree, NO_LIFECYCLE, patchOf, saveAccount, type AccountPatch } from './plan-changes.js';

/**
 * plan-changes.ts, billing's seam for plan and credit changes, function by function against
 * PostgreSQL with exact values (the routes and webhooks using it are in checkout.test.ts,
 * webhooks.test.ts and billing-lifecycle.test.ts).
 */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
});
afterAll(async () => {
  await handle?.drop();
});

const PERIOD_START = new Date('2026-03-01T09:00:00.000Z');
const PERIOD_END = new Date('2026-04-01T09:00:00.000Z');
const CHANGE_AT = new Date('2026-04-01T09:00:00.000Z');

async function row(id: string): Promise<UserRow> {
  const [r] = await db.select().from(users).where(eq(users.id, id));
  return r!;
}

/** A pro subscriber (monthly) with a downgrade to business yearly… scheduled, 40 of 250 used. */
async function subscriber(overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const id = await insertUser(db);
  await db
    .update(users)
    .set({
      subscriptionPlan: 'business',
      billingCycle: 'yearly',
      subscriptionStatus: 'active',
      stripeCustomerId: `cus_${randomUUID()}`,
      stripeSubscriptionId: `sub_${randomUUID()}`,
      subscriptionPeriodEnd: PERIOD_END,
      cancelAtPeriodEnd: false,
      scheduledPlan: 'pro',
      scheduledBillingCycle: 'monthly',
      scheduledChangeAt: CHANGE_AT,
      creditsUsed: 40,
      creditsLimit: 250,
      creditsPeriodStart: PERIOD_START,
      ...overrides,
    })
    .where(eq(users.id, id));
  return row(id);
}

describe('reading an account', () => {
  it('lifecycle, credits and patch are the stored values', async () => {
    const r = await subscriber();
    expect(lifecycleOf(r)).toStrictEqual({ periodEnd: PERIOD_END, cancelAtPeriodEnd: false, scheduled: { plan: 'pro', billingCycle: 'monthly', at: CHANGE_AT } });
    expect(creditsOf(r)).toStrictEqual({ used: 40, limit: 250, periodStart: PERIOD_START });
    expect(patchOf(r)).toStrictEqual({
      plan: 'business',
      billingCycle: 'yearly',
      subscriptionStatus: 'active',
      stripeSubscriptionId: r.stripeSubscriptionId,
      credits: { used: 40, limit: 250, periodStart: PERIOD_START },
      lifecycle: lifecycleOf(r),
    });
  });

  it('a schedule missing any of plan, cycle or date is no schedule', async () => {
    for (const missing of [{ scheduledPlan: null }, { scheduledBillingCycle: null }, { scheduledChangeAt: null }] as const) {
      expect(lifecycleOf(await subscriber(missing)).scheduled).toBeNull();
    }
    expect(patchOf(await subscriber({ subscriptionStatus: null })).subscriptionStatus).toBeNull();
  });
});

describe('billing state (what the browser sees)', () => {
  it('a paid account: plan, cycle, status, credits (its packs apart) and the scheduled change', async () => {
    const r = await subscriber({ packCredits: 7 });
    expect(billingState(r)).toStrictEqual({
      subscriptionPlan: 'business',
      billingCycle: 'yearly',
      subscriptionStatus: 'active',
      pastDue: false,
      creditsUsed: 40,
      creditsLimit: 250,
      creditsPeriodStart: '2026-03-01T09:00:00.000Z',
      packCredits: 7,
      currentPeriodEnd: '2026-04-01T09:00:00.000Z',
      cancelAtPeriodEnd: false,
      scheduledChange: { plan: 'pro', billingCycle: 'monthly', at: '2026-04-01T09:00:00.000Z' },
    });
  });

  it('a subscription ending at the period end shows no scheduled change', async () => {
    const state = billingState(await subscriber({ cancelAtPeriodEnd: true }));
    expect([state.cancelAtPeriodEnd, state.scheduledChange]).toEqual([true, null]);
    expect(billingState(await subscriber({ subscriptionPeriodEnd: null })).currentPeriodEnd).toBeNull();
  });

  it('past due for past_due and unpaid on a paid plan only', async () => {
    expect(billingState(await subscriber({ subscriptionStatus: 'past_due' })).pastDue).toBe(true);
    expect(billingState(await subscriber({ subscriptionStatus: 'unpaid' })).pastDue).toBe(true);
    expect(billingState(await subscriber({ subscriptionStatus: 'incomplete' })).pastDue).toBe(false);
    expect(billingState(await subscriber({ subscriptionStatus: null })).pastDue).toBe(false);
    expect(billingState(await subscriber({ subscriptionPlan: 'free', subscriptionStatus: 'past_due' })).pastDue).toBe(false);
  });

  it('a free account has no cycle, period end, cancellation or schedule, whatever is left in its row', async () => {
    const r = await subscriber({ subscriptionPlan: 'free', subscriptionStatus: 'canceled', cancelAtPeriodEnd: true });
    expect(billingState(r)).toStrictEqual({
      subscriptionPlan: 'free',
      billingCycle: null,
      subscriptionStatus: 'canceled',
      pastDue: false,
      creditsUsed: 40,
      creditsLimit: 250,
      creditsPeriodStart: '2026-03-01T09:00:00.000Z',
      packCredits: 0,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      scheduledChange: null,
    });
  });
});

describe('moving to free', () => {
  it('the free patch keeps what was used, lowers the limit to the free plan and clears the lifecycle', async () => {
    const r = await subscriber();
    expect(freePatch(r)).toStrictEqual({
      plan: 'free',
      billingCycle: null,
      subscriptionStatus: 'canceled',
      stripeSubscriptionId: null,
      credits: { used: 40, limit: planCredits('free'), periodStart: PERIOD_START },
      lifecycle: NO_LIFECYCLE,
    });
    expect(freePatch(await subscriber({ stripeSubscriptionId: null })).subscriptionStatus).toBeNull();
    expect(freePatch(r, 'incomplete_expired').subscriptionStatus).toBe('incomplete_expired');
    expect(NO_LIFECYCLE).toStrictEqual({ periodEnd: null, cancelAtPeriodEnd: false, scheduled: null });
  });

  it('moveAccountToFree stores the free patch; a free account without subscription is returned as it is', async () => {
    const r = await subscriber();
    const saved = await moveAccountToFree(db, r.id);
    expect(billingState(saved!)).toStrictEqual(billingState(await row(r.id)));
    const stored = await row(r.id);
    expect([stored.subscriptionPlan, stored.billingCycle, stored.subscriptionStatus, stored.stripeSubscriptionId, stored.creditsUsed, stored.creditsLimit]).toEqual([
      'free',
      null,
      'canceled',
      null,
      40,
      planCredits('free'),
    ]);
    expect([stored.subscriptionPeriodEnd, stored.cancelAtPeriodEnd, stored.scheduledPlan, stored.scheduledBillingCycle, stored.scheduledChangeAt]).toEqual([null, false, null, null, null]);

    const free = await subscriber({ subscriptionPlan: 'free', stripeSubscriptionId: null, subscriptionStatus: null, creditsLimit: 9, updatedAt: PERIOD_START });
    const untouched = await moveAccountToFree(db, free.id);
    expect(untouched).toStrictEqual(free);
    expect((await row(free.id)).updatedAt).toEqual(PERIOD_START);
    expect(await moveAccountToFree(db, randomUUID())).toBeNull();
  });

  it('a paid plan without a subscription (granted by an admin) is moved to free too, with no status', async () => {
    const r = await subscriber({ subscriptionPlan: 'pro', stripeSubscriptionId: null, subscriptionStatus: null });
    const saved = await moveAccountToFree(db, r.id);
    expect([saved!.subscriptionPlan, saved!.subscriptionStatus, saved!.creditsLimit, saved!.creditsUsed]).toEqual(['free', null, planCredits('free'), 40]);
  });

  it('a free plan that still names a subscription is cleaned up', async () => {
    const r = await subscriber({ subscriptionPlan: 'free' });
    const saved = await moveAccountToFree(db, r.id);
    expect([saved!.stripeSubscriptionId, saved!.subscriptionStatus]).toEqual([null, 'canceled']);
  });
});

describe('saving an account', () => {
  const patch = (lifecycle?: AccountPatch['lifecycle']): AccountPatch => ({
    plan: 'pro',
    billingCycle: 'monthly',
    subscriptionStatus: 'past_due',
    stripeSubscriptionId: 'sub_saved',
    credits: { used: 3, limit: 100, periodStart: PERIOD_END },
    ...(lifecycle === undefined ? {} : { lifecycle }),
  });

  it('writes plan, status, subscription and credits; the lifecycle only when given', async () => {
    const r = await subscriber();
    const saved = await saveAccount(db, r.id, patch());
    expect([saved.subscriptionPlan, saved.billingCycle, saved.subscriptionStatus, saved.stripeSubscriptionId, saved.creditsUsed, saved.creditsLimit, saved.creditsPeriodStart]).toEqual([
      'pro',
      'monthly',
      'past_due',
      'sub_saved',
      3,
      100,
      PERIOD_END,
    ]);
    expect(lifecycleOf(saved)).toStrictEqual(lifecycleOf(r));
    expect(saved.updatedAt.getTime()).toBeGreaterThan(r.updatedAt.getTime());

    const later = new Date('2026-05-01T00:00:00.000Z');
    const withLifecycle = await saveAccount(db, r.id, patch({ periodEnd: later, cancelAtPeriodEnd: true, scheduled: { plan: 'business', billingCycle: 'yearly', at: later } }));
    expect(lifecycleOf(withLifecycle)).toStrictEqual({ periodEnd: later, cancelAtPeriodEnd: true, scheduled: { plan: 'business', billingCycle: 'yearly', at: later } });
    const cleared = await saveAccount(db, r.id, patch(NO_LIFECYCLE));
    expect([cleared.subscriptionPeriodEnd, cleared.cancelAtPeriodEnd, cleared.scheduledPlan, cleared.scheduledBillingCycle, cleared.scheduledChangeAt]).toEqual([null, false, null, null, null]);
    expect(await row(r.id)).toStrictEqual(cleared);
  });

  it('saving a user who is gone is an error naming them', async () => {
    const id = randomUUID();
    await expect(saveAccount(db, id, patch())).rejects.toThrow(`billing: user ${id} vanished while its plan changed`);
  });

  it("locking finds the account by id or by Stripe customer; another user's is never returned", async () => {
    const r = await subscriber();
    const other = await subscriber();
    await db.transaction(async (tx) => {
      await lockBilling(tx, r.id);
      expect((await lockAccount(tx, { userId: r.id }))!.id).toBe(r.id);
      expect((await lockAccount(tx, { customerId: r.stripeCustomerId! }))!.id).toBe(r.id);
      expect((await lockAccount(tx, { customerId: other.stripeCustomerId! }))!.id).toBe(other.id);
      expect(await lockAccount(tx, { userId: randomUUID() })).toBeNull();
      expect(await lockAccount(tx, { customerId: 'cus_nobody' })).toBeNull();
    });
  });

  it("the billing lock is the user's own advisory lock, held until the transaction ends", async () => {
    const r = await subscriber();
    const other = await subscriber();
    const tryLock = async (key: string) => (await handle.pool.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS got', [key])).rows[0].got as boolean;
    await db.transaction(async (tx) => {
      await lockBilling(tx, r.id);
      expect(await tryLock(`billing:${r.id}`)).toBe(false);
      expect(await tryLock(`billing:${other.id}`)).toBe(true);
    });
    expect(await tryLock(`billing:${r.id}`)).toBe(true);
  });
});
