import type { RenovationChoice } from '@contract/renovation';
import type { ProjectCategory } from '@contract/projects';
import type { ProjectDetailResponse } from '@contract/projects';
import { ApiError } from '@/lib/api-request';
import { isEmailNotVerifiedError } from '@/lib/auth';
import { createProject } from './api/create-project';
import { getProjectDetail } from './api/get-project-images';
import { UploadFailedError, uploadImage } from './api/upload-image';
import { stageImageAsync, type RunActivity } from './run-events';
import { stagingWaves, type PhotoRoom } from './room-plan';
import { runPool } from './run-pool';
import {
  progressAt,
  runningShare,
  type ImageActivity,
  type ImageProgress,
  type StagingProgress,
} from './staging-progress';

export interface StagingRequest {
  title: string;
  files: File[];
  styleName: string;
  styleDescription: string;
  instructions?: string;
  /** What the project does: staging (default) or furniture removal (decision 027). */
  category?: ProjectCategory;
  /** Images uploaded and staged at once (DESIGN §4: default 3). */
  concurrency: number;
  /** Per photo (same order as `files`): room type and room group (decision 025). */
  rooms?: PhotoRoom[];
  /** Variations per photo, 1–4 (one credit each). */
  variations?: number;
  /** Category `renovation` (decision 062): the surfaces every photo of the run changes. */
  renovation?: RenovationChoice;
}

export interface StagedImageResult {
  index: number;
  file: File;
  /** The upload's objectPath, sent as `imageURL`. */
  objectPath: string;
  processedImagePath: string;
  imageId?: string;
}

/** An image of the run that was not staged (its credit was not taken or was refunded). */
export interface FailedImageResult {
  index: number;
  file: File;
  objectPath: string;
  failure: ImageFailure;
}

/** Why one image was not staged; the result screen shows it on the image's tile. */
export type ImageFailure = Extract<
  StagingFailure,
  { kind: 'image' | 'insufficientCredits' | 'generic' | 'upload' | 'timeout' }
>;

export type TimedStage = 'createProject' | 'upload' | 'staging' | 'finalizing';

/**
 * How long the run waits for each stage before it gives up on it with a clear message. Staging
 * counts from the request to the result of one image and includes its wait in the queue.
 */
export const STAGE_TIMEOUT_MS: Record<TimedStage, number> = {
  createProject: 30_000,
  // A 15 MB phone photo at 1 Mbit/s takes 2 minutes, three at once 6: a stalled attempt is retried sooner (upload-image.ts).
  upload: 10 * 60_000,
  staging: 15 * 60_000,
  finalizing: 30_000,
};

export class StageTimeoutError extends Error {
  constructor(readonly stage: TimedStage) {
    super(`The ${stage} stage timed out`);
    this.name = 'StageTimeoutError';
  }
}

/** Runs `work` with a signal that also aborts after the stage's limit; then rejects with StageTimeoutError. */
export async function withStageTimeout<T>(
  stage: TimedStage,
  work: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
  ms = STAGE_TIMEOUT_MS[stage],
): Promise<T> {
  const own = new AbortController();
  let timedOut = false;
  const onAbort = () => own.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      own.abort(new StageTimeoutError(stage));
      reject(new StageTimeoutError(stage));
    }, ms);
  });
  try {
    return await Promise.race([work(own.signal), timeout]);
  } catch (error) {
    if (timedOut && !signal?.aborted) throw new StageTimeoutError(stage);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export interface StagingOutcome {
  projectId: string;
  /** Every photo's upload (objectPath by index): a retry stages the failed ones from here. */
  objectPaths: string[];
  /** The staged images, by index; with `failed` a partial run (issue #12). */
  images: StagedImageResult[];
  failed: FailedImageResult[];
  /** The stored project (originals and staged images); null when it could not be read afterwards. */
  project: ProjectDetailResponse | null;
}

/** Why a run stopped; the screen turns it into the texts of spec §8. */
export type StagingFailure =
  | { kind: 'createProject' }
  | { kind: 'upload'; imageNumber: number; code?: string }
  /** A stage took longer than its limit (STAGE_TIMEOUT_MS): the run stops waiting and says which. */
  | { kind: 'timeout'; stage: TimedStage; imageNumber?: number }
  | { kind: 'insufficientCredits' }
  /**
   * The server refused or failed image N (`reason`: its sentence; null: no processed image path).
   * `resume` lets the same request run again in the same project (already staged photos are not charged again).
   */
  | {
      kind: 'image';
      imageNumber: number;
      reason: string | null;
      code?: string;
      resume?: StagingResume;
    }
  /** 403 email_not_verified: the address must be confirmed before uploads and staging. */
  | { kind: 'emailNotVerified' }
  /** 401 mid-run: the session ended; the user signs in again and comes back (spec §8). */
  | { kind: 'loggedOut' }
  | { kind: 'generic' };

/** A run continued in its project with its uploads: staging starts again, nothing is uploaded twice. */
export interface StagingResume {
  projectId: string;
  objectPaths: string[];
  /** Stage only these images (indexes), e.g. the failed ones of a partial run… */
  only?: number[];
  /** …and keep these, already delivered (and paid for). */
  staged?: StagedImageResult[];
}

export class StagingError extends Error {
  constructor(
    readonly failure: StagingFailure,
    options?: { cause?: unknown },
  ) {
    super(`Staging failed: ${failure.kind}`, options);
    this.name = 'StagingError';
  }
}

/** Server sentence and code of a failed process-image reply (`{success:false, error, code}` or `{message, code}`). */
function serverFailure(error: unknown): { reason: string | null; code?: string } {
  if (error instanceof ApiError) {
    const body = error.body as { error?: unknown; message?: unknown; code?: unknown } | null;
    const reason =
      typeof body?.error === 'string'
        ? body.error
        : typeof body?.message === 'string'
          ? body.message
          : error.message;
    return { reason, code: typeof body?.code === 'string' ? body.code : undefined };
  }
  return { reason: null };
}

/**
 * The staging run of spec §4/§7: create the project, upload every image (PUT to the signed URL),
 * stage them with bounded concurrency, then read the stored project. Progress is reported from
 * real events only (decision 022: each image's run reports its queue place and pipeline steps).
 * A failing image does not stop the others: the outcome lists staged and failed images (a partial
 * run). Only when none was staged does the run fail, with the first image's failure.
 */
export async function runStaging(
  request: StagingRequest,
  onProgress: (progress: StagingProgress) => void,
  signal?: AbortSignal,
  resume?: StagingResume,
): Promise<StagingOutcome> {
  const total = request.files.length;
  onProgress(progressAt.start(total));
  const prepared = resume
    ? { ...resume, uploadFailures: [] }
    : await uploadAndCreate(request, onProgress, signal);
  const { projectId, objectPaths, uploadFailures } = prepared;
  const indexes = resume?.only ?? objectPaths.flatMap((path, index) => (path ? [index] : []));
  const { staged, failed: stagingFailures } = await stageAll(
    request,
    projectId,
    objectPaths,
    indexes,
    onProgress,
    signal,
  );
  const failed = [...uploadFailures, ...stagingFailures].sort((a, b) => a.index - b.index);
  const images = [...(resume?.staged ?? []), ...staged].sort((a, b) => a.index - b.index);
  if (images.length === 0 && failed[0]) throw new StagingError(failed[0].failure);
  onProgress(progressAt.finalizing(indexes.length));
  const project = await withStageTimeout(
    'finalizing',
    () => getProjectDetail(projectId),
    signal,
  ).catch(() => null);
  onProgress(progressAt.done(indexes.length));
  return { projectId, objectPaths, images, failed, project };
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Uploads every photo first (each within its time limit; one refused or stuck photo does not stop
 * the others), then creates the project only when at least one upload worked: a run whose photos
 * all fail leaves no empty project behind. Failed uploads come back as failed images of the run.
 */
async function uploadAndCreate(
  request: StagingRequest,
  onProgress: (progress: StagingProgress) => void,
  signal?: AbortSignal,
): Promise<StagingResume & { uploadFailures: FailedImageResult[] }> {
  const total = request.files.length;
  const title = request.title.trim();
  onProgress(progressAt.preparing(0, total));
  let settled = 0;
  // Bytes sent per photo and which photos wait to be tried again: the bar moves with the bytes (issue 39).
  const sent = request.files.map(() => 0);
  const retrying = new Set<number>();
  const size = request.files.reduce((sum, file) => sum + file.size, 0);
  const bytes = () => ({ sent: sent.reduce((a, b) => a + b, 0), size, retrying: retrying.size > 0 });
  const uploads = await runPool(
    request.files,
    request.concurrency,
    async (file, index): Promise<string | ImageFailure> => {
      try {
        return await withStageTimeout(
          'upload',
          (stageSignal) =>
            uploadImage(title, file, stageSignal, (progress) => {
              sent[index] = progress.sent;
              if (progress.retrying) retrying.add(index);
              else retrying.delete(index);
              onProgress(progressAt.preparing(settled, total, bytes()));
            }),
          signal,
        );
      } catch (error) {
        if (signal?.aborted) throw error;
        if (isEmailNotVerifiedError(error))
          throw new StagingError({ kind: 'emailNotVerified' }, { cause: error });
        if (isUnauthorized(error) || (error instanceof UploadFailedError && error.status === 401))
          throw new StagingError({ kind: 'loggedOut' }, { cause: error });
        if (error instanceof StageTimeoutError)
          return { kind: 'timeout', stage: 'upload', imageNumber: index + 1 };
        return {
          kind: 'upload',
          imageNumber: index + 1,
          code: error instanceof UploadFailedError ? error.code : undefined,
        };
      } finally {
        sent[index] = file.size;
        retrying.delete(index);
        onProgress(progressAt.preparing(++settled, total, bytes()));
      }
    },
    signal,
  );
  const objectPaths = uploads.map((u) => (typeof u === 'string' ? u : ''));
  const uploadFailures = uploads.flatMap((u, index) =>
    typeof u === 'string'
      ? []
      : [{ index, file: request.files[index]!, objectPath: '', failure: u }],
  );
  if (uploadFailures.length === total) throw new StagingError(uploadFailures[0]!.failure);

  let projectId: string;
  try {
    projectId = (
      await withStageTimeout(
        'createProject',
        () => createProject({ title, category: request.category ?? 'virtual_staging' }),
        signal,
      )
    ).id;
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof StageTimeoutError)
      throw new StagingError({ kind: 'timeout', stage: 'createProject' }, { cause: error });
    throw new StagingError(
      isUnauthorized(error) ? { kind: 'loggedOut' } : { kind: 'createProject' },
      { cause: error },
    );
  }
  signal?.throwIfAborted();
  return { projectId, objectPaths, uploadFailures };
}

/** One image's failure, or a failure that ends the whole run (session gone, address unconfirmed). */
function imageFailure(error: unknown, imageNumber: number, resume: StagingResume): ImageFailure {
  if (isUnauthorized(error)) throw new StagingError({ kind: 'loggedOut' }, { cause: error });
  if (isEmailNotVerifiedError(error))
    throw new StagingError({ kind: 'emailNotVerified' }, { cause: error });
  if (!(error instanceof ApiError)) return { kind: 'generic' };
  if ((error.body as { code?: string } | null)?.code === 'insufficient_credits')
    return { kind: 'insufficientCredits' };
  return { kind: 'image', imageNumber, ...serverFailure(error), resume };
}

function activityOf(imageNumber: number, activity: RunActivity): ImageActivity {
  if (activity.event === 'stage') return { imageNumber, step: activity.data.stage };
  if (activity.event === 'position')
    return { imageNumber, step: 'queued', position: activity.data.position };
  return { imageNumber, step: 'queued' };
}

async function stageAll(
  request: StagingRequest,
  projectId: string,
  objectPaths: string[],
  indexes: number[],
  onProgress: (progress: StagingProgress) => void,
  signal?: AbortSignal,
): Promise<{ staged: StagedImageResult[]; failed: FailedImageResult[] }> {
  const total = indexes.length;
  const resume = { projectId, objectPaths };
  onProgress(progressAt.styleSelected(total));
  let settled = 0;
  const running = new Map<number, ImageActivity['step']>();
  // Every image of the run in order, so the dialog shows each result as it arrives (issue 35).
  const images = new Map<number, ImageProgress>(indexes.map((index) => [index, { imageNumber: index + 1, step: 'waiting' }]));
  const cut = new Set<number>();
  let highest = 0;
  const report = (activity?: ImageActivity) => {
    const progress = progressAt.staging(settled, total, runningShare(running.values()), activity);
    // A stricter retry counts for less than the check before it: the bar never moves back for it.
    highest = Math.max(highest, progress.percent);
    onProgress({ ...progress, percent: highest, images: [...images.values()], connectionLost: cut.size > 0 });
  };
  report();
  const stageOne = async (index: number): Promise<StagedImageResult | FailedImageResult> => {
    const imageNumber = index + 1;
    const objectPath = objectPaths[index]!;
    const file = request.files[index]!;
    const room = request.rooms?.[index];
    let failure: ImageFailure | null = null;
    let reply;
    try {
      reply = await withStageTimeout(
        'staging',
        (stageSignal) =>
          stageImageAsync(
            {
              imageURL: objectPath,
              category: request.category ?? 'virtual_staging',
              projectId,
              styleName: request.styleName,
              styleDescription: request.styleDescription,
              ...(request.instructions?.trim()
                ? { instructions: request.instructions.trim() }
                : {}),
              ...(room ? { roomType: room.roomType, roomGroup: room.roomGroup } : {}),
              ...(request.renovation ? { renovation: request.renovation } : {}),
              ...(request.variations && request.variations > 1
                ? { variations: request.variations }
                : {}),
              isRegeneration: false,
            },
            (event) => {
              const activity = activityOf(imageNumber, event);
              running.set(index, activity.step);
              images.set(index, { imageNumber, step: activity.step, position: activity.position });
              report(activity);
            },
            stageSignal,
            (connected) => {
              if (connected === !cut.has(index)) return;
              if (connected) cut.delete(index);
              else cut.add(index);
              report();
            },
          ),
        signal,
      );
      if (!reply.success)
        failure = {
          kind: 'image',
          imageNumber,
          reason: reply.error || null,
          code: reply.code,
          resume,
        };
      else if (!reply.processedImagePath)
        failure = { kind: 'image', imageNumber, reason: null, resume };
    } catch (error) {
      if (signal?.aborted) throw error;
      failure =
        error instanceof StageTimeoutError
          ? { kind: 'timeout', stage: 'staging', imageNumber }
          : imageFailure(error, imageNumber, resume);
    } finally {
      running.delete(index);
      cut.delete(index);
    }
    settled++;
    const stagedPath = !failure && reply?.success ? reply.processedImagePath : undefined;
    images.set(index, stagedPath ? { imageNumber, step: 'staged', stagedPath } : { imageNumber, step: 'failed' });
    report();
    if (failure || !reply?.success)
      return { index, file, objectPath, failure: failure ?? { kind: 'generic' } };
    return {
      index,
      file,
      objectPath,
      processedImagePath: reply.processedImagePath,
      imageId: reply.imageId,
    };
  };
  // Each room's first photo first: the later photos of that room then get its result as their reference.
  const waves = request.rooms
    ? stagingWaves(request.rooms).map((wave) => wave.filter((index) => indexes.includes(index)))
    : [indexes];
  const outcomes: Array<StagedImageResult | FailedImageResult> = [];
  for (const wave of waves)
    outcomes.push(...(await runPool(wave, request.concurrency, stageOne, signal)));
  return {
    staged: outcomes.filter((o): o is StagedImageResult => 'processedImagePath' in o),
    failed: outcomes.filter((o): o is FailedImageResult => 'failure' in o),
  };
}
