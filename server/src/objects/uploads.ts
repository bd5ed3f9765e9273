import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { uploadTokens } from '../db/schema/projects.js';
import { MAX_UPLOAD_BYTES } from '../../../contract/limits.js';

/** Queries on upload rows (table `upload_tokens`): issue, claim (single use), complete, consume. */
export type UploadRow = typeof uploadTokens.$inferSelect;
type Executor = Pick<Database, 'update'>;

export async function insertUpload(db: Pick<Database, 'insert'>, userId: string, objectKey: string, expiresAt: Date, declaredSize?: number): Promise<UploadRow> {
  const [row] = await db.insert(uploadTokens).values({ userId, objectKey, expiresAt, declaredSize }).returning();
  return row!;
}

/**
 * Bytes a user's unused uploads hold or may still receive: stored files count their size; a link
 * still open (or, on s3, any link not yet checked) counts what was declared, else the maximum.
 */
export async function unusedUploadBytes(db: Pick<Database, 'select'>, userId: string, driver: 'local' | 's3'): Promise<number> {
  const [row] = await db
    .select({
      bytes: sql<string>`coalesce(sum(CASE
        WHEN ${uploadTokens.completedAt} IS NOT NULL THEN coalesce(${uploadTokens.byteSize}, 0)
        WHEN ${uploadTokens.expiresAt} > now() OR ${driver === 's3'} THEN coalesce(${uploadTokens.declaredSize}, ${MAX_UPLOAD_BYTES})
        ELSE 0 END), 0)`,
    })
    .from(uploadTokens)
    .where(and(eq(uploadTokens.userId, userId), isNull(uploadTokens.consumedAt)));
  return Number(row?.bytes ?? 0);
}

/** Marks the URL used if it is unused and unexpired, in one statement: two concurrent PUTs cannot both win. */
export async function claimUpload(db: Database, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploadTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(uploadTokens.id, id), isNull(uploadTokens.usedAt), gt(uploadTokens.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/** A PUT whose file was refused gives the URL back: single-use means one stored file. */
export async function releaseUpload(db: Database, id: string): Promise<void> {
  await db.update(uploadTokens).set({ usedAt: null }).where(and(eq(uploadTokens.id, id), isNull(uploadTokens.completedAt)));
}

export async function completeUpload(
  db: Executor,
  id: string,
  facts: { contentType: string; width: number; height: number; byteSize: number },
): Promise<void> {
  await db.update(uploadTokens).set({ ...facts, completedAt: sql`now()` }).where(eq(uploadTokens.id, id));
}

export async function findUploadById(db: Database, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploadTokens).where(eq(uploadTokens.id, id)).limit(1);
  return row ?? null;
}

export async function findUpload(db: Database, userId: string, objectKey: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploadTokens)
    .where(and(eq(uploadTokens.userId, userId), eq(uploadTokens.objectKey, objectKey)))
    .limit(1);
  return row ?? null;
}

/** Binds the upload to the project original made from it; false if another request got there first. */
export async function consumeUpload(db: Executor, id: string, imageId: string): Promise<boolean> {
  const rows = await db
    .update(uploadTokens)
    .set({ consumedAt: sql`now()`, imageId })
    .where(and(eq(uploadTokens.id, id), isNull(uploadTokens.consumedAt)))
    .returning({ id: uploadTokens.id });
  return rows.length === 1;
}

/** Uploads never turned into a project image, `afterHours` after they were handed out (their link has long expired). */
export async function abandonedUploads(db: Database, afterHours: number, limit = 200): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploadTokens)
    .where(
      and(
        isNull(uploadTokens.consumedAt),
        lt(uploadTokens.expiresAt, sql`now()`),
        lt(uploadTokens.createdAt, sql`now() - make_interval(hours => ${afterHours})`),
      ),
    )
    .limit(limit);
}

export async function deleteUploadRows(db: Database, ids: string[]): Promise<void> {
  for (const id of ids) await db.delete(uploadTokens).where(eq(uploadTokens.id, id));
}
