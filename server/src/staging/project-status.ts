import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * A project's status follows from its rows, recomputed after every staging event (ADR 051):
 * processing while a run is reserved; completed when every original has its staged image; partial
 * when some have and some do not; failed when none has (or there is no image at all).
 * `completed_at` (retention starts there) is set when the project becomes completed.
 */
export async function recomputeProjectStatus(db: Pick<Database, 'execute'>, projectId: string): Promise<void> {
  // Take the project row first, in its own statement: a transaction that waited here for another
  // one settling a run of the same project then computes from a snapshot that includes it.
  // (Computing in the UPDATE alone used the snapshot from before the wait and could write
  // 'processing' after the last run had settled.) NO KEY UPDATE is the lock the UPDATE takes anyway.
  await db.execute(sql`SELECT 1 FROM projects WHERE id = ${projectId} FOR NO KEY UPDATE`);
  await db.execute(sql`
    UPDATE projects p SET
      status = s.status,
      completed_at = CASE WHEN s.status <> 'completed' THEN NULL
                          WHEN p.status = 'completed' AND p.completed_at IS NOT NULL THEN p.completed_at
                          ELSE now() END,
      updated_at = now()
    FROM (
      SELECT CASE
        WHEN EXISTS (SELECT 1 FROM staging_runs r WHERE r.project_id = ${projectId} AND r.state = 'reserved') THEN 'processing'
        WHEN c.staged = 0 THEN 'failed'
        WHEN c.staged < c.photos THEN 'partial'
        ELSE 'completed'
      END AS status
      FROM (${photoCountsOf(projectId)}) c
    ) s
    WHERE p.id = ${projectId}`);
}

/** `photos` (originals) and `staged` (originals with a staged image) of one project, as SQL. */
function photoCountsOf(projectId: string) {
  return sql`
    SELECT count(*)::int AS photos,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM project_images s WHERE s.original_image_id = o.id AND NOT s.is_original))::int AS staged
    FROM project_images o WHERE o.project_id = ${projectId} AND o.is_original`;
}
