import { and, count, eq, ne, sql } from 'drizzle-orm';
import { PLAN_IDS, PLANS, type PlanId } from '../../../../contract/plans.js';
import type { Database } from '../../db/client.js';
import { stagingRuns } from '../../db/schema/projects.js';
import { users } from '../../db/schema/users.js';
import type { WorkOwner } from '../../images/work-limiter.js';
import { fairSendOptions, groupCaps, type FairSendOptions } from '../../jobs/fair-queue.js';

/** Per plan, how many of one user's staging runs the workers take at once (contract/plans.ts). */
export const STAGING_GROUP_CAPS = groupCaps(Object.fromEntries(PLAN_IDS.map((id) => [id, PLANS[id].staging.maxParallel])));

/**
 * The fair place of a new staging run in the queue (decision 024): behind every other user's runs
 * of the same round, by the user's plan share; its user's runs still waiting or running decide it.
 */
export async function stagingQueueOptions(db: Database, userId: string, runId: string): Promise<FairSendOptions> {
  // The plan of the pool the run draws on (its workspace's, decision 041).
  const [user] = await db
    .select({ plan: users.subscriptionPlan })
    .from(stagingRuns)
    .innerJoin(users, eq(users.id, sql`coalesce(${stagingRuns.creditsUserId}, ${stagingRuns.userId})`))
    .where(eq(stagingRuns.id, runId));
  const [open] = await db
    .select({ n: count() })
    .from(stagingRuns)
    .where(and(eq(stagingRuns.userId, userId), eq(stagingRuns.state, 'reserved'), ne(stagingRuns.id, runId)));
  const plan = planOf(user?.plan);
  return fairSendOptions({ userId, tier: plan, outstanding: open?.n ?? 0, share: PLANS[plan].staging.share });
}

/**
 * Whose run this is, for the image-work limit's round robin (decision 040): the user, with the
 * plan's share, so the CPU admits runs in the same fair order as the queue. Null for a run that is gone.
 */
export async function runOwner(db: Database, runId: string): Promise<WorkOwner | null> {
  const [row] = await db
    .select({ userId: stagingRuns.userId, plan: users.subscriptionPlan })
    .from(stagingRuns)
    .innerJoin(users, eq(users.id, sql`coalesce(${stagingRuns.creditsUserId}, ${stagingRuns.userId})`))
    .where(eq(stagingRuns.id, runId));
  if (!row) return null;
  return { key: row.userId, share: PLANS[planOf(row.plan)].staging.share };
}

function planOf(plan: string | null | undefined): PlanId {
  return plan && plan in PLANS ? (plan as PlanId) : 'free';
}
