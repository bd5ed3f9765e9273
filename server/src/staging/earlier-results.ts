import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { imageVariations, projectImages } from '../db/schema/projects.js';
import type { ObjectStorage } from '../objects/storage.js';
import { fingerprintOf, type Fingerprint } from './variation-distance.js';
import { variationsOf } from './variations.js';

/**
 * A photo's earlier results (issue #23, decision 037): a re-stage adds to them instead of replacing
 * them. The staged image row points at the newest result; every earlier one stays a variation the
 * user can choose again (variations.ts `chooseVariation`), and a new result that looks the same as
 * one of them (variation-distance.ts) is not delivered.
 */
type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The stored files and figures of one delivered result (the staged image row and a variation row share them). */
export interface StoredColumns {
  filePath: string;
  thumbnailPath: string | null;
  changeMaskPath: string | null;
  mimeType: string;
  width: number | null;
  height: number | null;
  byteSize: number | null;
  alignmentErrorPx: number | null;
  changedShare: number | null;
  architectureScore: number | null;
  structureSupport: number | null;
  seam: number | null;
  engine: string | null;
}

/** The columns of a staged row or variation row that describe its result. */
function columnsOf(row: StoredColumns): StoredColumns {
  const { filePath, thumbnailPath, changeMaskPath, mimeType, width, height, byteSize, alignmentErrorPx, changedShare, architectureScore, structureSupport, seam, engine } = row;
  return { filePath, thumbnailPath, changeMaskPath, mimeType, width, height, byteSize, alignmentErrorPx, changedShare, architectureScore, structureSupport, seam, engine };
}

/** The photo's current results: its variations, or its staged image alone when it has none. */
async function currentResults(db: Tx, originalId: string): Promise<StoredColumns[]> {
  const variations = await variationsOf(db, originalId);
  if (variations.length) return variations;
  return db
    .select()
    .from(projectImages)
    .where(and(eq(projectImages.originalImageId, originalId), eq(projectImages.isOriginal, false)));
}

/** How many results the photo has, and each one's fingerprint (from its thumbnail; a missing file is skipped). */
export async function earlierResults(db: Database, storage: ObjectStorage, originalId: string): Promise<{ count: number; fingerprints: Fingerprint[] }> {
  const results = await currentResults(db, originalId);
  const fingerprints: Fingerprint[] = [];
  for (const result of results) {
    const bytes = await storage.read((result.thumbnailPath ?? result.filePath).slice(1));
    if (bytes) fingerprints.push(await fingerprintOf(bytes));
  }
  return { count: results.length, fingerprints };
}

/**
 * In the charging transaction (the original's row locked): the new results become the photo's
 * staged image (the first) and its newest variations, after the earlier ones, which are kept.
 * A photo with more than one result has all of them as variation rows.
 */
export async function storeKeepingEarlier(
  tx: Tx,
  target: { projectId: string; userId: string; originalId: string; runId: string; imageId: string },
  stored: StoredColumns[],
): Promise<void> {
  const { projectId, userId, originalId, runId, imageId } = target;
  const variations = await variationsOf(tx, originalId);
  const staged = await tx
    .select()
    .from(projectImages)
    .where(and(eq(projectImages.originalImageId, originalId), eq(projectImages.isOriginal, false)));
  if (staged.length) await tx.delete(projectImages).where(inArray(projectImages.id, staged.map((p) => p.id)));
  await tx.insert(projectImages).values({ id: imageId, projectId, userId, isOriginal: false, originalImageId: originalId, ...stored[0]! });
  // With variations the staged row is one of them already; a lone earlier result becomes the first.
  const added = [...(variations.length ? [] : staged.map((row) => ({ ...columnsOf(row), runId: null }))), ...stored.map((columns) => ({ ...columns, runId }))];
  if (variations.length + added.length < 2) return;
  const start = variations.length ? variations[variations.length - 1]!.position + 1 : 0;
  await tx.insert(imageVariations).values(added.map((row, i) => ({ projectId, originalImageId: originalId, position: start + i, ...row })));
}
