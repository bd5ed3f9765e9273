import { and, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projectImages, projects, stagingRuns } from '../../db/schema/projects.js';
import { memberProjects } from '../../workspaces/access.js';

/** Queries on staging runs and the images they produce. */
export type RunRow = typeof stagingRuns.$inferSelect;
export type ImageRow = typeof projectImages.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export async function findRun(db: Tx, runId: string): Promise<RunRow | null> {
  const [row] = await db.select().from(stagingRuns).where(eq(stagingRuns.id, runId)).limit(1);
  return row ?? null;
}

export async function findImage(db: Tx, imageId: string): Promise<ImageRow | null> {
  const [row] = await db.select().from(projectImages).where(eq(projectImages.id, imageId)).limit(1);
  return row ?? null;
}

export async function hasReservedRun(db: Tx, originalImageId: string): Promise<boolean> {
  const rows = await db
    .select({ id: stagingRuns.id })
    .from(stagingRuns)
    .where(and(eq(stagingRuns.originalImageId, originalImageId), eq(stagingRuns.state, 'reserved')))
    .limit(1);
  return rows.length > 0;
}

/** The staged image of an original (the newest, should there ever be two). */
export async function stagedImageOf(db: Tx, originalImageId: string): Promise<ImageRow | null> {
  const [row] = await db
    .select()
    .from(projectImages)
    .where(
      and(eq(projectImages.originalImageId, originalImageId), eq(projectImages.isOriginal, false)),
    )
    .orderBy(sql`${projectImages.createdAt} DESC`)
    .limit(1);
  return row ?? null;
}

export async function countOriginals(db: Tx, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projectImages)
    .where(and(eq(projectImages.projectId, projectId), eq(projectImages.isOriginal, true)));
  return row?.n ?? 0;
}

/** Locks the project row for the rest of the transaction (serialises staging calls of one project). */
export async function lockProject(
  db: Tx,
  projectId: string,
  userId: string,
): Promise<ProjectRow | null> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), memberProjects(db, userId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Runs still reserved long after any job could have finished (a worker died, a job expired). */
export async function staleReservedRuns(
  db: Tx,
  olderThanSeconds: number,
  limit = 500,
): Promise<RunRow[]> {
  return db
    .select()
    .from(stagingRuns)
    .where(
      and(
        eq(stagingRuns.state, 'reserved'),
        lt(stagingRuns.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(limit);
}

/** Started runs whose working process stopped touching their heartbeat (killed, frozen, cut off; decision 032). */
export async function staleHeartbeatRuns(db: Tx, olderThanSeconds: number, limit = 500): Promise<RunRow[]> {
  return db
    .select()
    .from(stagingRuns)
    .where(
      and(
        eq(stagingRuns.state, 'reserved'),
        isNotNull(stagingRuns.heartbeatAt),
        lt(stagingRuns.heartbeatAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(limit);
}

/** The working process is alive and still on the run; false once the run is settled (stop working on it). */
export async function touchHeartbeat(db: Tx, runId: string): Promise<boolean> {
  const rows = await db
    .update(stagingRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(stagingRuns.id, runId), eq(stagingRuns.state, 'reserved')))
    .returning({ id: stagingRuns.id });
  return rows.length === 1;
}

/** Projects left in `processing` although nothing has happened to them for `olderThanSeconds`. */
export function staleProcessingProjects(db: Tx, olderThanSeconds: number, limit = 500): Promise<string[]> {
  return idleProcessingProjects(db, olderThanSeconds, undefined, limit);
}

/**
 * Projects in processing with no live (reserved) run behind them, untouched for `graceSeconds`:
 * created and then abandoned (every upload failed, the tab was closed before staging started), or
 * left behind between a browser's requests. The grace covers the moment between creating the
 * project and its first staging request.
 */
export function orphanedProcessingProjects(db: Tx, graceSeconds: number, limit = 500): Promise<string[]> {
  return idleProcessingProjects(db, graceSeconds, sql`NOT EXISTS (SELECT 1 FROM ${stagingRuns} r WHERE r.project_id = ${projects.id} AND r.state = 'reserved')`, limit);
}

async function idleProcessingProjects(db: Tx, idleSeconds: number, also: SQL | undefined, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.status, 'processing'), lt(projects.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`), also))
    .limit(limit);
  return rows.map((r) => r.id);
}
