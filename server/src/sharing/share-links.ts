import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema/projects.js';
import { shareLinks } from '../db/schema/share-links.js';

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

/** The project's link with its public title, or null. */
export async function linkStateOfProject(db: Database, projectId: string): Promise<{ token: string; publicTitle: string | null } | null> {
  const [row] = await db.select({ token: shareLinks.token, publicTitle: shareLinks.publicTitle }).from(shareLinks).where(eq(shareLinks.projectId, projectId)).limit(1);
  return row ?? null;
}

/**
 * The project's token, creating one when it has none (two concurrent calls agree on one). A given
 * public title is stored (also on an existing link: sharing again changes the page's heading).
 */
export async function ensureLink(db: Database, userId: string, projectId: string, publicTitle?: string): Promise<{ token: string; publicTitle: string | null }> {
  const token = randomBytes(32).toString('base64url');
  const insert = db.insert(shareLinks).values({ projectId, userId, token, publicTitle: publicTitle ?? null });
  await (publicTitle ? insert.onConflictDoUpdate({ target: shareLinks.projectId, set: { publicTitle } }) : insert.onConflictDoNothing({ target: shareLinks.projectId }));
  return (await linkStateOfProject(db, projectId))!;
}

export async function revokeLink(db: Database, projectId: string): Promise<boolean> {
  const gone = await db.delete(shareLinks).where(eq(shareLinks.projectId, projectId)).returning({ id: shareLinks.id });
  return gone.length > 0;
}

/** The shared project of a token with the link's public title, or null. */
export async function projectOfToken(db: Database, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ project: projects, publicTitle: shareLinks.publicTitle })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .where(eq(shareLinks.token, token))
    .limit(1);
  return row ? { ...row.project, publicTitle: row.publicTitle } : null;
}
