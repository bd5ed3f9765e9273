import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/users.js';
import type { ObjectStorage } from '../../objects/storage.js';
import { findImage, type ImageRow, type RunRow } from './runs.js';

type UserRow = typeof users.$inferSelect;

export interface RunInputs {
  original: ImageRow;
  source: Buffer;
  /** The plan of the pool the run draws on (its workspace's, decision 041); the language is the run's own user's. */
  owner: { plan?: UserRow['subscriptionPlan']; language?: UserRow['language'] };
}

/** The photo a run stages and whose plan and language shape the result; null when the photo is gone. */
export async function loadRunInputs(db: Database, storage: ObjectStorage, run: RunRow): Promise<RunInputs | null> {
  const original = run.originalImageId ? await findImage(db, run.originalImageId) : null;
  const source = original ? await storage.read(original.filePath.slice(1)) : null;
  if (!original || !source) return null;
  const [pool] = await db.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, run.creditsUserId ?? run.userId));
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, run.userId));
  return { original, source, owner: { plan: pool?.plan, language: user?.language } };
}
