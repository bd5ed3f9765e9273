import { sql } from 'drizzle-orm';
import type { ErrorCode } from '../../../contract/errors.js';
import type { Database } from '../db/client.js';
import { recomputeProjectStatus } from './project-status.js';

/**
 * Credits (DESIGN §4): one credit is reserved atomically before the engine runs, by a single
 * conditional UPDATE (concurrent calls can never overspend), together with a `staging_runs` row in
 * state `reserved`. The run ends `charged` (staged image stored) or `refunded` (credit given back);
 * each transition is conditional on `reserved`, so it happens at most once whoever tries it.
 */
type Executor = Pick<Database, 'execute'>;

/**
 * A run draws on its project's workspace's pool (decision 041): the credits of the workspace's
 * billing account, so members of a team share one pool and a member's own free credits (their
 * personal workspace's) are never mixed in. The run row records the account (`credits_user_id`).
 */
export async function creditPoolOf(db: Executor, workspaceId: string): Promise<{ userId: string; used: number; limit: number; pack: number } | null> {
  const result = await db.execute(sql`
    SELECT u.id, u.credits_used, u.credits_limit, u.pack_credits FROM workspaces w JOIN users u ON u.id = w.billing_user_id WHERE w.id = ${workspaceId}`);
  const row = result.rows[0] as { id: string; credits_used: number; credits_limit: number; pack_credits: number } | undefined;
  return row ? { userId: row.id, used: row.credits_used, limit: row.credits_limit, pack: row.pack_credits } : null;
}

/** Whether the pool can pay `credits` now: what is left of the allowance plus its pack credits. */
export function poolCovers(pool: { used: number; limit: number; pack: number }, credits: number): boolean {
  return Math.max(0, pool.limit - pool.used) + pool.pack >= credits;
}

/**
 * Takes credits from the pool's account if it has them left: the monthly allowance first, then the
 * credit packs (decision 061). Returns how many came from packs (record them on the run, so a refund
 * gives them back there), or null when the pool cannot pay. One statement on the locked row:
 * concurrent members cannot overspend. Call inside the run's transaction.
 */
export async function reserveCredit(tx: Executor, userId: string, credits = 1): Promise<{ fromPacks: number } | null> {
  const result = await tx.execute(sql`
    WITH cur AS (
      SELECT id, least(${credits}::int, greatest(credits_limit - credits_used, 0)) AS from_allowance
      FROM users WHERE id = ${userId} FOR UPDATE
    )
    UPDATE users u SET credits_used = u.credits_used + cur.from_allowance,
      pack_credits = u.pack_credits - (${credits}::int - cur.from_allowance), updated_at = now()
    FROM cur WHERE u.id = cur.id AND u.pack_credits >= ${credits}::int - cur.from_allowance
    RETURNING ${credits}::int - cur.from_allowance AS from_packs`);
  const row = result.rows[0] as { from_packs: number } | undefined;
  return row ? { fromPacks: Number(row.from_packs) } : null;
}

/** Tells waiting requests (any process) that runs are settled; delivered at commit (run-listener.ts). */
export async function notifySettled(db: Executor, runIds: string[]): Promise<void> {
  for (const id of runIds) await db.execute(sql`SELECT pg_notify('staging_run_settled', ${id})`);
}

/**
 * Refunds a reserved run and recomputes its project in one transaction, so whoever is woken by the
 * notification (sent at commit) already sees the final project status. False when the run was
 * already charged or refunded.
 */
export async function refundRun(db: Pick<Database, 'transaction'>, runId: string, error: string, errorCode: ErrorCode): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      WITH run AS (
        UPDATE staging_runs SET state = 'refunded', error = ${error}, error_code = ${errorCode}, finished_at = now()
        WHERE id = ${runId} AND state = 'reserved'
        RETURNING coalesce(credits_user_id, user_id) AS pool_id, project_id, credits, pack_credits
      )
      UPDATE users u SET credits_used = greatest(u.credits_used - (run.credits - run.pack_credits), 0),
        pack_credits = u.pack_credits + run.pack_credits, updated_at = now()
      FROM run WHERE u.id = run.pool_id
      RETURNING run.project_id`);
    const row = result.rows[0] as { project_id: string } | undefined;
    if (!row) return false;
    await recomputeProjectStatus(tx, row.project_id);
    await notifySettled(tx, [runId]);
    return true;
  });
}

/** Refunds every reserved run of a project (before the project is deleted). */
export async function refundProjectRuns(db: Executor, projectId: string, error: string): Promise<number> {
  const result = await db.execute(sql`
    WITH runs AS (
      UPDATE staging_runs SET state = 'refunded', error = ${error}, error_code = 'staging_failed', finished_at = now()
      WHERE project_id = ${projectId} AND state = 'reserved'
      RETURNING id, coalesce(credits_user_id, user_id) AS user_id, credits, pack_credits
    ), per_user AS (SELECT user_id, sum(credits - pack_credits)::int AS credits, sum(pack_credits)::int AS pack, array_agg(id::text) AS ids FROM runs GROUP BY user_id)
    UPDATE users u SET credits_used = greatest(u.credits_used - per_user.credits, 0), pack_credits = u.pack_credits + per_user.pack, updated_at = now()
    FROM per_user WHERE u.id = per_user.user_id
    RETURNING per_user.ids`);
  const ids = result.rows.flatMap((row) => (row as { ids: string[] }).ids);
  await notifySettled(db, ids);
  return ids.length;
}

/** Marks a reserved run charged with its result image (and the model that made it); false when it is no longer reserved. */
export async function chargeRun(tx: Executor, runId: string, resultImageId: string, deliveredBy: string | null = null): Promise<boolean> {
  const result = await tx.execute(sql`
    UPDATE staging_runs SET state = 'charged', result_image_id = ${resultImageId}, delivered_by = ${deliveredBy}, finished_at = now()
    WHERE id = ${runId} AND state = 'reserved'
    RETURNING id`);
  if (result.rows.length !== 1) return false;
  await notifySettled(tx, [runId]);
  return true;
}
