import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { findSessionUser, sessionToken, setSessionCookie, touchSession, type SessionUser } from './session-store.js';

/**
 * Loads the signed-in user of the request (memoised per request) and slides the session expiry.
 * The one seam other features use for authentication.
 */
export async function loadSessionUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  if (request.user !== null) return request.user;
  const token = sessionToken(request);
  if (!token) return null;
  const found = await findSessionUser(request.server.db, token);
  if (!found) return null;
  request.user = found.user;
  request.sessionId = found.sessionId;
  const renewed = await touchSession(request.server.db, found.sessionId, found.expiresAt);
  if (renewed) setSessionCookie(reply, token, renewed, request.server.config.publicUrl.startsWith('https:'));
  return found.user;
}

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await loadSessionUser(request, reply);
  if (!user) throw AppError.unauthorized();
}

export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await loadSessionUser(request, reply);
  if (!user) throw AppError.unauthorized();
  if (user.role !== 'admin' || !adminRoleStillHolds(user, request.server.config.ADMIN_EMAILS)) throw AppError.forbidden('Administrator access is required.');
}

/**
 * A role that came from ADMIN_EMAILS holds only while the account's verified address is on the list
 * (decision 030): taken off the list, it stops at once (the row follows at the next sign-in).
 */
function adminRoleStillHolds(user: SessionUser, adminEmails: string[]): boolean {
  if (user.adminSource !== 'admin_emails') return true;
  return user.emailVerifiedAt !== null && adminEmails.includes(user.email.toLowerCase());
}

/** For handlers behind requireUser: the user, typed as present. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

/**
 * For routes that spend money or storage (uploads, staging): 403 `email_not_verified` until the
 * address is confirmed. Use after requireUser: `preHandler: [requireUser, requireVerifiedEmail]`.
 */
export async function requireVerifiedEmail(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await loadSessionUser(request, reply);
  if (!user) throw AppError.unauthorized();
  if (!user.emailVerifiedAt) {
    throw AppError.forbidden('Please confirm your e-mail address first: open the link in the e-mail we sent you.', 'email_not_verified');
  }
}
