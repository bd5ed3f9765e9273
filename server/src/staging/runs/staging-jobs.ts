import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { defineJob, type JobQueue } from '../../jobs/job-queue.js';
import type { ObjectStorage } from '../../objects/storage.js';
import type { RetryPolicy } from '../engine-runner.js';
import type { ModelRouter } from '../models/model-router.js';
import { asImageWorkOwner } from '../../images/image-work.js';
import { WorkLimiter } from '../../images/work-limiter.js';
import { withEngineSlots } from './engine-slots.js';
import { runOwner, STAGING_GROUP_CAPS } from './fair-share.js';
import { stagingRunPayload } from './run-payload.js';
import type { GeometryLock } from './run-render.js';
import { runStaging } from './staging-run.js';
import { stuckAfterSeconds, sweepStaging } from './sweeper.js';

export const STAGING_RUN_JOB = 'staging.run';
export const STAGING_SWEEP_JOB = 'staging.sweep';

export interface StagingJobDeps {
  db: Database;
  storage: ObjectStorage;
  /** Each run's engine: the operator's model choice (engines built on first use, so a web process without workers builds none). */
  models: ModelRouter;
  lock: GeometryLock;
  timeoutSeconds: number;
  /** The process's staging slots: engine requests in flight at once (WORKER_CONCURRENCY; decision 048). */
  workerConcurrency: number;
  /** Runs worked at once, slots included (config.ts `stagingRunsAtOnce`); default the slots. */
  runsAtOnce?: number;
  retryPolicy?: RetryPolicy;
  /** RUN_HEARTBEAT_S and RUN_STALE_AFTER_S (decision 032). */
  heartbeatSeconds: number;
  staleAfterSeconds: number;
  /** Told of every run the sweep refunded, with the job's `send` (the public API's render.failed webhook). */
  onRunRefunded?: (runId: string, send: JobQueue['send']) => Promise<unknown>;
}

/** The `staging.run` job (one staging run) and the `staging.sweep` job (every minute). */
export function createStagingJobs(deps: StagingJobDeps) {
  // A slot is held while the engine renders, not while the run's result is locked and finished
  // (decision 048): the job runs more runs than slots, and the engine requests wait for a slot.
  const slots = new WorkLimiter(deps.workerConcurrency);
  const models = deps.models.wrapped((engine) => withEngineSlots(engine, slots));
  const runJob = defineJob({
    name: STAGING_RUN_JOB,
    payload: stagingRunPayload,
    // No pg-boss retries: engine retries happen inside the handler; a job that expires because its
    // worker died is failed, and the sweeper refunds its run.
    // notify: a new run wakes an idle worker at once (LISTEN/NOTIFY), polling is the fallback.
    queue: { retryLimit: 0, expireInSeconds: deps.timeoutSeconds + 120, notify: true },
    concurrency: deps.runsAtOnce ?? deps.workerConcurrency,
    // Fair queueing (decision 024): at most a plan's maxParallel runs of one user at once, across processes.
    groupConcurrency: STAGING_GROUP_CAPS,
    // The backstop only: NOTIFY wakes idle slots for a new run, and a slot that finishes a run fetches
    // the next at once. Every idle slot polls on its own, so 16 slots at 0.5 s were 32 queries a second.
    pollingIntervalSeconds: 2,
    // The first run of a fresh worker would otherwise wait for OpenCV's WebAssembly to compile.
    warmUp: () => deps.lock.warmUp?.(),
    // The run's CPU work (engine rendering, lock, finishing) waits for the image-work limit in the
    // queue's fair order, per user and plan share (decision 040), not first come, first served.
    handler: async (data, context) => {
      const owner = await runOwner(deps.db, data.runId);
      const run = () => runStaging({ ...deps, models }, data, context);
      return owner ? asImageWorkOwner(owner, run) : run();
    },
  });

  const sweepJob = defineJob<Record<string, unknown>>({
    name: STAGING_SWEEP_JOB,
    payload: z.object({}).passthrough(),
    cron: '* * * * *',
    queue: { retryLimit: 0, expireInSeconds: 300 },
    handler: (_data, { log, send }) =>
      sweepStaging(
        {
          db: deps.db,
          stuckAfterSeconds: stuckAfterSeconds(deps.timeoutSeconds),
          staleAfterSeconds: deps.staleAfterSeconds,
          onRefunded: deps.onRunRefunded && ((runId) => deps.onRunRefunded!(runId, send)),
        },
        log,
      ),
  });

  return { runJob, sweepJob };
}
