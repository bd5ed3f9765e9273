import { eq, and, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema/sessions.js';
import { users, type UserRow } from '../db/schema/users.js';
import { AppError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';
import { consumeAccountToken, issueAccountToken, revokeAccountTokens } from './account-tokens.js';
import { applyAdminEmails, findUserByEmail, findUserById, markEmailVerified } from './accounts.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';
import { deleteUserSessions } from './session-store.js';

/**
 * The account flows that go through a mailed link: confirm the address, forgot password, change
 * password, change the address. Tokens are single use (account-tokens.ts); a link only works for
 * the address it was sent to.
 */
export interface AccountMailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  adminEmails: string[];
}

type Language = 'de' | 'en';
const invalidLink = () => AppError.badRequest('This link is invalid, was already used or has expired. Please request a new one.', 'token_invalid');

export async function sendVerificationMail(deps: AccountMailDeps, user: Pick<UserRow, 'id' | 'email'>, language: Language): Promise<void> {
  const token = await issueAccountToken(deps.db, user.id, 'verify_email', user.email);
  await deps.mailer.send({ to: user.email, language, template: 'verify_email', data: { url: `${deps.publicUrl}/verify-email?token=${token}` } });
}

/** The link of the verification mail: confirms the address it was sent to (and ADMIN_EMAILS may apply now). */
export async function verifyEmail(deps: AccountMailDeps, token: string): Promise<UserRow> {
  const row = await consumeAccountToken(deps.db, token, 'verify_email');
  if (!row) throw invalidLink();
  const user = await markEmailVerified(deps.db, row.userId, row.email);
  if (!user) throw invalidLink();
  return applyAdminEmails(deps.db, user, deps.adminEmails);
}

/**
 * Forgot password. The caller answers 202 at once with the same body for every address; this runs
 * afterwards, so neither the answer nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset(deps: AccountMailDeps, email: string, fallbackLanguage: Language): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueAccountToken(deps.db, user.id, 'reset_password', user.email);
  await deps.mailer.send({
    to: user.email,
    language: user.language ?? fallbackLanguage,
    template: 'reset_password',
    data: { url: `${deps.publicUrl}/reset-password?token=${token}` },
  });
}

/**
 * The reset link: sets the password and ends every session. The link proved the mailbox, so the
 * address counts as confirmed from now on.
 */
export async function resetPassword(deps: AccountMailDeps, token: string, password: string): Promise<void> {
  const row = await consumeAccountToken(deps.db, token, 'reset_password');
  if (!row) throw invalidLink();
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.email !== row.email) throw invalidLink();
  const passwordHash = await hashPassword(password);
  await setPasswordAndSecure(deps.db, user.id, passwordHash);
  await deleteUserSessions(deps.db, user.id);
  const verified = await markEmailVerified(deps.db, user.id, user.email);
  if (verified) await applyAdminEmails(deps.db, verified, deps.adminEmails);
}

/** Current password, or 403 `wrong_password` (an account without one can never pass). */
export async function assertCurrentPassword(user: UserRow, password: string): Promise<void> {
  if (!user.passwordHash) {
    await burnPasswordCheck(password);
    throw AppError.forbidden('This account has no password yet. Use “Forgot password?” to set one.', 'wrong_password');
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw AppError.forbidden('The current password is not correct.', 'wrong_password');
}

/** Settings: a new password; every other session of the user ends, the current one stays. */
export async function changePassword(deps: AccountMailDeps, user: UserRow, currentSessionId: string | null, current: string, next: string): Promise<void> {
  await assertCurrentPassword(user, current);
  const passwordHash = await hashPassword(next);
  await setPasswordAndSecure(deps.db, user.id, passwordHash);
  await deps.db
    .delete(sessions)
    .where(currentSessionId ? and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)) : eq(sessions.userId, user.id));
}

/**
 * A new password (reset or change) is the moment an owner takes the account back, so everything a
 * squatter could have left behind ends with it (issue #22, decisions 015 and 030): a queued e-mail
 * change and its confirmation link, unused reset links, and an OIDC link made while the address was
 * unverified (it may be the squatter's provider account).
 */
async function setPasswordAndSecure(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        pendingEmail: null,
        oidcSubject: sql`CASE WHEN ${users.oidcLinkVerified} THEN ${users.oidcSubject} ELSE NULL END`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await revokeAccountTokens(tx, userId, 'reset_password');
    await revokeAccountTokens(tx, userId, 'change_email');
  });
}

/** Ends a queued e-mail change: the address stays, the confirmation link stops working. */
async function cancelEmailChange(db: Database, userId: string): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ pendingEmail: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    await revokeAccountTokens(tx, userId, 'change_email');
    return updated;
  });
}

/**
 * Settings: a new address. Needs the current password; the address only changes when the link
 * mailed to the new address is used (confirmEmailChange). The old address gets a notice.
 * Re-entering the current address cancels a queued change (no password needed: it only takes away).
 */
export async function requestEmailChange(deps: AccountMailDeps, user: UserRow, newEmail: string, currentPassword: string | undefined): Promise<UserRow> {
  const email = newEmail.toLowerCase();
  if (email === user.email) return user.pendingEmail === null ? user : ((await cancelEmailChange(deps.db, user.id)) ?? user);
  if (!currentPassword) throw AppError.badRequest('Please enter your current password to change the e-mail address.', 'current_password_required');
  await assertCurrentPassword(user, currentPassword);
  const other = await findUserByEmail(deps.db, email);
  if (other && other.id !== user.id) throw AppError.conflict('An account with this e-mail address already exists.', 'email_taken');
  const [updated] = await deps.db.update(users).set({ pendingEmail: email, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  const token = await issueAccountToken(deps.db, user.id, 'change_email', email);
  const language = user.language ?? 'en';
  await deps.mailer.send({
    to: email,
    language,
    template: 'confirm_email_change',
    data: { url: `${deps.publicUrl}/confirm-email?token=${token}`, newEmail: email },
  });
  await deps.mailer.send({ to: user.email, language, template: 'email_change_notice', data: { newEmail: email, appUrl: `${deps.publicUrl}/` } });
  return updated!;
}

/** The link mailed to the new address: the address changes now, and counts as confirmed. */
export async function confirmEmailChange(deps: AccountMailDeps, token: string): Promise<UserRow> {
  const row = await consumeAccountToken(deps.db, token, 'change_email');
  if (!row) throw invalidLink();
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.pendingEmail !== row.email) throw invalidLink();
  const other = await findUserByEmail(deps.db, row.email);
  if (other && other.id !== user.id) throw AppError.conflict('An account with this e-mail address already exists.', 'email_taken');
  // The admin role belonged to the old address (decision 030): it ends here, whoever granted it;
  // ADMIN_EMAILS gives it back at once when the new, now confirmed, address is on the list.
  const [updated] = await deps.db
    .update(users)
    .set({ email: row.email, pendingEmail: null, emailVerifiedAt: new Date(), role: 'user', adminSource: null, updatedAt: new Date() })
    // Still queued in this very statement: a password reset or a cancel that got there first wins.
    .where(and(eq(users.id, user.id), eq(users.pendingEmail, row.email)))
    .returning();
  if (!updated) throw invalidLink();
  // Links sent to the old address no longer match it and so stop working on their own.
  return applyAdminEmails(deps.db, updated, deps.adminEmails);
}
