import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema/projects.js';
import { shareLinks } from '../db/schema/share-links.js';
import type { PublishMarket } from '../../../contract/disclosure-packs.js';

/**
 * Share links (decision 026): one per project, a 256-bit random token (base64url, 43 characters),
 * revoked by deleting the row. Lookups are by the unique token index; an unknown, revoked or
 * malformed token is simply not found.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function shareUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/s/${token}`;
}

export async function linkOfProject(db: Database, projectId: string): Promise<string | null> {
  const [row] = await db.select({ token: shareLinks.token }).from(shareLinks).where(eq(shareLinks.projectId, projectId)).limit(1);
  return row?.token ?? null;
}

export interface LinkState {
  token: string;
  publicTitle: string | null;
  /** The originals the page shows (decision 052); null: every staged photo. */
  imageIds: string[] | null;
}

/** The project's link with its public title and chosen photos, or null. */
export async function linkStateOfProject(db: Database, projectId: string): Promise<LinkState | null> {
  const [row] = await db
    .select({ token: shareLinks.token, publicTitle: shareLinks.publicTitle, imageIds: shareLinks.imageIds })
    .from(shareLinks)
    .where(eq(shareLinks.projectId, projectId))
    .limit(1);
  return row ?? null;
}

/**
 * The project's token, creating one when it has none (two concurrent calls agree on one). A given
 * public title or photo choice is stored (also on an existing link: sharing again changes the page);
 * one left out stays as it was.
 */
export async function ensureLink(db: Database, userId: string, projectId: string, change: { publicTitle?: string; imageIds?: string[] | null } = {}): Promise<LinkState> {
  const token = randomBytes(32).toString('base64url');
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  const insert = db.insert(shareLinks).values({ projectId, userId, token, publicTitle: change.publicTitle ?? null, imageIds: change.imageIds ?? null });
  await (Object.keys(set).length ? insert.onConflictDoUpdate({ target: shareLinks.projectId, set }) : insert.onConflictDoNothing({ target: shareLinks.projectId }));
  return (await linkStateOfProject(db, projectId))!;
}

export async function revokeLink(db: Database, projectId: string): Promise<boolean> {
  const gone = await db.delete(shareLinks).where(eq(shareLinks.projectId, projectId)).returning({ id: shareLinks.id });
  return gone.length > 0;
}

/** The shared project of a token with the link's public title and chosen photos, or null. */
export async function projectOfToken(db: Database, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ project: projects, publicTitle: shareLinks.publicTitle, imageIds: shareLinks.imageIds })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .where(eq(shareLinks.token, token))
    .limit(1);
  return row ? { ...row.project, publicTitle: row.publicTitle, imageIds: row.imageIds } : null;
}

/** Where the project's photos will be published (disclosure packs, issue 41). */
export async function setPublishMarket(db: Database, projectId: string, market: PublishMarket): Promise<void> {
  await db.update(projects).set({ publishMarket: market, updatedAt: new Date() }).where(eq(projects.id, projectId));
}
