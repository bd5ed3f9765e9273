import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { ErrorCode } from '../../../../contract/errors.js';
import { ROOM_TYPES, variationCount } from '../../../../contract/listing.js';
import { PROJECT_CATEGORIES } from '../../../../contract/projects.js';
import { styleIdFromName } from '../../../../contract/styles.js';
import { CUSTOM_STYLE_MAX, INSTRUCTIONS_MAX } from '../../../../contract/limits.js';
import type { Database } from '../../db/client.js';
import { projectImages } from '../../db/schema/projects.js';
import { users } from '../../db/schema/users.js';
import { runImageWork } from '../../images/image-work.js';
import { changeMaskKeyOf, filePathOf, projectImageKey, thumbnailKeyOf } from '../../objects/object-keys.js';
import type { ObjectStorage } from '../../objects/storage.js';
import { chargeRun, refundRun } from '../credits.js';
import { EngineError, engineMessages, type StageResult, type StagingEngine, type StagingTask } from '../engines/engine.js';
import { stageWithRetries, type RetryPolicy } from '../engine-runner.js';
import type { LockFigures, LockOptions, LockOutcome } from '../geometry-lock/lock-result.js';
import { recomputeProjectStatus } from '../project-status.js';
import { finishResult, type FinishedImage } from '../result-image.js';
import { groupSeed, referenceFor } from '../room-references.js';
import { findImage, findRun, touchHeartbeat } from './runs.js';
import { markStage } from './run-stage.js';
import type { RunStage } from '../../../../contract/staging-runs.js';
import { keepCreditsFor, produceVariations } from '../variations.js';
import { earlierResults, storeKeepingEarlier, type StoredColumns } from '../earlier-results.js';
import { differsFromAll, fingerprintOf, type Fingerprint } from '../variation-distance.js';
import { minimumChangedShare, showsWhatWasAsked } from '../visible-change.js';

export const stagingRunPayload = z.object({
  runId: z.string().uuid(),
  styleName: z.string().max(80),
  styleDescription: z.string().max(CUSTOM_STYLE_MAX).default(''),
  instructions: z.string().max(INSTRUCTIONS_MAX).optional(),
  category: z.enum(PROJECT_CATEGORIES).default('virtual_staging'),
  variations: variationCount.default(1),
});
export type StagingRunPayload = z.infer<typeof stagingRunPayload>;

/**
 * The geometry lock (DESIGN §6, decision 014), behind a seam so tests and the composition can
 * choose it: every engine result goes through `lock`; `protectedRegions` makes the edit mask a
 * provider takes on the strict retry (RGBA PNG of the given size, alpha 0 = editable).
 */
export interface GeometryLock {
  lock(original: Buffer, result: Buffer, options: LockOptions): Promise<LockOutcome>;
  protectedRegions(original: Buffer, size: { width: number; height: number }): Promise<Buffer>;
  /** Optional: load the lock's machinery (OpenCV) ahead of the first run. */
  warmUp?(): void;
}

export interface StagingRunDeps {
  db: Database;
  storage: ObjectStorage;
  engine: () => StagingEngine;
  lock: GeometryLock;
  timeoutSeconds: number;
  retryPolicy?: RetryPolicy;
  /** How often the working process touches the run's heartbeat (RUN_HEARTBEAT_S; decision 032). Default 15 s. */
  heartbeatSeconds?: number;
}

const REFUNDED = 'Your credit has been refunded.';
/** The run's answer when the lock refused the result twice (shown to the user; the web app translates the code). */
export const STRUCTURE_CHANGED_MESSAGE = `The AI changed the room itself (walls, windows or perspective), so the result was not delivered. ${REFUNDED}`;
/** The run's answer when the result, twice, did not add (or remove) enough to show what was asked (visible-change.ts). */
export const NOTHING_STAGED_MESSAGE = `The AI returned the room almost unchanged (too little furniture added or removed), so the result was not delivered. ${REFUNDED}`;
/** The run's answer when every result looked the same as one the photo already has (variation-distance.ts). */
export const DUPLICATE_RESULT_MESSAGE = `The new result looked the same as one you already have, so it was not delivered. ${REFUNDED}`;

/** What the engine is asked to do for a project category (furniture removal empties the room). */
export function taskOf(category: StagingRunPayload['category']): StagingTask {
  return category === 'furniture_removal' ? 'remove' : 'furnish';
}

/** HTTP status of a refunded run's error code, as process-image answers it. */
export function statusOfRunError(code: string | null): number {
  switch (code) {
    case 'staging_refused':
    case 'structure_changed':
    case 'nothing_staged':
    case 'duplicate_result':
      return 422;
    case 'staging_timeout':
      return 504;
    case 'not_found':
      return 404;
    default:
      return 502;
  }
}

function describeFailure(err: unknown): { message: string; code: ErrorCode } {
  if (err instanceof EngineError) {
    const code: ErrorCode =
      err.message === engineMessages.contentPolicy ? 'staging_refused' : err.message === engineMessages.timeout ? 'staging_timeout' : 'staging_failed';
    return { message: `${err.message} ${REFUNDED}`, code };
  }
  return { message: `An error occurred during the staging process. Please try again. ${REFUNDED}`, code: 'staging_failed' };
}

/**
 * The `staging.run` job: engine (with retries), the geometry lock (one strict retry, then a refusal),
 * plan limits and watermark, storage, then charge. Idempotent: a run that is no longer `reserved` is left alone, and a run
 * refunded while the engine worked (web timeout, sweeper, project deleted) keeps no file.
 */
export async function runStaging(deps: StagingRunDeps, data: StagingRunPayload, context: { log: FastifyBaseLogger; signal: AbortSignal }) {
  const { db, storage, log } = { ...deps, log: context.log };
  const run = await findRun(db, data.runId);
  if (!run || run.state !== 'reserved') {
    log.info({ runId: data.runId, state: run?.state }, 'staging run already settled');
    return { skipped: true };
  }
  const fail = async (message: string, code: ErrorCode) => {
    await refundRun(db, run.id, message, code);
    return { refunded: true, message };
  };
  // From here on the run is ours: the sweep refunds it once this heartbeat stops (decision 032).
  if (!(await touchHeartbeat(db, run.id))) return { skipped: true };
  // Abort the engine when the run is settled elsewhere (web timeout, sweeper) or the worker stops.
  const controller = new AbortController();
  const heartbeat = setInterval(() => {
    touchHeartbeat(db, run.id).then(
      (alive) => alive || controller.abort(),
      (err: unknown) => log.warn({ err, runId: run.id }, 'could not touch the run heartbeat'),
    );
  }, (deps.heartbeatSeconds ?? 15) * 1000);

  const inputs = async () => {
    const original = run.originalImageId ? await findImage(db, run.originalImageId) : null;
    const source = original ? await storage.read(original.filePath.slice(1)) : null;
    // The plan of the pool the run draws on: its workspace's (decision 041); the language is the run's own user's.
    const [pool] = await db.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, run.creditsUserId ?? run.userId));
    const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, run.userId));
    const owner = { plan: pool?.plan, language: user?.language };
    return { original, source, owner };
  };
  const loaded = await inputs().catch((err: unknown) => {
    log.warn({ runId: run.id, err }, 'could not read the original, refunding');
    return null;
  });
  if (!loaded?.original || !loaded.source) clearInterval(heartbeat);
  if (!loaded) return fail(describeFailure(null).message, 'staging_failed');
  const { original, source, owner } = loaded;
  if (!original || !source) return fail(`The original image no longer exists. ${REFUNDED}`, 'not_found');

  const onStop = () => controller.abort();
  context.signal.addEventListener('abort', onStop, { once: true });
  const watcher = setInterval(() => {
    findRun(db, run.id).then(
      (r) => r?.state !== 'reserved' && controller.abort(),
      () => {},
    );
  }, 1000);
  const written: string[] = [];
  // Progress for whoever follows the run (SSE); a lost update only costs a progress step.
  const stage = (step: RunStage) => markStage(db, run.id, step).catch((err: unknown) => log.warn({ err, runId: run.id, step }, 'could not record the run stage'));
  try {
    const deadline = Date.now() + deps.timeoutSeconds * 1000;
    const engine = deps.engine();
    // Same room, same furniture (decision 025): the group's (or project's) first accepted result.
    const reference = (engine.maxReferenceImages ?? 0) > 0 ? await referenceFor(db, storage, original) : null;
    const input = {
      // Stored with the original (process-image), so a restage keeps it.
      roomType: ROOM_TYPES.find((r) => r === original.roomType) ?? 'auto',
      furnitureSeed: groupSeed(original),
      reference: reference ?? undefined,
      image: source,
      mimeType: original.mimeType,
      styleId: styleIdFromName(data.styleName),
      styleName: data.styleName,
      styleDescription: data.styleDescription,
      instructions: data.instructions,
      task: taskOf(data.category),
    };
    const options = {
      deadline,
      signal: controller.signal,
      policy: deps.retryPolicy,
      onRetry: (info: { attempt: number; waitMs: number; error: EngineError }) =>
        log.warn({ runId: run.id, attempt: info.attempt, waitMs: info.waitMs, err: info.error.message }, 'engine failed transiently, retrying'),
    };
    const plan = owner?.plan ?? 'free';
    // Lock and finishing are full-resolution work: together they take one slot of the process-wide
    // image limit (the composite is drawn and encoded once, in finishing), and give up when the run is
    // settled elsewhere (web timeout, sweeper) or the deadline passes.
    const limit = () => AbortSignal.any([controller.signal, AbortSignal.timeout(Math.max(1, deadline - Date.now()))]);
    const lockAndFinish = (image: Buffer) => {
      const signal = limit();
      return runImageWork(
        async (): Promise<Delivery> => {
          await stage('locking');
          const outcome = await deps.lock.lock(source, image, { signal, mode: input.task });
          if (outcome.verdict === 'refused') return outcome;
          // A locked result must also show what was asked: enough of the frame furnished (or emptied).
          if (!showsWhatWasAsked(outcome.figures.changedShare, input.task, input.roomType)) {
            return { verdict: 'refused', figures: outcome.figures, reasons: [TOO_LITTLE_CHANGED] };
          }
          await stage('finishing');
          const [finished, changeMask] = await Promise.all([finishResult(outcome.composite, plan, input.task, owner?.language ?? 'en'), changeOverlay(outcome.changeMask)]);
          return { verdict: 'locked', figures: outcome.figures, changeMask, finished };
        },
        { signal },
      );
    };
    // The geometry lock refuses a result: once more, stricter: the strict prompt and, where the
    // provider takes one, an edit mask that protects windows, doors and the ceiling. A second
    // refusal is final for that variation: nothing of it is stored.
    const strictInput = async () => {
      await stage('retrying');
      const size = { width: original.width ?? 0, height: original.height ?? 0 };
      const editMask =
        engine.takesEditMask && size.width > 0 && size.height > 0
          ? await runImageWork(() => deps.lock.protectedRegions(source, size), { signal: limit() })
          : undefined;
      return { ...input, strict: true, editMask };
    };
    // The photo's results so far (a re-stage keeps them, decision 037): new variations are numbered
    // after them and must look different from them.
    const earlier = await earlierResults(db, storage, original.id);
    let tooLittleChanged = false;
    await stage('generating');
    const produced = await produceVariations({
      engine,
      input,
      count: data.variations,
      firstVariant: earlier.count,
      stage: (e, i) => stageWithRetries(e, i, options),
      deliver: async (result: StageResult) => {
        const delivery = await lockAndFinish(result.image);
        if (delivery.verdict === 'locked') return delivery;
        tooLittleChanged = delivery.reasons.includes(TOO_LITTLE_CHANGED);
        const minimum = minimumChangedShare(input.task, input.roomType);
        log.info({ runId: run.id, figures: delivery.figures, reasons: delivery.reasons, minimum }, 'result refused');
        return null;
      },
      strictInput,
    });
    if (!produced.delivered.length) {
      if (produced.errors.length) throw produced.errors[0];
      log.warn({ runId: run.id, refused: produced.refused }, 'the strict retry was refused too, refunding');
      return tooLittleChanged ? fail(NOTHING_STAGED_MESSAGE, 'nothing_staged') : fail(STRUCTURE_CHANGED_MESSAGE, 'structure_changed');
    }
    // A variation that looks like an earlier result or another of this run is not delivered (not charged).
    const seen: Fingerprint[] = [...earlier.fingerprints];
    const distinct: typeof produced.delivered = [];
    for (const item of produced.delivered) {
      const fingerprint = await fingerprintOf(item.delivery.finished.thumbnail);
      if (!differsFromAll(fingerprint, seen)) continue;
      seen.push(fingerprint);
      distinct.push(item);
    }
    if (!distinct.length) {
      log.warn({ runId: run.id, delivered: produced.delivered.length }, 'every result duplicated an earlier one, refunding');
      return fail(DUPLICATE_RESULT_MESSAGE, 'duplicate_result');
    }

    const stored: StoredColumns[] = [];
    for (const { result, delivery } of distinct) {
      const { finished, figures } = delivery;
      // Under the original's prefix: a project's files live under its creator's (decision 041).
      const key = projectImageKey(original.userId, run.projectId, finished.extension);
      const thumbKey = thumbnailKeyOf(key);
      const maskKey = changeMaskKeyOf(key);
      written.push(key, thumbKey, maskKey);
      await storage.put(key, finished.image, finished.mimeType);
      await storage.put(thumbKey, finished.thumbnail, 'image/webp');
      await storage.put(maskKey, delivery.changeMask, 'image/png');
      stored.push({
        filePath: filePathOf(key),
        thumbnailPath: filePathOf(thumbKey),
        changeMaskPath: filePathOf(maskKey),
        mimeType: finished.mimeType,
        width: finished.width,
        height: finished.height,
        byteSize: finished.image.length,
        alignmentErrorPx: figures.alignmentErrorPx,
        changedShare: figures.changedShare,
        architectureScore: figures.architectureScore,
        structureSupport: figures.structureSupport ?? null,
        seam: figures.seam ?? null,
        engine: result.engine,
      });
    }
    const chosen = distinct[0]!;
    const figures = chosen.delivery.figures;
    const result = chosen.result;

    const charged = await db.transaction(async (tx) => {
      // Serialises concurrent results for one original, and choosing a variation (variations.ts).
      // NO KEY UPDATE: new runs may still reference the row meanwhile.
      await tx.select({ id: projectImages.id }).from(projectImages).where(eq(projectImages.id, original.id)).for('no key update');
      const imageId = randomUUID();
      if (!(await chargeRun(tx, run.id, imageId))) return false;
      await keepCreditsFor(tx, run.id, stored.length);
      await storeKeepingEarlier(tx, { projectId: run.projectId, userId: original.userId, originalId: original.id, runId: run.id, imageId }, stored);
      await recomputeProjectStatus(tx, run.projectId);
      return true;
    });
    if (!charged) {
      await storage.delete(written);
      log.info({ runId: run.id }, 'run was settled while staging; result discarded');
      return { skipped: true };
    }
    written.length = 0;
    // One line per charged run (with the job id and, from pino, the worker's pid and host).
    log.info({ runId: run.id, figures, engine: result.engine, variations: stored.length, failedVariations: data.variations - stored.length }, 'staging run charged');
    return { charged: true, figures };
  } catch (err) {
    if (written.length) await storage.delete(written).catch(() => {});
    const { message, code } = describeFailure(err);
    log.warn({ runId: run.id, err: err instanceof EngineError ? err.message : err }, 'staging failed, refunding');
    return fail(message, code);
  } finally {
    clearInterval(watcher);
    clearInterval(heartbeat);
    context.signal.removeEventListener('abort', onStop);
  }
}

/**
 * The lock's change mask (greyscale, white = added) as the web app lays it over the photo: white
 * whose alpha is the mask, so a CSS mask (alpha in every browser) tints exactly the added area.
 */
async function changeOverlay(mask: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(mask).greyscale().raw().toBuffer({ resolveWithObject: true });
  const rgba = Buffer.alloc(info.width * info.height * 4, 255);
  for (let i = 0; i < info.width * info.height; i++) rgba[i * 4 + 3] = data[i * info.channels]!;
  return sharp(rgba, { raw: { width: info.width, height: info.height, channels: 4 } }).png().toBuffer();
}

/** What the lock and finishing made of one engine result. */
type Delivery =
  | { verdict: 'locked'; figures: LockFigures; changeMask: Buffer; finished: FinishedImage }
  | { verdict: 'refused'; figures: LockFigures; reasons: string[] };

/** The refusal reason of a locked result below its room's minimum change (visible-change.ts). */
const TOO_LITTLE_CHANGED = 'too_little_changed';
