import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projectImages } from '../db/schema/projects.js';
import { AppError } from '../errors/app-error.js';
import { asciiName } from '../objects/download-name.js';

export type ImageRow = typeof projectImages.$inferSelect;

export interface ListingPair {
  /** 1-based, in upload order. */
  position: number;
  original: ImageRow;
  /** The pair's current staged image (the newest result of that original), or null. */
  staged: ImageRow | null;
}

/** A project's originals in upload order, each with its current staged image. */
export async function listingPairs(db: Database, projectId: string): Promise<ListingPair[]> {
  const rows = await db.select().from(projectImages).where(eq(projectImages.projectId, projectId)).orderBy(asc(projectImages.createdAt), asc(projectImages.id));
  const staged = new Map<string, ImageRow>();
  for (const row of rows) if (!row.isOriginal && row.originalImageId) staged.set(row.originalImageId, row); // oldest first: the newest wins
  return rows.filter((r) => r.isOriginal).map((original, i) => ({ position: i + 1, original, staged: staged.get(original.id) ?? null }));
}

export type StagedPair = ListingPair & { staged: ImageRow };

/**
 * The pairs a share page or zip holds (decision 052): those with a staged image, limited to the
 * chosen originals when there is a choice, numbered 1… in upload order. A buyer never sees a photo
 * whose staging failed, and a chosen photo whose staged image is gone is left out rather than shown empty.
 */
export function chosenPairs(pairs: ListingPair[], imageIds: readonly string[] | null | undefined): StagedPair[] {
  const chosen = imageIds ? new Set(imageIds) : null;
  return pairs
    .filter((p): p is StagedPair => p.staged !== null && (!chosen || chosen.has(p.original.id)))
    .map((p, i) => ({ ...p, position: i + 1 }));
}

/** A choice of photos names only originals of the project that have a staged image; else 400 `validation_failed`. */
export function assertChoosable(pairs: ListingPair[], imageIds: readonly string[] | null | undefined): void {
  if (!imageIds) return;
  const staged = new Set(pairs.filter((p) => p.staged).map((p) => p.original.id));
  const wrong = imageIds.find((id) => !staged.has(id));
  if (wrong) throw AppError.badRequest(`imageIds: ${wrong} is not a staged photo of this project.`, 'validation_failed');
}

/** Safe lower-case ASCII for file names (umlauts spelled out, as in single downloads). */
export function asciiSlug(text: string, max = 60): string {
  return asciiName(text).replace(/[._]+/g, '-').replace(/-{2,}/g, '-').slice(0, max).replace(/^-+|-+$/g, '').toLowerCase();
}

/**
 * The branding a shared listing shows (decision 045), given by the branding feature through app.ts:
 * present only while the project's workspace is on a plan with branding and something is set.
 */
export interface ListingBrand {
  displayName: string | null;
  contactName: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  accentColor: string | null;
  logo: { version: string; width: number | null; height: number | null; read(): Promise<Buffer | null> } | null;
}
