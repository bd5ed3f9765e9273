import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '../../../../contract/errors.js';
import type { RunStage } from '../../../../contract/staging-runs.js';
import type { Database } from '../../db/client.js';
import type { ObjectStorage } from '../../objects/storage.js';
import { refundRun } from '../credits.js';
import { earlierResults } from '../earlier-results.js';
import type { RetryPolicy } from '../engine-runner.js';
import { EngineError } from '../engines/engine.js';
import type { ModelRouter } from '../models/model-router.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { chargeForResults, keepDistinct, storeResults } from './run-delivery.js';
import { describeFailure, DUPLICATE_RESULT_MESSAGE, NOTHING_STAGED_MESSAGE, ORIGINAL_GONE_MESSAGE, STRUCTURE_CHANGED_MESSAGE } from './run-failures.js';
import { loadRunInputs, type RunInputs } from './run-inputs.js';
import { takeRunLease } from './run-lease.js';
import type { StagingRunPayload } from './run-payload.js';
import { renderVariations, type GeometryLock } from './run-render.js';
import { markStage } from './run-stage.js';
import { findRun } from './runs.js';

export interface StagingRunDeps {
  db: Database;
  storage: ObjectStorage;
  models: ModelRouter;
  lock: GeometryLock;
  timeoutSeconds: number;
  retryPolicy?: RetryPolicy;
  /** How often the working process touches the run's heartbeat (RUN_HEARTBEAT_S; decision 032). Default 15 s. */
  heartbeatSeconds?: number;
}

/**
 * The `staging.run` job, step by step: take the run's lease (heartbeat), load the photo, render
 * (engine with retries, geometry lock with one strict retry, visible-change minimum, finishing:
 * `run-render.ts`), keep the variations that differ, store them, then charge (`run-delivery.ts`).
 * Anything that ends without a delivery refunds the run (`run-failures.ts` says how it is answered).
 * Idempotent: a run that is no longer `reserved` is left alone, and a run refunded while the engine
 * worked (web timeout, sweeper, project deleted) keeps no file.
 */
export async function runStaging(deps: StagingRunDeps, data: StagingRunPayload, context: { log: FastifyBaseLogger; signal: AbortSignal; send?: JobQueue['send'] }) {
  const { db, storage } = deps;
  const log = context.log;
  const run = await findRun(db, data.runId);
  if (!run || run.state !== 'reserved') {
    log.info({ runId: data.runId, state: run?.state }, 'staging run already settled');
    return { skipped: true };
  }
  const fail = async (message: string, code: ErrorCode) => {
    await refundRun(db, run.id, message, code);
    return { refunded: true, message };
  };
  // From here on the run is ours: the sweep refunds it once the lease's heartbeat stops (decision 032).
  const lease = await takeRunLease(db, run.id, { heartbeatSeconds: deps.heartbeatSeconds ?? 15, workerStopping: context.signal, log });
  if (!lease) return { skipped: true };
  const written: string[] = [];
  try {
    let inputs: RunInputs | null;
    try {
      inputs = await loadRunInputs(db, storage, run);
    } catch (err) {
      log.warn({ runId: run.id, err }, 'could not read the original, refunding');
      return await fail(describeFailure(null).message, 'staging_failed');
    }
    if (!inputs) return await fail(ORIGINAL_GONE_MESSAGE, 'not_found');
    // Progress for whoever follows the run (SSE); a lost update only costs a progress step.
    const stage = (step: RunStage) => markStage(db, run.id, step).catch((err: unknown) => log.warn({ err, runId: run.id, step }, 'could not record the run stage'));
    const deadline = Date.now() + deps.timeoutSeconds * 1000;
    // The photo's results so far (a re-stage keeps them, decision 037): new variations are numbered
    // after them and must look different from them.
    const earlier = await earlierResults(db, storage, inputs.original.id);
    // The operator's model choice for the service, as of now (issue 38): stops here when its provider's budget is used up.
    const engine = await deps.models.forRun({ runId: run.id, service: data.category === 'furniture_removal' ? 'removal' : 'staging', plan: inputs.owner.plan ?? 'free', send: context.send });
    const rendered = await renderVariations({
      db,
      storage,
      engine,
      lock: deps.lock,
      retryPolicy: deps.retryPolicy,
      runId: run.id,
      inputs,
      payload: data,
      deadline,
      signal: lease.signal,
      firstVariant: earlier.count,
      stage,
      log,
    });
    if (!rendered.delivered.length) {
      if (rendered.errors.length) throw rendered.errors[0];
      log.warn({ runId: run.id, refused: rendered.refused }, 'the strict retry was refused too, refunding');
      return await (rendered.tooLittleChanged ? fail(NOTHING_STAGED_MESSAGE, 'nothing_staged') : fail(STRUCTURE_CHANGED_MESSAGE, 'structure_changed'));
    }
    // A variation that looks like an earlier result or another of this run is not delivered (not charged).
    const distinct = await keepDistinct(rendered.delivered, earlier.fingerprints);
    for (const dropped of rendered.delivered.filter((d) => !distinct.includes(d))) await engine.settle(dropped.result, 'refused', 'duplicate_result');
    if (!distinct.length) {
      log.warn({ runId: run.id, delivered: rendered.delivered.length }, 'every result duplicated an earlier one, refunding');
      return await fail(DUPLICATE_RESULT_MESSAGE, 'duplicate_result');
    }
    const stored = await storeResults(storage, run, inputs.original, distinct, written);
    if (!(await chargeForResults(db, run, inputs.original, stored))) {
      await storage.delete(written);
      log.info({ runId: run.id }, 'run was settled while staging; result discarded');
      return { skipped: true };
    }
    written.length = 0;
    const { figures } = distinct[0]!.delivery;
    // One line per charged run (with the job id and, from pino, the worker's pid and host).
    log.info({ runId: run.id, figures, engine: distinct[0]!.result.engine, variations: stored.length, failedVariations: data.variations - stored.length }, 'staging run charged');
    return { charged: true, figures };
  } catch (err) {
    if (written.length) await storage.delete(written).catch(() => {});
    const { message, code } = describeFailure(err);
    log.warn({ runId: run.id, err: err instanceof EngineError ? err.message : err }, 'staging failed, refunding');
    return fail(message, code);
  } finally {
    lease.release();
  }
}
