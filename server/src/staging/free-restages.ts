import { sql } from 'drizzle-orm';
import { freeRestagesLeft, type PlanId } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';

/**
 * Free re-stages per photo (issue 38 item 5, decision 056): a re-stage of one variation takes no
 * credit while the photo has free ones left under the paying pool's plan. Used are the free runs
 * still reserved or charged (a refunded one gives its re-stage back); the window starts at the
 * photo's first staged result. Read under the project's row lock in the reservation, and a photo
 * has at most one reserved run, so two re-stages cannot both take the last free one.
 */
type Executor = Pick<Database, 'execute'>;

export async function restageUsage(db: Executor, originalImageIds: string[]): Promise<Map<string, { used: number; firstStagedAt: Date | null }>> {
  if (!originalImageIds.length) return new Map();
  const { rows } = await db.execute<{ id: string; used: number; first: Date | string | null }>(sql`
    SELECT original_image_id AS id, count(*) FILTER (WHERE free_restage AND state IN ('reserved', 'charged'))::int AS used,
      min(finished_at) FILTER (WHERE state = 'charged') AS first
    FROM staging_runs WHERE original_image_id = ANY(ARRAY[${sql.join(originalImageIds.map((id) => sql`${id}`), sql`, `)}]::uuid[])
    GROUP BY original_image_id`);
  return new Map(rows.map((r) => [r.id, { used: r.used, firstStagedAt: r.first ? new Date(r.first) : null }]));
}

/** True when this re-stage of `originalImageId` is free under `plan`. */
export async function isFreeRestage(db: Executor, originalImageId: string, plan: PlanId): Promise<boolean> {
  const usage = (await restageUsage(db, [originalImageId])).get(originalImageId);
  return freeRestagesLeft(plan, usage?.used ?? 0, usage?.firstStagedAt ?? null) > 0;
}

export async function planOfPool(db: Executor, poolUserId: string): Promise<PlanId> {
  const { rows } = await db.execute<{ plan: PlanId }>(sql`SELECT subscription_plan AS plan FROM users WHERE id = ${poolUserId}`);
  return rows[0]?.plan ?? 'free';
}

/** Each photo's free re-stages left under the plan of the workspace's pool (the project page shows them). */
export async function freeRestagesOf(db: Executor, workspaceId: string, originalImageIds: string[]): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ plan: PlanId }>(sql`
    SELECT u.subscription_plan AS plan FROM workspaces w JOIN users u ON u.id = w.billing_user_id WHERE w.id = ${workspaceId}`);
  const plan = rows[0]?.plan ?? 'free';
  const usage = await restageUsage(db, originalImageIds);
  return new Map(originalImageIds.map((id) => [id, freeRestagesLeft(plan, usage.get(id)?.used ?? 0, usage.get(id)?.firstStagedAt ?? null)]));
}
