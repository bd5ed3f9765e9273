import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { lockForCount } from '../db/advisory-lock.js';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointSummary } from '../../../contract/public-api.js';
import type { Database } from '../db/client.js';
import { webhookEndpoints } from '../db/schema/public-api.js';
import { AppError } from '../errors/app-error.js';
import { newSigningSecret } from './api-keys.js';
import type { ApiOwner } from './owner.js';
import { assertAllowedUrl, OutboundRefused, type OutboundPolicy } from './safe-fetch.js';

/** Endpoints registered in Settings → API: each gets every render event of the owner, signed with its own secret. */
const active = (owner: ApiOwner) => and(eq(webhookEndpoints.ownerId, owner.id), isNull(webhookEndpoints.deletedAt));

const toSummary = (row: typeof webhookEndpoints.$inferSelect): WebhookEndpointSummary => ({ id: row.id, url: row.url, createdAt: row.createdAt.toISOString() });

export async function listEndpoints(db: Database, owner: ApiOwner): Promise<WebhookEndpointSummary[]> {
  const rows = await db.select().from(webhookEndpoints).where(active(owner)).orderBy(asc(webhookEndpoints.createdAt));
  return rows.map(toSummary);
}

export async function createEndpoint(db: Database, owner: ApiOwner, policy: OutboundPolicy, url: string) {
  try {
    assertAllowedUrl(policy, url);
  } catch (err) {
    if (err instanceof OutboundRefused) throw AppError.badRequest(`url: ${err.message}`, 'url_not_allowed');
    throw err;
  }
  const secret = newSigningSecret();
  // Count and insert under the owner's lock (decision 049): concurrent creations cannot pass the cap.
  const row = await db.transaction(async (tx) => {
    await lockForCount(tx, `webhook-endpoints:${owner.id}`);
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(active(owner));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw AppError.conflict(`At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Remove one first.`);
    const [inserted] = await tx.insert(webhookEndpoints).values({ ownerId: owner.id, url, secret }).returning();
    return inserted!;
  });
  return { endpoint: toSummary(row), secret };
}

export async function deleteEndpoint(db: Database, owner: ApiOwner, id: string): Promise<void> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), active(owner)))
    .returning({ id: webhookEndpoints.id });
  if (!rows.length) throw AppError.notFound('This webhook endpoint was not found.');
}
