import { and, asc, eq, sql } from 'drizzle-orm';
import { projectWorkspaceAccess } from '../workspaces/access.js';
import type { Database } from '../db/client.js';
import { imageVariations, projectImages } from '../db/schema/projects.js';
import { AppError } from '../errors/app-error.js';
import { isUuid } from '../objects/object-keys.js';
import { asEngineError } from './engine-runner.js';
import type { StageInput, StageResult, StagingEngine } from './engines/engine.js';
import { findImage, type ImageRow } from './runs/runs.js';

/**
 * Variations (decision 025): a run reserves one credit per requested variation; each variation is
 * staged and locked on its own (with its own strict retry), and the run is charged for the locked
 * ones only. OpenAI makes them in one call (`n`); other engines get one call per variation.
 */
type Executor = Pick<Database, 'execute'>;

export interface VariationSteps<D> {
  engine: StagingEngine;
  input: Omit<StageInput, 'signal'>;
  count: number;
  /** The engine call with the run's retries and deadline. */
  stage: (engine: StagingEngine, input: Omit<StageInput, 'signal'>) => Promise<StageResult>;
  /** Lock and finish one result; `null` when the lock refused it. */
  deliver: (result: StageResult) => Promise<D | null>;
  /** The stricter input for a refused variation's one retry. */
  strictInput: () => Promise<Omit<StageInput, 'signal'>>;
  /**
   * The `variant` index of the first requested variation (default 0). A re-stage starts after the
   * photo's earlier results, so an engine that arranges by index (the offline engine) draws new ones.
   */
  firstVariant?: number;
}

export interface Produced<D> {
  result: StageResult;
  delivery: D;
  /** 0-based position among the requested variations. */
  variant: number;
}

export interface VariationOutcome<D> {
  delivered: Array<Produced<D>>;
  /** Variations that ended in an engine error (after retries). */
  errors: unknown[];
  /** Variations the lock refused twice. */
  refused: number;
}

export async function produceVariations<D>(steps: VariationSteps<D>): Promise<VariationOutcome<D>> {
  const { engine, input, count } = steps;
  const firstVariant = steps.firstVariant ?? 0;
  const outcome: VariationOutcome<D> = { delivered: [], errors: [], refused: 0 };
  let first: Array<StageResult | { error: unknown }>;
  if (count > 1 && engine.stageVariations) {
    const batch = batchEngine(engine, count);
    first = await steps.stage(batch.engine, { ...input, variant: firstVariant }).then(
      () => batch.results(),
      (error: unknown) => Array.from({ length: count }, () => ({ error })),
    );
  } else {
    first = await Promise.all(
      Array.from({ length: count }, (_, variant) => steps.stage(engine, { ...input, variant: firstVariant + variant }).catch((error: unknown) => ({ error }))),
    );
  }
  // A provider may answer with fewer images than asked: the missing ones are failures (not charged).
  while (first.length < count) first.push({ error: asEngineError(new Error('fewer variations than requested')) });
  let strict: Promise<Omit<StageInput, 'signal'>> | undefined;
  await Promise.all(
    first.map(async (attempt, variant) => {
      if ('error' in attempt) return void outcome.errors.push(attempt.error);
      try {
        const delivery = await steps.deliver(attempt);
        if (delivery) return void outcome.delivered.push({ result: attempt, delivery, variant });
        strict ??= steps.strictInput();
        const retried = await steps.stage(engine, { ...(await strict), variant: firstVariant + variant });
        const second = await steps.deliver(retried);
        if (second) outcome.delivered.push({ result: retried, delivery: second, variant });
        else outcome.refused++;
      } catch (error) {
        outcome.errors.push(error);
      }
    }),
  );
  outcome.delivered.sort((a, b) => a.variant - b.variant);
  return outcome;
}

/** An engine whose `stage` makes all variations in one call (`stageVariations`) and keeps them. */
function batchEngine(engine: StagingEngine, count: number): { engine: StagingEngine; results: () => StageResult[] } {
  let results: StageResult[] = [];
  return {
    engine: {
      name: engine.name,
      takesEditMask: engine.takesEditMask,
      maxReferenceImages: engine.maxReferenceImages,
      async stage(input) {
        results = await engine.stageVariations!(input, count);
        return results[0]!;
      },
    },
    results: () => results,
  };
}

/**
 * After the run is charged: it keeps one credit per delivered variation and gives the rest back
 * (failed variations cost nothing), pack credits first, since they do not expire (decision 061).
 * Call in the charging transaction.
 */
export async function keepCreditsFor(tx: Executor, runId: string, delivered: number): Promise<void> {
  await tx.execute(sql`
    WITH run AS (
      SELECT coalesce(credits_user_id, user_id) AS user_id, credits - ${delivered}::int AS back,
        least(pack_credits, credits - ${delivered}::int) AS pack_back
      FROM staging_runs WHERE id = ${runId} AND credits > ${delivered}::int FOR UPDATE
    ), runs AS (
      UPDATE staging_runs r SET credits = ${delivered}::int, pack_credits = r.pack_credits - run.pack_back FROM run WHERE r.id = ${runId}
    )
    UPDATE users u SET credits_used = greatest(u.credits_used - (run.back - run.pack_back), 0),
      pack_credits = u.pack_credits + run.pack_back, updated_at = now()
    FROM run WHERE u.id = run.user_id`);
}

export type VariationRow = typeof imageVariations.$inferSelect;

export async function variationsOf(db: Pick<Database, 'select'>, originalImageId: string): Promise<VariationRow[]> {
  return db.select().from(imageVariations).where(eq(imageVariations.originalImageId, originalImageId)).orderBy(asc(imageVariations.position));
}

const notFound = () => AppError.notFound('Image or variation not found');

/**
 * POST /api/projects/:id/images/:imageId/choose: the chosen variation becomes the pair's staged image
 * (its row points at the variation's files; the cover trigger follows). `imageId` may name the
 * original or its staged image; another user's project, image or variation is a 404. Serialised
 * with re-stages on the original's row; a variation a re-stage replaced meanwhile is a 404.
 */
export async function chooseVariation(db: Database, userId: string, projectId: string, imageId: string, variationId: string): Promise<ImageRow> {
  if (!isUuid(projectId) || !isUuid(imageId)) throw notFound();
  return db.transaction(async (tx) => {
    const image = await findImage(tx, imageId);
    if (!image || image.projectId !== projectId || !(await projectWorkspaceAccess(tx, userId, projectId))) throw notFound();
    const originalId = image.isOriginal ? image.id : image.originalImageId;
    if (!originalId) throw notFound();
    // The lock a re-stage takes before it replaces the staged row and its variations (staging-run.ts):
    // choosing waits for a re-stage being stored, or the re-stage waits for the choice, never both at
    // once (issue #22 item 8). The variation is read only under it, so it is still the current one.
    const [locked] = await tx.select({ id: projectImages.id }).from(projectImages).where(eq(projectImages.id, originalId)).for('no key update');
    if (!locked) throw notFound();
    const [variation] = await tx
      .select()
      .from(imageVariations)
      .where(and(eq(imageVariations.id, variationId), eq(imageVariations.originalImageId, originalId)));
    if (!variation) throw notFound();
    const [staged] = await tx
      .update(projectImages)
      .set({
        filePath: variation.filePath,
        thumbnailPath: variation.thumbnailPath,
        changeMaskPath: variation.changeMaskPath,
        mimeType: variation.mimeType,
        width: variation.width,
        height: variation.height,
        byteSize: variation.byteSize,
        engine: variation.engine,
        alignmentErrorPx: variation.alignmentErrorPx,
        changedShare: variation.changedShare,
        architectureScore: variation.architectureScore,
        structureSupport: variation.structureSupport,
        seam: variation.seam,
      })
      .where(and(eq(projectImages.originalImageId, originalId), eq(projectImages.isOriginal, false)))
      .returning();
    if (!staged) throw notFound();
    return staged;
  });
}
