import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { WebhookDeliverySummary, WebhookEvent, WebhookPayload } from '../../../contract/public-api.js';
import type { Database } from '../db/client.js';
import { apiKeys, apiRenders, webhookDeliveries, webhookEndpoints } from '../db/schema/public-api.js';
import { stagingRuns } from '../db/schema/projects.js';
import { defineJob, type JobDefinition, type JobQueue } from '../jobs/job-queue.js';
import { apiOwnerById } from './owner.js';
import { getRender } from './render-service.js';
import { OutboundRefused, safeRequest, type OutboundPolicy } from './safe-fetch.js';

/**
 * Webhooks (decision 044) follow the Standard Webhooks spec: headers `webhook-id`,
 * `webhook-timestamp`, `webhook-signature` = `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`
 * with a `whsec_` secret, so receivers verify with the `standardwebhooks` package. Each event and
 * target is one delivery row and one pg-boss job retried with exponential backoff; the row is the
 * log shown in Settings → API. Targets: the render's `callback_url` (signed with the creating key's
 * secret) and every endpoint registered in Settings (each with its own secret).
 */
export const WEBHOOK_JOB = 'public-api.webhook';
const webhookJobPayload = z.object({ deliveryId: z.string().uuid() });
export const webhookJobRef = { name: WEBHOOK_JOB, payload: webhookJobPayload };

type Send = JobQueue['send'];

/**
 * Called whenever a render may have settled (after its staging job, and right after creation):
 * queues its webhooks exactly once (the `notified_at` claim), none while it is still running,
 * none for a cancelled render (the caller cancelled it).
 */
export async function queueRenderWebhooks(db: Database, send: Send, runId: string): Promise<number> {
  const [claimed] = await db
    .update(apiRenders)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        eq(apiRenders.runId, runId),
        isNull(apiRenders.notifiedAt),
        sql`EXISTS (SELECT 1 FROM ${stagingRuns} r WHERE r.id = ${apiRenders.runId} AND r.state <> 'reserved')`,
      ),
    )
    .returning();
  if (!claimed) return 0;
  const owner = await apiOwnerById(db, claimed.ownerId);
  if (!owner) return 0;
  const render = await getRender(db, owner, runId);
  if (render.status === 'cancelled') return 0;
  const eventType: WebhookEvent = render.status === 'completed' ? 'render.completed' : 'render.failed';
  const payload: WebhookPayload = { type: eventType, timestamp: new Date().toISOString(), data: render };
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.ownerId, owner.id), isNull(webhookEndpoints.deletedAt)));
  const targets = [
    ...(claimed.callbackUrl ? [{ url: claimed.callbackUrl, endpointId: null, keyId: claimed.keyId }] : []),
    ...endpoints.map((e) => ({ url: e.url, endpointId: e.id, keyId: null })),
  ];
  if (!targets.length) return 0;
  const rows = await db
    .insert(webhookDeliveries)
    .values(targets.map((t) => ({ id: randomUUID(), ownerId: owner.id, eventType, runId, payload, ...t })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await send(webhookJobRef, { deliveryId: row.id }, { singletonKey: row.id });
  return rows.length;
}

export interface WebhookRetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
}

/** A delivery still failing this long after its event is given up (the retries span about a day). */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Signs and POSTs one delivery. Every attempt is counted on the row. A non-2xx answer or a network
 * failure throws, so pg-boss retries it with backoff, until the last attempt: the one after
 * `retryLimit` retries, or any attempt a day or more after the event. That one marks the delivery
 * `failed` (shown in Settings) and ends the job.
 */
export function webhookJob(db: Database, outbound: OutboundPolicy, retry: WebhookRetryPolicy): JobDefinition<z.infer<typeof webhookJobPayload>> {
  return defineJob({
    ...webhookJobRef,
    queue: { retryLimit: retry.retryLimit, retryDelay: retry.retryDelaySeconds, retryBackoff: true, retryDelayMax: retry.retryDelayMaxSeconds, expireInSeconds: 120, notify: true },
    concurrency: 4,
    pollingIntervalSeconds: 1,
    async handler({ deliveryId }) {
      const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      if (!delivery || delivery.deliveredAt || delivery.failedAt) return;
      const secret = await secretOf(db, delivery);
      if (!secret) return markFailed(db, deliveryId, 'The endpoint or key was removed.');
      const body = JSON.stringify(delivery.payload);
      const sentAt = new Date();
      const headers = {
        'content-type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(delivery.id, sentAt, body),
      };
      const last = delivery.attempts + 1 > retry.retryLimit || sentAt.getTime() - delivery.createdAt.getTime() >= WEBHOOK_GIVE_UP_AFTER_MS;
      let failure: { status: number | null; error: string; final: boolean };
      try {
        const response = await safeRequest(outbound, delivery.url, { method: 'POST', headers, body, maxRedirects: 0 });
        if (response.status >= 200 && response.status < 300) {
          await db
            .update(webhookDeliveries)
            .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastStatus: response.status, lastError: null, deliveredAt: sql`now()` })
            .where(eq(webhookDeliveries.id, deliveryId));
          return;
        }
        failure = { status: response.status, error: `HTTP ${response.status}`, final: last };
      } catch (err) {
        // A target that is not allowed will not become allowed: no retry.
        const refused = err instanceof OutboundRefused && (err.reason === 'private_address' || err.reason === 'not_https');
        failure = { status: null, error: err instanceof Error ? err.message : String(err), final: last || refused };
      }
      await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          ...(failure.status !== null ? { lastStatus: failure.status } : {}),
          lastError: failure.error.slice(0, 500),
          ...(failure.final ? { failedAt: sql`now()` } : {}),
        })
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!failure.final) throw new Error(`webhook delivery failed: ${failure.error}`);
    },
  });
}

async function secretOf(db: Database, delivery: typeof webhookDeliveries.$inferSelect): Promise<string | null> {
  if (delivery.endpointId) {
    const [endpoint] = await db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(and(eq(webhookEndpoints.id, delivery.endpointId), isNull(webhookEndpoints.deletedAt)));
    return endpoint?.secret ?? null;
  }
  if (!delivery.keyId) return null;
  const [key] = await db.select({ secret: apiKeys.signingSecret }).from(apiKeys).where(eq(apiKeys.id, delivery.keyId));
  return key?.secret ?? null;
}

async function markFailed(db: Database, deliveryId: string, message: string) {
  await db.update(webhookDeliveries).set({ lastError: message, failedAt: sql`now()` }).where(eq(webhookDeliveries.id, deliveryId));
}

/** The delivery log of Settings → API, newest first. */
export async function recentDeliveries(db: Database, ownerId: string, limit = 50): Promise<WebhookDeliverySummary[]> {
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.ownerId, ownerId)).orderBy(desc(webhookDeliveries.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    eventType: row.eventType,
    renderId: row.runId,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    state: row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending',
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

/**
 * The staging run job with the render webhooks queued after every attempt (composition, services.ts):
 * a run settled by its job (delivered, refused, failed) notifies at once; a run still reserved
 * (a retry is coming) queues nothing yet.
 */
export function withRenderWebhooks<T extends { runId: string }>(db: Database, job: JobDefinition<T>): JobDefinition<T> {
  return {
    ...job,
    async handler(data, context) {
      try {
        return await job.handler(data, context);
      } finally {
        await queueRenderWebhooks(db, context.send, data.runId).catch((err) => context.log.error({ err, runId: data.runId }, 'could not queue render webhooks'));
      }
    },
  };
}
