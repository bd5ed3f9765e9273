import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_IMAGES_PER_PROJECT } from '../../../contract/limits.js';
import type { ProcessImageRequest } from '../../../contract/projects.js';
import type { EngineService } from '../../../contract/economics.js';
import type { Database } from '../db/client.js';
import { BUDGET_REACHED_MESSAGE } from './models/model-router.js';
import { projectImages, projects, stagingRuns } from '../db/schema/projects.js';
import { AppError } from '../errors/app-error.js';
import type { JobDefinition, JobQueue } from '../jobs/job-queue.js';
import { filePathOf, isUuid, keyFromClientPath, projectImageKey, thumbnailKeyOf, type ParsedKey } from '../objects/object-keys.js';
import { putObjects, type ObjectStorage } from '../objects/storage.js';
import { creditPoolOf, poolCovers, refundRun, reserveCredit } from './credits.js';
import { isFreeRestage, planOfPool } from './free-restages.js';
import { memberProjects } from '../workspaces/access.js';
import { stagingQueueOptions } from './runs/fair-share.js';
import { recomputeProjectStatus } from './project-status.js';
import { countOriginals, findImage, findRun, hasReservedRun, lockProject, stagedImageOf, type ImageRow } from './runs/runs.js';
import { statusOfRunError } from './runs/run-failures.js';
import type { StagingRunPayload } from './runs/run-payload.js';
import type { RunSettledListener } from './runs/run-listener.js';
import type { UploadRecord, UploadSource } from './upload-port.js';

export interface ProcessImageDeps {
  db: Database;
  storage: ObjectStorage;
  uploads: UploadSource;
  jobs: JobQueue | null;
  runJob: JobDefinition<StagingRunPayload>;
  timeoutSeconds: number;
  /** Wakes the waiting request when the run settles; without it the run row is polled every 200 ms. */
  listener?: RunSettledListener;
  log: FastifyBaseLogger;
  /** False when the configured engine cannot empty a room: furniture removal then answers 422 before anything is stored or charged. */
  /** Whether furniture removal can run now (the operator's model choice for removal, decision 054). */
  canDeclutter: () => boolean | Promise<boolean>;
  /** False when the spending limits of the service's models stop new runs (issue 38): refused before a credit is reserved. */
  admits?: (service: EngineService) => Promise<boolean>;
}

export interface ProcessImageResult {
  processedImagePath: string;
  imageId: string;
}

const notFound = () => AppError.notFound('Project or image not found');
const insufficientCredits = (credits = 1) =>
  new AppError(
    402,
    'insufficient_credits',
    credits > 1
      ? `You do not have ${credits} credits left for ${credits} variations. Choose fewer variations or upgrade your plan.`
      : 'You have no credits left. Please upgrade your plan to process more images.',
  );

/**
 * POST /api/process-image: ownership checks, the upload turned into the project's original (before
 * any credit is taken), one credit reserved atomically with a run row, the `staging.run` job sent,
 * and the answer awaited by polling the run row (works across processes) up to STAGING_TIMEOUT_S.
 * Every failure after the reservation refunds the credit.
 */
export async function processImage(deps: ProcessImageDeps, userId: string, request: ProcessImageRequest, aborted?: AbortSignal): Promise<ProcessImageResult> {
  const started = await startRun(deps, userId, request);
  if ('staged' in started) return started.staged;
  return awaitRun(deps, started.runId, aborted);
}

/** A run queued, or the image's existing staged result (a repeated call, nothing charged). */
export type StartedRun = { runId: string } | { staged: ProcessImageResult };

/**
 * Everything of process-image up to the queued job; the async call (decision 022) answers with
 * the run id here and the owner follows it over GET /api/staging-runs/:id/events.
 */
export async function startRun(deps: ProcessImageDeps, userId: string, request: ProcessImageRequest): Promise<StartedRun> {
  const { db, storage } = deps;
  const parsed = keyFromClientPath(request.imageURL);
  if (!parsed) throw AppError.badRequest('The image URL is not valid.');
  if (parsed.isThumbnail || !isUuid(request.projectId)) throw notFound();
  // A project of one of the caller's workspaces (decision 041); an upload must be the caller's own,
  // a project image lives under the project creator's prefix.
  const [project] = await db.select().from(projects).where(and(eq(projects.id, request.projectId), memberProjects(db, userId)));
  if (!project || parsed.userId !== (parsed.kind === 'upload' ? userId : project.userId)) throw notFound();
  if (request.category === 'furniture_removal' && !(await deps.canDeclutter())) throw cannotDeclutter();
  if (request.category !== 'renovation' && request.renovation) throw AppError.badRequest('Surfaces to renovate belong to a renovation project.');

  let original: ImageRow | null = null;
  let upload: UploadRecord | null = null;
  if (parsed.kind === 'project') {
    original = await projectOriginal(db, parsed, project.id);
  } else {
    upload = await deps.uploads.find(userId, parsed.key);
    if (!upload) throw AppError.notFound('The uploaded image was not found. Please upload it again.');
    if (upload.consumedAt) {
      original = upload.imageId ? await findImage(db, upload.imageId) : null;
      if (!original || original.projectId !== project.id) throw AppError.conflict('This upload already belongs to another project. Please upload the image again.');
    }
  }

  // A renovation says which surfaces change (decision 062); a re-stage may keep the photo's last choice.
  if (request.category === 'renovation' && !request.renovation && !original?.renovation) throw AppError.badRequest(RENOVATION_CHOICE_MISSING, 'renovation_choice_required');

  if (original && !request.isRegeneration) {
    // A repeated call for an image that is already staged answers with it and charges nothing.
    const staged = await stagedImageOf(db, original.id);
    if (staged) return { staged: { processedImagePath: staged.filePath, imageId: staged.id } };
  }

  // Cheap early refusals before an s3 upload is read and normalised. A free re-stage needs no credit (decision 056).
  if (!(original && (await freeRestageFor(db, project.workspaceId, original.id, request)))) await assertCreditLeft(db, project.workspaceId, variationsOf(request));
  if (deps.admits && !(await deps.admits(request.category === 'furniture_removal' ? 'removal' : 'staging'))) {
    throw new AppError(503, 'provider_budget_reached', BUDGET_REACHED_MESSAGE);
  }
  if (!original && (await countOriginals(db, project.id)) >= MAX_IMAGES_PER_PROJECT) throw imageLimit();

  const newImage = !original && upload ? await storeNewOriginal(deps, project.userId, project.id, upload) : null;
  let runId: string;
  try {
    runId = await reserveRun(deps, userId, project.id, request, newImage ? { newImage, upload: upload! } : { original: original! });
  } catch (err) {
    if (newImage) await storage.delete([newImage.key, newImage.thumbKey]).catch(() => {});
    if (err instanceof AppError && err.code === 'insufficient_credits') await recomputeProjectStatus(db, project.id);
    throw err;
  }
  await enqueue(deps, runId, userId, request);
  if (newImage && upload) await deps.uploads.discard(upload).catch((err) => deps.log.warn({ err }, 'could not delete upload objects'));
  return { runId };
}

interface NewOriginal {
  id: string;
  key: string;
  thumbKey: string;
  row: typeof projectImages.$inferInsert;
}

/** The upload's validated image and thumbnail written under the project (the row follows with the reservation). */
async function storeNewOriginal(deps: ProcessImageDeps, userId: string, projectId: string, upload: UploadRecord): Promise<NewOriginal> {
  const image = await deps.uploads.load(upload);
  const key = projectImageKey(userId, projectId, image.extension);
  const thumbKey = thumbnailKeyOf(key);
  await putObjects(deps.storage, [
    { key, body: image.image, contentType: image.mimeType },
    { key: thumbKey, body: image.thumbnail, contentType: 'image/webp' },
  ]);
  const id = randomUUID();
  const row = {
    id,
    projectId,
    userId,
    filePath: filePathOf(key),
    thumbnailPath: filePathOf(thumbKey),
    isOriginal: true,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    byteSize: image.image.length,
    // Upload order, not staging order: the web app stages each room's first photo first (decision 025).
    ...(upload.createdAt ? { createdAt: upload.createdAt } : {}),
  };
  return { id, key, thumbKey, row };
}

/**
 * One transaction, the project row locked: the new original's row (and its upload consumed), one
 * credit taken by a conditional UPDATE, the run row, the project's style and status.
 */
async function reserveRun(
  deps: ProcessImageDeps,
  userId: string,
  projectId: string,
  request: ProcessImageRequest,
  source: { newImage: NewOriginal; upload: UploadRecord } | { original: ImageRow },
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId, userId);
    if (!project) throw notFound();
    let originalId: string;
    if ('newImage' in source) {
      if ((await countOriginals(tx, projectId)) >= MAX_IMAGES_PER_PROJECT) throw imageLimit();
      await tx.insert(projectImages).values({ ...source.newImage.row, roomType: request.roomType ?? 'auto', roomGroup: request.roomGroup ?? null, renovation: request.renovation ?? null });
      if (!(await deps.uploads.consume(tx, source.upload.id, source.newImage.id))) throw AppError.conflict('This upload is already being processed.');
      originalId = source.newImage.id;
    } else {
      originalId = source.original.id;
      if (await hasReservedRun(tx, originalId)) throw AppError.conflict('This image is already being staged. Please wait for the result.');
      const room = { roomType: request.roomType, roomGroup: request.roomGroup, renovation: request.renovation };
      if (room.roomType !== undefined || room.roomGroup !== undefined || room.renovation !== undefined) await tx.update(projectImages).set(room).where(eq(projectImages.id, originalId));
    }
    const pool = await creditPoolOf(tx, project.workspaceId);
    const free = 'original' in source && (await freeRestageFor(tx, project.workspaceId, originalId, request));
    const reserved = pool && !free ? await reserveCredit(tx, pool.userId, variationsOf(request)) : null;
    if (!pool || !(free || reserved)) throw insufficientCredits(variationsOf(request));
    const [run] = await tx
      .insert(stagingRuns)
      .values({
        userId,
        creditsUserId: pool.userId,
        projectId,
        originalImageId: originalId,
        regeneration: request.isRegeneration,
        credits: free ? 0 : variationsOf(request),
        packCredits: reserved?.fromPacks ?? 0,
        freeRestage: free,
      })
      .returning({ id: stagingRuns.id });
    await tx
      .update(projects)
      .set({
        styleName: request.styleName,
        styleDescription: request.styleDescription || null,
        instructions: request.instructions?.trim() || null,
        category: request.category,
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, projectId));
    await recomputeProjectStatus(tx, projectId);
    return run!.id;
  });
}

async function projectOriginal(db: Database, parsed: ParsedKey, projectId: string): Promise<ImageRow> {
  if (parsed.projectId !== projectId) throw notFound();
  const filePath = filePathOf(parsed.key);
  const [row] = await db
    .select()
    .from(projectImages)
    .where(and(eq(projectImages.projectId, projectId), eq(projectImages.filePath, filePath)));
  if (!row) throw notFound();
  if (row.isOriginal) return row;
  const original = row.originalImageId ? await findImage(db, row.originalImageId) : null;
  if (!original) throw notFound();
  return original;
}

const variationsOf = (request: ProcessImageRequest) => request.variations ?? 1;

/** A re-stage of one variation the pool's plan still gives free for this photo (decision 056). */
async function freeRestageFor(db: Pick<Database, 'execute'>, workspaceId: string, originalId: string, request: ProcessImageRequest): Promise<boolean> {
  if (!request.isRegeneration || variationsOf(request) !== 1) return false;
  const pool = await creditPoolOf(db, workspaceId);
  return pool ? isFreeRestage(db, originalId, await planOfPool(db, pool.userId)) : false;
}

async function assertCreditLeft(db: Database, workspaceId: string, credits: number) {
  const pool = await creditPoolOf(db, workspaceId);
  if (!pool || !poolCovers(pool, credits)) throw insufficientCredits(credits);
}

export const RENOVATION_CHOICE_MISSING = 'Choose at least one surface to renovate (walls, floor or ceiling).';

/** The offline preview engine draws furniture; it cannot take any away (decision 027). */
export const CANNOT_DECLUTTER_MESSAGE =
  'Furniture removal needs an AI image engine; this server stages with the offline preview engine, which can only add furniture. No credit was used.';
function cannotDeclutter() {
  return new AppError(422, 'engine_cannot_declutter', CANNOT_DECLUTTER_MESSAGE);
}

function imageLimit() {
  return new AppError(400, 'image_limit_reached', `A project holds at most ${MAX_IMAGES_PER_PROJECT} images.`);
}

async function enqueue(deps: ProcessImageDeps, runId: string, userId: string, request: ProcessImageRequest) {
  const unavailable = 'Staging is not available right now. Please try again in a moment. Your credit has been refunded.';
  try {
    if (!deps.jobs) throw new Error('no job queue in this process');
    const jobId = await deps.jobs.send(
      deps.runJob,
      {
        runId,
        styleName: request.styleName,
        styleDescription: request.styleDescription,
        instructions: request.instructions,
        category: request.category,
        variations: variationsOf(request),
        ...(request.renovation ? { renovation: request.renovation } : {}),
      },
      await stagingQueueOptions(deps.db, userId, runId),
    );
    if (jobId) await deps.db.update(stagingRuns).set({ jobId }).where(eq(stagingRuns.id, runId));
  } catch (err) {
    deps.log.error({ err, runId }, 'could not enqueue the staging job');
    await settleFailure(deps.db, runId, unavailable);
    throw new AppError(503, 'service_unavailable', unavailable);
  }
}

async function settleFailure(db: Database, runId: string, message: string) {
  await refundRun(db, runId, message, 'staging_failed');
}

/**
 * Reads the run row until it leaves `reserved`, woken by the listener's NOTIFY (or every 200 ms
 * without one); on timeout refunds it (the job then discards its result).
 */
async function awaitRun(deps: ProcessImageDeps, runId: string, aborted?: AbortSignal): Promise<ProcessImageResult> {
  const deadline = Date.now() + deps.timeoutSeconds * 1000;
  for (;;) {
    const run = await findRun(deps.db, runId);
    if (!run) throw notFound(); // the project was deleted meanwhile
    if (run.state === 'charged') {
      const image = run.resultImageId ? await findImage(deps.db, run.resultImageId) : null;
      if (!image) throw notFound(); // replaced by a newer regeneration already
      return { processedImagePath: image.filePath, imageId: image.id };
    }
    if (run.state === 'refunded') {
      throw new AppError(statusOfRunError(run.errorCode), (run.errorCode ?? 'staging_failed') as never, run.error ?? 'Failed to process image');
    }
    // The client went away: stop waiting; the job still finishes (and charges) or is refunded.
    if (aborted?.aborted) throw new AppError(503, 'service_unavailable', 'The request was cancelled.');
    if (Date.now() >= deadline) {
      const message = 'Staging took too long and was stopped. Your credit has been refunded; please try again.';
      if (await refundRun(deps.db, runId, message, 'staging_timeout')) throw new AppError(504, 'staging_timeout', message);
      continue; // settled at the same moment: read the outcome
    }
    const pause = Math.min(deps.listener?.listening ? 1000 : 200, Math.max(0, deadline - Date.now()));
    if (deps.listener) await deps.listener.wait(runId, pause);
    else await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
