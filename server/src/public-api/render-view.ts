import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApiRender, RenderStatus } from '../../../contract/public-api.js';
import type { RunStage } from '../../../contract/staging-runs.js';
import type { Database } from '../db/client.js';
import { apiListings, apiRenders } from '../db/schema/public-api.js';
import { imageVariations, projectImages, projects, stagingRuns } from '../db/schema/projects.js';

/** Reads API renders (a render = the staging run it started) and shapes them for `/api/v1`. */
export const renderColumns = {
  runId: apiRenders.runId,
  photoId: apiRenders.photoId,
  callbackUrl: apiRenders.callbackUrl,
  createdAt: apiRenders.createdAt,
  state: stagingRuns.state,
  stage: stagingRuns.stage,
  credits: stagingRuns.credits,
  error: stagingRuns.error,
  errorCode: stagingRuns.errorCode,
  resultImageId: stagingRuns.resultImageId,
  finishedAt: stagingRuns.finishedAt,
  category: projects.category,
  listing: apiListings.name,
};
export type RenderRow = { [K in keyof typeof renderColumns]: (typeof renderColumns)[K]['_']['data'] | null } & { runId: string; photoId: string; createdAt: Date };

export function renderQuery(db: Database) {
  return db
    .select(renderColumns)
    .from(apiRenders)
    .innerJoin(stagingRuns, eq(stagingRuns.id, apiRenders.runId))
    .innerJoin(projects, eq(projects.id, apiRenders.projectId))
    .leftJoin(apiListings, and(eq(apiListings.projectId, apiRenders.projectId), eq(apiListings.ownerId, apiRenders.ownerId)));
}

export function statusOf(row: Pick<RenderRow, 'state' | 'stage' | 'errorCode'>): RenderStatus {
  if (row.state === 'charged') return 'completed';
  if (row.state === 'refunded') return row.errorCode === 'render_cancelled' ? 'cancelled' : 'failed';
  return row.stage ? 'processing' : 'queued';
}

interface ResultImage {
  runId: string;
  position: number;
  filePath: string;
  width: number | null;
  height: number | null;
  alignmentErrorPx: number | null;
  changedShare: number | null;
  architectureScore: number | null;
  structureSupport: number | null;
  seam: number | null;
}

/** Delivered images per run: every locked variation made by the run, else its staged image (position 1). */
export async function resultsOf(db: Database, rows: RenderRow[]): Promise<Map<string, ResultImage[]>> {
  const charged = rows.filter((r) => r.state === 'charged');
  const byRun = new Map<string, ResultImage[]>();
  if (!charged.length) return byRun;
  const figures = {
    filePath: imageVariations.filePath,
    width: imageVariations.width,
    height: imageVariations.height,
    alignmentErrorPx: imageVariations.alignmentErrorPx,
    changedShare: imageVariations.changedShare,
    architectureScore: imageVariations.architectureScore,
    structureSupport: imageVariations.structureSupport,
    seam: imageVariations.seam,
  };
  const variations = await db
    .select({ runId: imageVariations.runId, position: imageVariations.position, ...figures })
    .from(imageVariations)
    .where(inArray(imageVariations.runId, charged.map((r) => r.runId)))
    .orderBy(asc(imageVariations.position));
  for (const v of variations) {
    const list = byRun.get(v.runId!) ?? [];
    list.push({ ...v, runId: v.runId!, position: list.length + 1 });
    byRun.set(v.runId!, list);
  }
  const single = charged.filter((r) => !byRun.has(r.runId) && r.resultImageId);
  if (single.length) {
    const images = await db
      .select({
        id: projectImages.id,
        filePath: projectImages.filePath,
        width: projectImages.width,
        height: projectImages.height,
        alignmentErrorPx: projectImages.alignmentErrorPx,
        changedShare: projectImages.changedShare,
        architectureScore: projectImages.architectureScore,
        structureSupport: projectImages.structureSupport,
        seam: projectImages.seam,
      })
      .from(projectImages)
      .where(inArray(projectImages.id, single.map((r) => r.resultImageId!)));
    for (const row of single) {
      const image = images.find((i) => i.id === row.resultImageId);
      if (image) byRun.set(row.runId, [{ ...image, runId: row.runId, position: 1 }]);
    }
  }
  return byRun;
}

export function toApiRender(row: RenderRow, results: ResultImage[]): ApiRender {
  const status = statusOf(row);
  return {
    id: row.runId,
    photoId: row.photoId,
    status,
    stage: status === 'processing' ? (row.stage as RunStage) : null,
    type: row.category === 'furniture_removal' ? 'removal' : row.category === 'renovation' ? 'renovation' : 'staging',
    listing: row.listing ?? null,
    credits: row.credits ?? 1,
    callbackUrl: row.callbackUrl ?? null,
    results: results.map((r) => ({
      position: r.position,
      downloadUrl: `/api/v1/renders/${row.runId}/results/${r.position}`,
      width: r.width,
      height: r.height,
      lock: {
        alignmentErrorPx: r.alignmentErrorPx,
        changedShare: r.changedShare,
        architectureScore: r.architectureScore,
        structureSupport: r.structureSupport,
        seam: r.seam,
      },
    })),
    error: status === 'failed' || status === 'cancelled' ? { code: row.errorCode ?? 'staging_failed', message: row.error ?? 'The render failed. Its credits were refunded.' } : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function renderViews(db: Database, rows: RenderRow[]): Promise<ApiRender[]> {
  const results = await resultsOf(db, rows);
  return rows.map((row) => toApiRender(row, results.get(row.runId) ?? []));
}

/** One result's stored path (for the download route), or null. */
export async function resultPath(db: Database, row: RenderRow, position: number): Promise<string | null> {
  const results = await resultsOf(db, [row]);
  return results.get(row.runId)?.find((r) => r.position === position)?.filePath ?? null;
}
