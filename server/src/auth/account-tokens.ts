import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accountTokens, type AccountTokenPurpose, type AccountTokenRow } from '../db/schema/account-tokens.js';

/** How long a mailed link works. */
export const TOKEN_TTL_SECONDS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * 3600,
  reset_password: 3600,
  change_email: 24 * 3600,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new single-use token for a mailed link. Earlier unused tokens of the same user and purpose
 * stop working (only the newest mail's link counts), except reset links: anyone may ask for one,
 * so a stranger's request must not void the link in the owner's mailbox (decision 030). Every
 * reset link ends when one of them is used (the password changes).
 */
export async function issueAccountToken(db: Database, userId: string, purpose: AccountTokenPurpose, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (purpose !== 'reset_password') await revokeAccountTokens(db, userId, purpose);
  await db.insert(accountTokens).values({
    id: hashToken(token),
    userId,
    purpose,
    email: email.toLowerCase(),
    expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000),
  });
  return token;
}

/** Uses a token: unused, unexpired and of this purpose, marked used in the same statement (two clicks cannot both win). */
export async function consumeAccountToken(db: Pick<Database, 'update'>, token: string, purpose: AccountTokenPurpose): Promise<AccountTokenRow | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.id, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

export async function revokeAccountTokens(db: Pick<Database, 'update'>, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Drops tokens a day after they expired (the hourly maintenance job). */
export async function pruneAccountTokens(db: Database): Promise<void> {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, sql`now() - interval '1 day'`));
}
