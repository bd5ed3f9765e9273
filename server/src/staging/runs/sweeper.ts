import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { refundRun } from '../credits.js';
import { recomputeProjectStatus } from '../project-status.js';
import { orphanedProcessingProjects, staleHeartbeatRuns, staleProcessingProjects, staleReservedRuns } from './runs.js';

export const STUCK_AFTER_SECONDS = 15 * 60;
/** A processing project with no live run is settled after this long (issue #23). */
export const ORPHANED_AFTER_SECONDS = 2 * 60;

/** Runs reserved this long are refunded whatever their heartbeat: at least 15 min and longer than any staging can take. */
export function stuckAfterSeconds(timeoutSeconds: number): number {
  return Math.max(STUCK_AFTER_SECONDS, timeoutSeconds + 120);
}

export const WORKER_LOST_MESSAGE = 'The server working on this image stopped. Your credit has been refunded; please try again.';

export interface SweepDeps {
  db: Database;
  /** Runs reserved longer than this are refunded (a job never started, expired or lost before its first heartbeat). */
  stuckAfterSeconds: number;
  /** Started runs whose heartbeat is older than this lost their worker and are refunded (decision 032). */
  staleAfterSeconds?: number;
  /** Processing projects with no reserved run, untouched this long, are settled (default ORPHANED_AFTER_SECONDS). */
  orphanedAfterSeconds?: number;
  /** Told of every run this sweep refunded (a port: the public API sends its render.failed webhook). */
  onRefunded?: (runId: string) => Promise<unknown>;
}

/**
 * The staging sweep (the `staging.sweep` job every minute, and every process every RUN_SWEEP_INTERVAL_S):
 * nothing stays "processing" forever and no credit stays reserved. Started runs whose heartbeat
 * stopped (the worker was killed) are refunded within RUN_STALE_AFTER_S + one sweep; runs reserved
 * too long (never started, the job expired) are refunded; projects left in processing too long, and
 * after a short grace every processing project with no live run behind it, are recomputed: completed
 * when every photo sent to staging was delivered, else failed (also with no photo at all, e.g. when
 * every upload of the run failed). Every refund is conditional on `reserved`, so sweeps running at
 * once in several processes refund each run once, and a worker that finishes late cannot charge a
 * refunded run (chargeRun is conditional too).
 */
export async function sweepStaging(deps: SweepDeps, log: FastifyBaseLogger) {
  const { db } = deps;
  let refunded = 0;
  let workerLost = 0;
  // A refund recomputes its project in the same transaction.
  if (deps.staleAfterSeconds !== undefined) {
    for (const run of await staleHeartbeatRuns(db, deps.staleAfterSeconds)) {
      if (await refundRun(db, run.id, WORKER_LOST_MESSAGE, 'staging_failed')) {
        workerLost += 1;
        await notifyRefunded(deps, run.id, log);
      }
    }
  }
  for (const run of await staleReservedRuns(db, deps.stuckAfterSeconds)) {
    if (
      await refundRun(
        db,
        run.id,
        'Staging did not finish in time. Your credit has been refunded; please try again.',
        'staging_timeout',
      )
    ) {
      refunded += 1;
      await notifyRefunded(deps, run.id, log);
    }
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
  if (refunded || workerLost || stale.length) log.info({ refunded, workerLost, projects: stale.length }, 'staging sweep');
  return { refunded, workerLost, projects: stale.length };
}

async function notifyRefunded(deps: SweepDeps, runId: string, log: FastifyBaseLogger) {
  await deps.onRefunded?.(runId).catch((err: unknown) => log.warn({ err, runId }, 'could not report a refunded run'));
}

/**
 * Runs the sweep in this process every `intervalSeconds` (web and worker processes alike, so runs
 * of a killed worker are refunded even when no other worker is left). pg-boss schedules cron jobs
 * by the minute at best; this is what brings a lost run's refund down to about a minute.
 */
export function startRunSweeper(deps: SweepDeps & { intervalSeconds: number }, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = sweepStaging(deps, log)
      .catch((err: unknown) => log.warn({ err }, 'staging sweep failed; trying again at the next interval'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.intervalSeconds * 1000).unref();
      });
  };
  timer = setTimeout(tick, deps.intervalSeconds * 1000).unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
