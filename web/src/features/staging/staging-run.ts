import type { ProjectDetailResponse } from '@contract/projects';
import { ApiError } from '@/lib/api-request';
import { isEmailNotVerifiedError } from '@/lib/auth';
import { createProject } from './api/create-project';
import { getProjectDetail } from './api/get-project-images';
import { processImage } from './api/process-image';
import { UploadFailedError, uploadImage } from './api/upload-image';
import { stagingWaves, type PhotoRoom } from './room-plan';
import { runPool } from './run-pool';
import { progressAt, type StagingProgress } from './staging-progress';

export interface StagingRequest {
  title: string;
  files: File[];
  styleName: string;
  styleDescription: string;
  instructions?: string;
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

export interface StagingOutcome {
  projectId: string;
  images: StagedImageResult[];
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
  | { kind: 'generic' };

/** A run continued in its project with its uploads: staging starts again, nothing is uploaded twice. */
export interface StagingResume {
  projectId: string;
  objectPaths: string[];
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
 * real events only. The first failure stops the run: no further image is started.
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
  const images = await stageAll(request, projectId, objectPaths, onProgress, signal);
  onProgress(progressAt.finalizing(total));
  const project = await getProjectDetail(projectId).catch(() => null);
  onProgress(progressAt.done(total));
  return { projectId, images, project };
}

async function createAndUpload(request: StagingRequest, onProgress: (progress: StagingProgress) => void, signal?: AbortSignal): Promise<StagingResume> {
  const total = request.files.length;
  const title = request.title.trim();
  let projectId: string;
  try {
    projectId = (await createProject({ title, category: 'virtual_staging' })).id;
  } catch (error) {
    throw new StagingError({ kind: 'createProject' }, { cause: error });
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
        throw new StagingError({ kind: 'upload', imageNumber: index + 1, code: error instanceof UploadFailedError ? error.code : undefined }, { cause: error instanceof UploadFailedError ? error : undefined });
      }
    },
    signal,
  );
  return { projectId, objectPaths };
}

async function stageAll(
  request: StagingRequest,
  projectId: string,
  objectPaths: string[],
  onProgress: (progress: StagingProgress) => void,
  signal?: AbortSignal,
): Promise<StagedImageResult[]> {
  const total = request.files.length;
  const resume = { projectId, objectPaths };
  onProgress(progressAt.styleSelected(total));
  onProgress(progressAt.staging(0, total));
  let finished = 0;
  const stageOne = async (objectPath: string, index: number): Promise<StagedImageResult> => {
    const imageNumber = index + 1;
    const room = request.rooms?.[index];
    let reply;
    try {
      reply = await processImage({
        imageURL: objectPath,
        category: 'virtual_staging',
        projectId,
        styleName: request.styleName,
        styleDescription: request.styleDescription,
        ...(request.instructions?.trim() ? { instructions: request.instructions.trim() } : {}),
        ...(room ? { roomType: room.roomType, roomGroup: room.roomGroup } : {}),
        ...(request.variations && request.variations > 1 ? { variations: request.variations } : {}),
        isRegeneration: false,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof ApiError && (error.body as { code?: string } | null)?.code === 'insufficient_credits') {
        throw new StagingError({ kind: 'insufficientCredits' }, { cause: error });
      }
      if (isEmailNotVerifiedError(error)) throw new StagingError({ kind: 'emailNotVerified' }, { cause: error });
      if (!(error instanceof ApiError)) throw new StagingError({ kind: 'generic' }, { cause: error });
      throw new StagingError({ kind: 'image', imageNumber, ...serverFailure(error), resume }, { cause: error });
    }
    if (!reply.success) throw new StagingError({ kind: 'image', imageNumber, reason: reply.error || null, code: reply.code, resume });
    if (!reply.processedImagePath) throw new StagingError({ kind: 'image', imageNumber, reason: null, resume });
    onProgress(progressAt.staging(++finished, total));
    return { index, file: request.files[index]!, objectPath, processedImagePath: reply.processedImagePath, imageId: reply.imageId };
  };
  // Each room's first photo first: the later photos of that room then get its result as their reference.
  const waves = request.rooms ? stagingWaves(request.rooms) : [objectPaths.map((_, index) => index)];
  const images = new Array<StagedImageResult>(objectPaths.length);
  for (const wave of waves) {
    const done = await runPool(wave, request.concurrency, (index) => stageOne(objectPaths[index]!, index), signal);
    wave.forEach((index, k) => (images[index] = done[k]!));
  }
  return images;
}
