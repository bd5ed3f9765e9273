import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { refundRun } from './credits.js';
import { recomputeProjectStatus } from './project-status.js';
import { orphanedProcessingProjects, staleProcessingProjects, staleReservedRuns } from './runs.js';

export const STUCK_AFTER_SECONDS = 15 * 60;
/** A processing project with no live run is settled after this long (issue #23). */
export const ORPHANED_AFTER_SECONDS = 2 * 60;

export interface SweepDeps {
  db: Database;
  /** Runs reserved longer than this are refunded; at least 15 min and longer than any staging can take. */
  stuckAfterSeconds: number;
  /** Processing projects with no reserved run, untouched this long, are settled (default ORPHANED_AFTER_SECONDS). */
  orphanedAfterSeconds?: number;
}

/**
 * The `staging.sweep` job (every minute): nothing stays "processing" forever and no credit stays
 * reserved. Runs reserved too long (a worker died, a job expired) are refunded; projects left in
 * processing too long, and after a short grace every processing project with no live run behind it,
 * are recomputed: completed when every photo sent to staging was delivered, else failed (also with
 * no photo at all, e.g. when every upload of the run failed).
 */
export async function sweepStaging(deps: SweepDeps, log: FastifyBaseLogger) {
  const { db } = deps;
  let refunded = 0;
  // A refund recomputes its project in the same transaction.
  for (const run of await staleReservedRuns(db, deps.stuckAfterSeconds)) {
    if (
      await refundRun(
        db,
        run.id,
        'Staging did not finish in time. Your credit has been refunded; please try again.',
        'staging_timeout',
      )
    )
      refunded += 1;
  }
  const stale = [
    ...new Set([
      ...(await staleProcessingProjects(db, deps.stuckAfterSeconds)),
      ...(await orphanedProcessingProjects(
        db,
        deps.orphanedAfterSeconds ?? ORPHANED_AFTER_SECONDS,
      )),
    ]),
  ];
  for (const projectId of stale) await recomputeProjectStatus(db, projectId);
  if (refunded || stale.length) log.info({ refunded, projects: stale.length }, 'staging sweep');
  return { refunded, projects: stale.length };
}
