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
import { progressAt, runningShare, type ImageActivity, type StagingProgress } from './staging-progress';

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
export type ImageFailure = Extract<StagingFailure, { kind: 'image' | 'insufficientCredits' | 'generic' }>;

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
  | { kind: 'insufficientCredits' }
  /**
   * The server refused or failed image N (`reason`: its sentence; null: no processed image path).
   * `resume` lets the same request run again in the same project (already staged photos are not charged again).
   */
  | { kind: 'image'; imageNumber: number; reason: string | null; code?: string; resume?: StagingResume }
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
    const reason = typeof body?.error === 'string' ? body.error : typeof body?.message === 'string' ? body.message : error.message;
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
  const { projectId, objectPaths } = resume ?? (await createAndUpload(request, onProgress, signal));
  const indexes = resume?.only ?? objectPaths.map((_, index) => index);
  const { staged, failed } = await stageAll(request, projectId, objectPaths, indexes, onProgress, signal);
  const images = [...(resume?.staged ?? []), ...staged].sort((a, b) => a.index - b.index);
  if (images.length === 0 && failed[0]) throw new StagingError(failed[0].failure);
  onProgress(progressAt.finalizing(indexes.length));
  const project = await getProjectDetail(projectId).catch(() => null);
  onProgress(progressAt.done(indexes.length));
  return { projectId, objectPaths, images, failed, project };
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

async function createAndUpload(request: StagingRequest, onProgress: (progress: StagingProgress) => void, signal?: AbortSignal): Promise<StagingResume> {
  const total = request.files.length;
  const title = request.title.trim();
  let projectId: string;
  try {
    projectId = (await createProject({ title, category: request.category ?? 'virtual_staging' })).id;
  } catch (error) {
    throw new StagingError(isUnauthorized(error) ? { kind: 'loggedOut' } : { kind: 'createProject' }, { cause: error });
  }
  signal?.throwIfAborted();

  onProgress(progressAt.preparing(0, total));
  let uploaded = 0;
  const objectPaths = await runPool(
    request.files,
    request.concurrency,
    async (file, index) => {
      try {
        const objectPath = await uploadImage(title, file, signal);
        onProgress(progressAt.preparing(++uploaded, total));
        return objectPath;
      } catch (error) {
        if (signal?.aborted) throw error;
        if (isEmailNotVerifiedError(error)) throw new StagingError({ kind: 'emailNotVerified' }, { cause: error });
        if (isUnauthorized(error) || (error instanceof UploadFailedError && error.status === 401)) throw new StagingError({ kind: 'loggedOut' }, { cause: error });
        throw new StagingError({ kind: 'upload', imageNumber: index + 1, code: error instanceof UploadFailedError ? error.code : undefined }, { cause: error instanceof UploadFailedError ? error : undefined });
      }
    },
    signal,
  );
  return { projectId, objectPaths };
}

/** One image's failure, or a failure that ends the whole run (session gone, address unconfirmed). */
function imageFailure(error: unknown, imageNumber: number, resume: StagingResume): ImageFailure {
  if (isUnauthorized(error)) throw new StagingError({ kind: 'loggedOut' }, { cause: error });
  if (isEmailNotVerifiedError(error)) throw new StagingError({ kind: 'emailNotVerified' }, { cause: error });
  if (!(error instanceof ApiError)) return { kind: 'generic' };
  if ((error.body as { code?: string } | null)?.code === 'insufficient_credits') return { kind: 'insufficientCredits' };
  return { kind: 'image', imageNumber, ...serverFailure(error), resume };
}

function activityOf(imageNumber: number, activity: RunActivity): ImageActivity {
  if (activity.event === 'stage') return { imageNumber, step: activity.data.stage };
  if (activity.event === 'position') return { imageNumber, step: 'queued', position: activity.data.position };
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
  onProgress(progressAt.staging(0, total));
  let settled = 0;
  const running = new Map<number, ImageActivity['step']>();
  const report = (activity?: ImageActivity) => onProgress(progressAt.staging(settled, total, runningShare(running.values()), activity));
  const stageOne = async (index: number): Promise<StagedImageResult | FailedImageResult> => {
    const imageNumber = index + 1;
    const objectPath = objectPaths[index]!;
    const file = request.files[index]!;
    const room = request.rooms?.[index];
    let failure: ImageFailure | null = null;
    let reply;
    try {
      reply = await stageImageAsync(
        {
          imageURL: objectPath,
          category: request.category ?? 'virtual_staging',
          projectId,
          styleName: request.styleName,
          styleDescription: request.styleDescription,
          ...(request.instructions?.trim() ? { instructions: request.instructions.trim() } : {}),
          ...(room ? { roomType: room.roomType, roomGroup: room.roomGroup } : {}),
          ...(request.variations && request.variations > 1 ? { variations: request.variations } : {}),
          isRegeneration: false,
        },
        (event) => {
          const activity = activityOf(imageNumber, event);
          running.set(index, activity.step);
          report(activity);
        },
        signal,
      );
      if (!reply.success) failure = { kind: 'image', imageNumber, reason: reply.error || null, code: reply.code, resume };
      else if (!reply.processedImagePath) failure = { kind: 'image', imageNumber, reason: null, resume };
    } catch (error) {
      if (signal?.aborted) throw error;
      failure = imageFailure(error, imageNumber, resume);
    } finally {
      running.delete(index);
    }
    settled++;
    report();
    if (failure || !reply?.success) return { index, file, objectPath, failure: failure ?? { kind: 'generic' } };
    return { index, file, objectPath, processedImagePath: reply.processedImagePath, imageId: reply.imageId };
  };
  // Each room's first photo first: the later photos of that room then get its result as their reference.
  const waves = request.rooms ? stagingWaves(request.rooms).map((wave) => wave.filter((index) => indexes.includes(index))) : [indexes];
  const outcomes: Array<StagedImageResult | FailedImageResult> = [];
  for (const wave of waves) outcomes.push(...(await runPool(wave, request.concurrency, stageOne, signal)));
  return {
    staged: outcomes.filter((o): o is StagedImageResult => 'processedImagePath' in o),
    failed: outcomes.filter((o): o is FailedImageResult => 'failure' in o),
  };
}
