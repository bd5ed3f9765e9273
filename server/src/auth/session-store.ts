import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema/sessions.js';
import { users, type UserRow } from '../db/schema/users.js';

export const SESSION_COOKIE = 'rw_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Rolling expiry is pushed forward at most once a day per session, not on every request. */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;

export type SessionUser = UserRow;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(db: Database, userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) });
  return { token, expiresAt };
}

/**
 * The session and its user in one query. It runs on nearly every request, so it is a named prepared
 * statement: built once per database handle, planned once per connection.
 */
const sessionUserQueries = new WeakMap<Database, ReturnType<typeof prepareSessionUser>>();
function prepareSessionUser(db: Database) {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user');
}

export async function findSessionUser(db: Database, token: string): Promise<{ sessionId: string; expiresAt: Date; user: UserRow } | null> {
  const id = hashToken(token);
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = prepareSessionUser(db)));
  const rows = await query.execute({ id });
  const row = rows[0];
  return row ? { sessionId: id, expiresAt: row.expiresAt, user: row.user } : null;
}

export async function touchSession(db: Database, sessionId: string, expiresAt: Date): Promise<Date | null> {
  if (expiresAt.getTime() - Date.now() > SESSION_TTL_MS - TOUCH_AFTER_MS) return null;
  const next = new Date(Date.now() + SESSION_TTL_MS);
  await db.update(sessions).set({ expiresAt: next }).where(eq(sessions.id, sessionId));
  return next;
}

export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function pruneExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}
