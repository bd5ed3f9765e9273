import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MAX_ACTIVE_API_KEYS, type ApiKeySummary, type ApiScope, type CreateApiKeyRequest } from '../../../contract/public-api.js';
import { lockForCount } from '../db/advisory-lock.js';
import type { Database } from '../db/client.js';
import { apiKeys } from '../db/schema/public-api.js';
import { users } from '../db/schema/users.js';
import { workspaceMembers } from '../db/schema/workspaces.js';
import { AppError } from '../errors/app-error.js';
import type { ApiOwner } from './owner.js';

/**
 * API keys (decision 043): `rw_live_` + 32 random bytes (base64url). Only the SHA-256 is stored
 * (a key has 256 bits of entropy, so a slow password hash adds nothing); the first 16 characters
 * stay visible to tell keys apart. Shown once at creation.
 */
const KEY_PREFIX = 'rw_live_';
const VISIBLE_CHARS = KEY_PREFIX.length + 8;

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const creator = alias(users, 'creator');
const keeper = alias(users, 'keeper');
const personName = (p: { firstName: string | null; lastName: string | null; email: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || '';

/**
 * The owner's keys with who created each (and whether they are still a member) and who kept it when
 * its creator was removed (decision 050), newest first; `keyId` narrows to one.
 */
async function keySummaries(db: Pick<Database, 'select'>, ownerId: string, keyId?: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select({
      key: apiKeys,
      creator: { firstName: creator.firstName, lastName: creator.lastName, email: creator.email },
      creatorIsMember: sql<boolean>`EXISTS (SELECT 1 FROM ${workspaceMembers} WHERE ${workspaceMembers.workspaceId} = ${apiKeys.ownerId} AND ${workspaceMembers.userId} = ${apiKeys.createdBy})`,
      keeper: { firstName: keeper.firstName, lastName: keeper.lastName, email: keeper.email },
    })
    .from(apiKeys)
    .leftJoin(creator, eq(creator.id, apiKeys.createdBy))
    .leftJoin(keeper, eq(keeper.id, apiKeys.keptBy))
    .where(and(eq(apiKeys.ownerId, ownerId), keyId ? eq(apiKeys.id, keyId) : undefined))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(({ key, creator: by, creatorIsMember, keeper: kept }) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes as ApiScope[],
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    createdBy: by?.email ? { name: personName(by), member: creatorIsMember } : null,
    revokedReason: key.revokedAt ? (key.revokedReason ?? 'revoked') : null,
    keptBy: kept?.email ? personName(kept) : null,
  }));
}

export async function listApiKeys(db: Database, owner: ApiOwner): Promise<ApiKeySummary[]> {
  return keySummaries(db, owner.id);
}

export async function createApiKey(db: Database, owner: ApiOwner, createdBy: string, request: CreateApiKeyRequest) {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const signingSecret = newSigningSecret();
  // Count and insert under the owner's lock (decision 049): concurrent creations cannot pass the cap.
  const row = await db.transaction(async (tx) => {
    await lockForCount(tx, `api-keys:${owner.id}`);
    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.ownerId, owner.id), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) {
      throw AppError.conflict(`At most ${MAX_ACTIVE_API_KEYS} keys can be active at once. Revoke one first.`, 'api_key_limit');
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        ownerId: owner.id,
        createdBy,
        name: request.name,
        prefix: key.slice(0, VISIBLE_CHARS),
        keyHash: hashApiKey(key),
        scopes: [...new Set(request.scopes)],
        signingSecret,
      })
      .returning();
    return inserted!;
  });
  const [apiKey] = await keySummaries(db, owner.id, row.id);
  return { apiKey: apiKey!, key, signingSecret };
}

/** Revoked at once: the next request with it answers 401. Another owner's key answers 404. */
export async function revokeApiKey(db: Database, owner: ApiOwner, keyId: string): Promise<ApiKeySummary> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())`, revokedReason: sql`coalesce(${apiKeys.revokedReason}, 'revoked')` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.ownerId, owner.id)))
    .returning({ id: apiKeys.id });
  if (!row) throw AppError.notFound('This API key was not found.');
  const [summary] = await keySummaries(db, owner.id, row.id);
  return summary!;
}

/** The active key for a presented secret, its last-used time touched (at most once a minute). */
export async function authenticateApiKey(db: Database, presented: string): Promise<ApiKeyRow | null> {
  if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(presented)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.id));
  }
  return row;
}
