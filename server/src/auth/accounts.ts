import { and, eq, sql } from 'drizzle-orm';
import type { UpdateProfileRequest, UserResponse } from '../../../contract/auth.js';
import { planCredits } from '../../../contract/plans.js';
import { addCalendarMonths } from '../../../contract/user-stats.js';
import type { Database } from '../db/client.js';
import { users, type UserRow } from '../db/schema/users.js';
import { AppError } from '../errors/app-error.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';

export function toUserResponse(user: UserRow): UserResponse {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileRole: user.profileRole,
    industry: user.industry,
    role: user.role,
    subscriptionPlan: user.subscriptionPlan,
    creditsUsed: user.creditsUsed,
    creditsLimit: user.creditsLimit,
    packCredits: user.packCredits,
    creditsResetAt: user.creditsPeriodStart ? addCalendarMonths(user.creditsPeriodStart, 1).toISOString() : null,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    language: user.language,
    deletionScheduledFor: user.deletionScheduledFor?.toISOString() ?? null,
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return rows[0];
}

export async function registerUser(
  db: Database,
  input: { email: string; password: string; firstName?: string; lastName?: string; language: 'de' | 'en' },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const rows = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash,
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      language: input.language,
      // ADMIN_EMAILS counts only once the address is confirmed (applyAdminEmails).
      role: 'user',
      creditsLimit: planCredits('free'),
    })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw AppError.conflict('An account with this e-mail address already exists.', 'email_taken');
  return rows[0];
}

const INVALID_CREDENTIALS = 'E-mail address or password is incorrect.';

export async function authenticate(db: Database, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  }
  return user;
}

/**
 * ADMIN_EMAILS and the admin role (decision 030): the role follows the account's current *verified*
 * address. A verified address on the list gets the role (source `admin_emails`); a role that came from
 * the list ends as soon as the address is no longer a verified listed one (changed away, or taken off
 * the list). A role granted by the CLI is not touched here (it ends with an address change instead:
 * confirmEmailChange).
 */
export async function applyAdminEmails(db: Database, user: UserRow, adminEmails: string[]): Promise<UserRow> {
  const listed = user.emailVerifiedAt !== null && adminEmails.includes(user.email.toLowerCase());
  let patch: Pick<UserRow, 'role' | 'adminSource'> | null = null;
  if (listed && user.role !== 'admin') patch = { role: 'admin', adminSource: 'admin_emails' };
  else if (!listed && user.role === 'admin' && user.adminSource === 'admin_emails') patch = { role: 'user', adminSource: null };
  if (!patch) return user;
  const [updated] = await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

export async function updateProfile(db: Database, userId: string, input: UpdateProfileRequest): Promise<UserRow> {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.firstName !== undefined) patch.firstName = input.firstName || null;
  if (input.lastName !== undefined) patch.lastName = input.lastName || null;
  if (input.profileRole !== undefined) patch.profileRole = input.profileRole;
  if (input.industry !== undefined) patch.industry = input.industry;
  if (input.language !== undefined) patch.language = input.language;
  // A new e-mail address is never set here: it waits for its confirmation link (email-change.ts).
  const [updated] = await db.update(users).set(patch).where(eq(users.id, userId)).returning();
  if (!updated) throw AppError.unauthorized();
  return updated;
}

/**
 * OpenID Connect sign-in (docs/decisions/015-oidc-account-linking.md): found by subject; else
 * joined to the account with the same e-mail only when BOTH sides are verified (the provider says
 * `email_verified: true` and the account confirmed its address); an unconfirmed account with that
 * address is never taken over and never handed to the provider's user — they are asked to sign in
 * with the password or reset it by e-mail, which proves the mailbox. Else a new account, verified
 * only when the provider says so.
 */
export async function findOrCreateOidcUser(
  db: Database,
  claims: { sub: string; email?: string; emailVerified: boolean; firstName?: string; lastName?: string },
  language: 'de' | 'en',
): Promise<{ user: UserRow; created: boolean }> {
  const bySubject = await db.select().from(users).where(eq(users.oidcSubject, claims.sub)).limit(1);
  if (bySubject[0]) {
    const user = bySubject[0];
    if (claims.emailVerified && claims.email?.toLowerCase() === user.email && (!user.emailVerifiedAt || !user.oidcLinkVerified)) {
      // The provider now vouches for the address: the address counts as confirmed and so does the link.
      const [updated] = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, oidcLinkVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), eq(users.oidcSubject, claims.sub)))
        .returning();
      return { user: updated ?? user, created: false };
    }
    return { user, created: false };
  }
  if (!claims.email) throw AppError.badRequest('The sign-in provider did not share an e-mail address.');
  const email = claims.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!claims.emailVerified || !existing.emailVerifiedAt || existing.oidcSubject) {
      throw AppError.conflict(
        'An account with this e-mail address already exists. Please sign in with its password, or reset the password by e-mail.',
        'email_taken',
      );
    }
    const [linked] = await db
      .update(users)
      .set({ oidcSubject: claims.sub, oidcLinkVerified: true, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    return { user: linked!, created: false };
  }
  const [created] = await db
    .insert(users)
    .values({
      email,
      oidcSubject: claims.sub,
      // An unverified link may be a squatter's: a password reset or change ends it (endUnverifiedOidcLink).
      oidcLinkVerified: claims.emailVerified,
      emailVerifiedAt: claims.emailVerified ? new Date() : null,
      firstName: claims.firstName ?? null,
      lastName: claims.lastName ?? null,
      language,
      role: 'user',
      creditsLimit: planCredits('free'),
    })
    .returning();
  return { user: created!, created: true };
}

/** Marks the address confirmed, if the account still has it (a link to an old address confirms nothing). */
export async function markEmailVerified(db: Pick<Database, 'update'>, userId: string, email: string): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .returning();
  return updated;
}

export async function findUserById(db: Database, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** `npm run admin -- grant EMAIL`: the role stays until the address changes (decision 030). */
export async function grantAdmin(db: Database, email: string): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ role: 'admin', adminSource: 'cli', updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning();
  return updated;
}
