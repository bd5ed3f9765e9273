import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projectImages, projects } from '../db/schema/projects.js';

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

export async function ownProject(db: Database, userId: string, projectId: string) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Safe ASCII for file names: umlauts spelled out, accents dropped, anything else a hyphen. */
export function asciiSlug(text: string, max = 60): string {
  const umlauts: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };
  return text
    .replace(/[äöüÄÖÜß]/g, (c) => umlauts[c]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
    .toLowerCase();
}
