import sharp from 'sharp';
import { ROOM_TYPES } from '../../../../contract/listing.js';
import type { RunStage } from '../../../../contract/staging-runs.js';
import { styleIdFromName } from '../../../../contract/styles.js';
import type { Database } from '../../db/client.js';
import { runImageWork } from '../../images/image-work.js';
import type { ObjectStorage } from '../../objects/storage.js';
import { stageWithRetries, type RetryPolicy } from '../engine-runner.js';
import type { EngineError, StageInput, StageResult } from '../engines/engine.js';
import type { LockFigures, LockOptions, LockOutcome } from '../geometry-lock/lock-result.js';
import type { RoutedEngine } from '../models/routed-engine.js';
import { finishLocked, type FinishedImage, type ResultCredentials } from '../result-image.js';
import { LOCK_KEEPS, type CredentialService } from '../../images/content-credentials.js';
import { signingIdentity } from '../../images/signing-identity.js';
import { groupSeed, referenceFor } from '../room-references.js';
import { produceVariations, type VariationOutcome } from '../variations.js';
import { minimumChangedShare, showsWhatWasAsked } from '../visible-change.js';
import { taskOf, type StagingRunPayload } from './run-payload.js';
import type { RunInputs } from './run-inputs.js';

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

/** What the lock and finishing made of one engine result. */
export type Delivery =
  | { verdict: 'locked'; figures: LockFigures; changeMask: Buffer; finished: FinishedImage }
  | { verdict: 'refused'; figures: LockFigures; reasons: string[] };
export type LockedDelivery = Extract<Delivery, { verdict: 'locked' }>;

/** The refusal reason of a locked result below its room's minimum change (visible-change.ts). */
const TOO_LITTLE_CHANGED = 'too_little_changed';

export interface RenderContext {
  db: Database;
  storage: ObjectStorage;
  /** The run's models in the operator's order (models/routed-engine.ts); told the lock's verdicts. */
  engine: RoutedEngine;
  lock: GeometryLock;
  retryPolicy?: RetryPolicy;
  runId: string;
  inputs: RunInputs;
  payload: StagingRunPayload;
  /** Epoch ms after which nothing more is tried. */
  deadline: number;
  /** The run's lease: aborted when the run is settled elsewhere or the worker stops. */
  signal: AbortSignal;
  /** The photo's results so far (a re-stage's new variations are numbered after them). */
  firstVariant: number;
  stage: (step: RunStage) => Promise<unknown>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface Rendered extends VariationOutcome<LockedDelivery> {
  /** A refusal was for too little change (nothing staged), not for a changed room. */
  tooLittleChanged: boolean;
}

/**
 * The run's engine requests (with retries), each result through the geometry lock (one strict retry
 * when refused), the visible-change minimum, and finishing (plan limits, watermark) of what is locked.
 */
export async function renderVariations(ctx: RenderContext): Promise<Rendered> {
  const { engine, inputs, payload, log } = ctx;
  const { original, source, owner } = inputs;
  // Same room, same furniture (decision 025): the group's (or project's) first accepted result.
  const reference = (engine.maxReferenceImages ?? 0) > 0 ? await referenceFor(ctx.db, ctx.storage, original) : null;
  // Stored with the original (process-image), so a restage keeps it.
  const roomType = ROOM_TYPES.find((r) => r === original.roomType) ?? 'auto';
  const task = taskOf(payload.category);
  const input: Omit<StageInput, 'signal'> = {
    roomType,
    furnitureSeed: groupSeed(original),
    reference: reference ?? undefined,
    image: source,
    mimeType: original.mimeType,
    styleId: styleIdFromName(payload.styleName),
    styleName: payload.styleName,
    styleDescription: payload.styleDescription,
    instructions: payload.instructions,
    task,
    // A renovation's surfaces (decision 062): as asked, else as the photo's last renovation run.
    ...(task === 'renovate' ? { renovation: payload.renovation ?? original.renovation ?? undefined } : {}),
  };
  const options = {
    deadline: ctx.deadline,
    signal: ctx.signal,
    policy: ctx.retryPolicy,
    onRetry: (info: { attempt: number; waitMs: number; error: EngineError }) =>
      log.warn({ runId: ctx.runId, attempt: info.attempt, waitMs: info.waitMs, err: info.error.message }, 'engine failed transiently, retrying'),
  };
  const plan = owner.plan ?? 'free';
  // Lock and finishing are full-resolution work: together they take one slot of the process-wide
  // image limit (the composite is drawn and encoded once, in finishing), and give up when the run is
  // settled elsewhere (web timeout, sweeper) or the deadline passes.
  const limit = () => AbortSignal.any([ctx.signal, AbortSignal.timeout(Math.max(1, ctx.deadline - Date.now()))]);
  // The original's hash and a small thumbnail for the Content Credentials' ingredient, once per run
  // (WebCrypto's digest and libvips both work off the event loop).
  let originalFacts: Promise<{ sha256: string; thumbnail: Buffer }> | undefined;
  const credentialsFor = async (result: StageResult, figures: LockFigures): Promise<ResultCredentials> => {
    originalFacts ??= Promise.all([
      crypto.subtle.digest('SHA-256', source as Uint8Array<ArrayBuffer>),
      sharp(source).resize({ width: 256, height: 256, fit: 'inside' }).jpeg({ quality: 70 }).toBuffer(),
    ]).then(([digest, thumbnail]) => ({ sha256: Buffer.from(digest).toString('hex'), thumbnail }));
    const [identity, facts] = await Promise.all([signingIdentity(), originalFacts]);
    return {
      material: { certificatesPem: identity.certificatesPem, privateKeyPem: identity.privateKeyPem },
      originalThumbnail: facts.thumbnail,
      facts: {
        service: SERVICE_OF[payload.category],
        model: result.engine,
        createdAt: new Date().toISOString(),
        original: { sha256: facts.sha256, title: original.filePath.split('/').pop() ?? 'original', format: original.mimeType },
        lock: {
          aligned: true,
          changedShare: figures.changedShare,
          architectureScore: figures.architectureScore,
          alignmentErrorPx: figures.alignmentErrorPx,
          structureSupport: figures.structureSupport ?? null,
          kept: LOCK_KEEPS,
        },
      },
    };
  };
  const lockAndFinish = (result: StageResult) => {
    const image = result.image;
    const signal = limit();
    return runImageWork(
      async (): Promise<Delivery> => {
        await ctx.stage('locking');
        const outcome = await ctx.lock.lock(source, image, task === 'renovate' ? { signal, mode: 'surface', renovation: input.renovation } : { signal, mode: task, roomType });
        if (outcome.verdict === 'refused') return outcome;
        // A locked result must also show what was asked: enough of the frame furnished (or emptied).
        if (!showsWhatWasAsked(outcome.figures.changedShare, task, roomType)) {
          return { verdict: 'refused', figures: outcome.figures, reasons: [TOO_LITTLE_CHANGED] };
        }
        await ctx.stage('finishing');
        const credentials = await credentialsFor(result, outcome.figures);
        const [finished, changeMask] = await Promise.all([
          finishLocked(outcome.composite, plan, task, owner.language ?? 'en', signal, credentials),
          changeOverlay(outcome.changeMask),
        ]);
        return { verdict: 'locked', figures: outcome.figures, changeMask, finished };
      },
      { signal },
    );
  };
  // The geometry lock refuses a result: once more, stricter: the strict prompt and, where the
  // provider takes one, an edit mask that protects windows, doors and the ceiling. A second
  // refusal is final for that variation: nothing of it is stored.
  const strictInput = async () => {
    await ctx.stage('retrying');
    const size = { width: original.width ?? 0, height: original.height ?? 0 };
    const editMask =
      engine.takesEditMask && size.width > 0 && size.height > 0
        ? await runImageWork(() => ctx.lock.protectedRegions(source, size), { signal: limit() })
        : undefined;
    return { ...input, strict: true, editMask };
  };
  let tooLittleChanged = false;
  await ctx.stage('generating');
  const produced = await produceVariations({
    engine,
    input,
    count: payload.variations,
    firstVariant: ctx.firstVariant,
    stage: (e, i) => stageWithRetries(e, i, options),
    deliver: async (result: StageResult) => {
      const delivery = await lockAndFinish(result);
      if (delivery.verdict === 'locked') {
        await engine.settle(result, 'delivered');
        return delivery;
      }
      await engine.settle(result, 'refused', delivery.reasons.join(', '));
      engine.noteRefusal();
      tooLittleChanged = delivery.reasons.includes(TOO_LITTLE_CHANGED);
      const minimum = minimumChangedShare(task, roomType);
      log.info({ runId: ctx.runId, figures: delivery.figures, reasons: delivery.reasons, minimum }, 'result refused');
      return null;
    },
    strictInput,
  });
  return { ...produced, tooLittleChanged };
}

/** The service a project's category is, as the Content Credentials name it. */
const SERVICE_OF: Record<StagingRunPayload['category'], CredentialService> = {
  virtual_staging: 'staging',
  furniture_removal: 'removal',
  renovation: 'renovation',
  floor_plan_to_photos: 'staging',
};

/**
 * The lock's change mask (greyscale, white = added) as the web app lays it over the photo: white
 * whose alpha is the mask, so a CSS mask (alpha in every browser) tints exactly the added area.
 */
async function changeOverlay(mask: Buffer): Promise<Buffer> {
  // libvips only (no per-pixel loop on the event loop): white RGB joined with the mask as alpha.
  const { data, info } = await sharp(mask).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return sharp({ create: { width: info.width, height: info.height, channels: 3, background: '#ffffff' } })
    .joinChannel(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
}
