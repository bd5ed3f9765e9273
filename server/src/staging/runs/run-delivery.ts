import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projectImages } from '../../db/schema/projects.js';
import { changeMaskKeyOf, filePathOf, projectImageKey, thumbnailKeyOf } from '../../objects/object-keys.js';
import type { ObjectStorage } from '../../objects/storage.js';
import { chargeRun } from '../credits.js';
import { storeKeepingEarlier, type StoredColumns } from '../earlier-results.js';
import type { StageResult } from '../engines/engine.js';
import { recomputeProjectStatus } from '../project-status.js';
import { differsFromAll, fingerprintOf, type Fingerprint } from '../variation-distance.js';
import { keepCreditsFor, type Produced } from '../variations.js';
import type { ImageRow, RunRow } from './runs.js';
import type { LockedDelivery } from './run-render.js';

type Delivered = Produced<LockedDelivery>;

/** The variations that look different from the photo's earlier results and from each other (variation-distance.ts). */
export async function keepDistinct(delivered: Delivered[], earlier: Fingerprint[]): Promise<Delivered[]> {
  const seen = [...earlier];
  const distinct: Delivered[] = [];
  for (const item of delivered) {
    const fingerprint = await fingerprintOf(item.delivery.finished.thumbnail);
    if (!differsFromAll(fingerprint, seen)) continue;
    seen.push(fingerprint);
    distinct.push(item);
  }
  return distinct;
}

/**
 * Writes each delivered variation's image, thumbnail and change mask, under the original's prefix
 * (a project's files live under its creator's, decision 041). Every key written is pushed to
 * `written` as it is written, so the caller can remove them if the run ends otherwise.
 */
export async function storeResults(storage: ObjectStorage, run: RunRow, original: ImageRow, items: Delivered[], written: string[]): Promise<StoredColumns[]> {
  const stored: StoredColumns[] = [];
  for (const { result, delivery } of items) {
    const { finished } = delivery;
    const key = projectImageKey(original.userId, run.projectId, finished.extension);
    const thumbKey = thumbnailKeyOf(key);
    const maskKey = changeMaskKeyOf(key);
    written.push(key, thumbKey, maskKey);
    await storage.put(key, finished.image, finished.mimeType);
    await storage.put(thumbKey, finished.thumbnail, 'image/webp');
    await storage.put(maskKey, delivery.changeMask, 'image/png');
    stored.push(storedColumns(result, delivery, key, thumbKey, maskKey));
  }
  return stored;
}

function storedColumns(result: StageResult, { finished, figures }: LockedDelivery, key: string, thumbKey: string, maskKey: string): StoredColumns {
  return {
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
  };
}

/**
 * Charges the run for what it delivered and records the results, in one transaction: false when the
 * run was settled meanwhile (web timeout, sweeper), and then nothing is charged or recorded.
 */
export async function chargeForResults(db: Database, run: RunRow, original: ImageRow, stored: StoredColumns[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent results for one original, and choosing a variation (variations.ts).
    // NO KEY UPDATE: new runs may still reference the row meanwhile.
    await tx.select({ id: projectImages.id }).from(projectImages).where(eq(projectImages.id, original.id)).for('no key update');
    const imageId = randomUUID();
    if (!(await chargeRun(tx, run.id, imageId, stored[0]?.engine ?? null))) return false;
    await keepCreditsFor(tx, run.id, stored.length);
    await storeKeepingEarlier(tx, { projectId: run.projectId, userId: original.userId, originalId: original.id, runId: run.id, imageId }, stored);
    await recomputeProjectStatus(tx, run.projectId);
    return true;
  });
}
