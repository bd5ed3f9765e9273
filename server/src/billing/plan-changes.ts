/**
 * The account's plan and credits in the database, changed only through the credit rules. Every
 * change runs on a row locked with SELECT … FOR UPDATE, so a webhook, a checkout and a staging
 * reservation touching the same user apply one after another. Billing's published seam: other
 * features (admin tools, account purge) change plans through here.
 */
import { eq, sql } from 'drizzle-orm';
import type { BillingStateResponse } from '../../../contract/billing.js';
import type { PlanId } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import { users, type UserRow } from '../db/schema/users.js';
import { downgradeToFree, type Credits } from './credit-rules.js';

/** A database or an open transaction. */
export type Executor = Pick<Database, 'select' | 'update' | 'insert' | 'execute'>;

export type SubscriptionStatusValue = NonNullable<BillingStateResponse['subscriptionStatus']>;

/** Where the subscription stands in its period (decision 017): shown, never used for access. */
export interface Lifecycle {
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduled: { plan: 'pro' | 'business'; billingCycle: 'monthly' | 'yearly'; at: Date } | null;
}

export const NO_LIFECYCLE: Lifecycle = { periodEnd: null, cancelAtPeriodEnd: false, scheduled: null };

export interface AccountPatch {
  plan: PlanId;
  billingCycle: 'monthly' | 'yearly' | null;
  subscriptionStatus: SubscriptionStatusValue | null;
  stripeSubscriptionId: string | null;
  credits: Credits;
  /** Left as stored when undefined. */
  lifecycle?: Lifecycle;
}

export function lifecycleOf(row: UserRow): Lifecycle {
  return {
    periodEnd: row.subscriptionPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduled:
      row.scheduledPlan && row.scheduledBillingCycle && row.scheduledChangeAt
        ? { plan: row.scheduledPlan, billingCycle: row.scheduledBillingCycle, at: row.scheduledChangeAt }
        : null,
  };
}

const PAST_DUE: readonly string[] = ['past_due', 'unpaid'];

export function creditsOf(row: Pick<UserRow, 'creditsUsed' | 'creditsLimit' | 'creditsPeriodStart'>): Credits {
  return { used: row.creditsUsed, limit: row.creditsLimit, periodStart: row.creditsPeriodStart };
}

export function patchOf(row: UserRow): AccountPatch {
  return {
    plan: row.subscriptionPlan,
    billingCycle: row.billingCycle,
    subscriptionStatus: (row.subscriptionStatus as SubscriptionStatusValue | null) ?? null,
    stripeSubscriptionId: row.stripeSubscriptionId,
    credits: creditsOf(row),
    lifecycle: lifecycleOf(row),
  };
}

/**
 * Serialises the billing steps of one user (checkout, downgrade, webhooks) for the rest of the
 * transaction, without blocking credit reservations on the user row meanwhile.
 */
export async function lockBilling(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`billing:${userId}`}))`);
}

export async function lockAccount(tx: Executor, where: { userId: string } | { customerId: string }): Promise<UserRow | null> {
  const condition = 'userId' in where ? eq(users.id, where.userId) : eq(users.stripeCustomerId, where.customerId);
  const [row] = await tx.select().from(users).where(condition).limit(1).for('update');
  return row ?? null;
}

export async function saveAccount(tx: Executor, userId: string, patch: AccountPatch): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      subscriptionPlan: patch.plan,
      billingCycle: patch.billingCycle,
      subscriptionStatus: patch.subscriptionStatus,
      stripeSubscriptionId: patch.stripeSubscriptionId,
      creditsUsed: patch.credits.used,
      creditsLimit: patch.credits.limit,
      creditsPeriodStart: patch.credits.periodStart,
      ...(patch.lifecycle
        ? {
            subscriptionPeriodEnd: patch.lifecycle.periodEnd,
            cancelAtPeriodEnd: patch.lifecycle.cancelAtPeriodEnd,
            scheduledPlan: patch.lifecycle.scheduled?.plan ?? null,
            scheduledBillingCycle: patch.lifecycle.scheduled?.billingCycle ?? null,
            scheduledChangeAt: patch.lifecycle.scheduled?.at ?? null,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`billing: user ${userId} vanished while its plan changed`);
  return row;
}

/** The patch that puts an account on the free plan (the subscription already ended or was canceled). */
export function freePatch(row: UserRow, status: SubscriptionStatusValue | null = row.stripeSubscriptionId ? 'canceled' : null): AccountPatch {
  return { plan: 'free', billingCycle: null, subscriptionStatus: status, stripeSubscriptionId: null, credits: downgradeToFree(creditsOf(row)), lifecycle: NO_LIFECYCLE };
}

/** Puts a user on the free plan in one locked step (no provider call: cancel the subscription first). */
export async function moveAccountToFree(db: Database, userId: string): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const row = await lockAccount(tx, { userId });
    if (!row) return null;
    if (row.subscriptionPlan === 'free' && !row.stripeSubscriptionId) return row;
    return saveAccount(tx, userId, freePatch(row));
  });
}

/** What the browser sees of the account's billing (every billing reply carries it). */
export function billingState(row: UserRow): BillingStateResponse {
  const status = (row.subscriptionStatus as SubscriptionStatusValue | null) ?? null;
  return {
    subscriptionPlan: row.subscriptionPlan,
    billingCycle: row.subscriptionPlan === 'free' ? null : row.billingCycle,
    subscriptionStatus: status,
    pastDue: row.subscriptionPlan !== 'free' && status !== null && PAST_DUE.includes(status),
    creditsUsed: row.creditsUsed,
    creditsLimit: row.creditsLimit,
    packCredits: row.packCredits,
    creditsPeriodStart: row.creditsPeriodStart.toISOString(),
    ...lifecycleState(row),
  };
}

function lifecycleState(row: UserRow): Pick<BillingStateResponse, 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'scheduledChange'> {
  if (row.subscriptionPlan === 'free') return { currentPeriodEnd: null, cancelAtPeriodEnd: false, scheduledChange: null };
  const { periodEnd, cancelAtPeriodEnd, scheduled } = lifecycleOf(row);
  return {
    currentPeriodEnd: periodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd,
    scheduledChange: scheduled && !cancelAtPeriodEnd ? { ...scheduled, at: scheduled.at.toISOString() } : null,
  };
}
