import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { webhookDeliveries } from '../db/schema/public-api.js';
import { workspaces } from '../db/schema/workspaces.js';
import type { JobDefinition } from '../jobs/job-queue.js';
import { insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { completeApiRender, insertApiRender, refundApiRender } from '../../test/support/render-fixtures.js';
import { createApiKey } from './api-keys.js';
import type { ApiOwner } from './owner.js';
import { getRender } from './render-service.js';
import { createEndpoint, deleteEndpoint } from './webhook-endpoints.js';
import { queueRenderWebhooks, WEBHOOK_JOB, withRenderWebhooks } from './webhooks.js';

/**
 * queueRenderWebhooks (webhooks.ts) against PostgreSQL: which deliveries a settled render gets
 * (event type, targets, payload), each with its job, exactly once; none while the run is still
 * reserved, none for a cancelled render. Renders are made as the render service makes them: a
 * reserved staging run of a project of the workspace, an `api_renders` row naming the creating key
 * and callback URL, settled by the staging credits' charge or refund (test/support/render-fixtures.ts). The delivery job itself:
 * webhooks.test.ts.
 */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
});
afterAll(async () => {
  await handle?.drop();
});

const policy = { allow: new Set<string>(), timeoutMs: 5_000, maxBytes: 1_000_000 };

async function newOwner(): Promise<ApiOwner> {
  const userId = await insertUser(db);
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.billingUserId, userId));
  return { id: row!.id, billingUserId: userId };
}

/** A render created through the API by a new key of the owner: its staging run is still reserved. */
async function newRender(owner: ApiOwner, callbackUrl: string | null) {
  const { apiKey } = await createApiKey(db, owner, owner.billingUserId, { name: 'CRM', scopes: ['stage', 'read'] });
  return { ...(await insertApiRender(db, owner, apiKey.id, callbackUrl)), keyId: apiKey.id };
}

const charge = (owner: ApiOwner, runId: string, projectId: string) => completeApiRender(db, { runId, projectId }, owner.billingUserId);

/** A `send` that records what was queued, the data parsed by the job's payload schema as the job queue does. */
function recorder() {
  const sent: Array<{ name: string; data: unknown; options: unknown }> = [];
  const send = (async (job: { name: string; payload: { parse(data: unknown): unknown } }, data: unknown, options: unknown) => {
    sent.push({ name: job.name, data: job.payload.parse(data), options });
    return randomUUID();
  }) as unknown as Parameters<typeof queueRenderWebhooks>[1];
  return { sent, send };
}

const deliveriesOf = (runId: string) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, runId));

describe('queueRenderWebhooks', () => {
  it('queues render.completed to the callback URL (signed by the creating key) and every endpoint of the owner not removed, one delivery and one job each, once', async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const { endpoint: kept } = await createEndpoint(db, owner, policy, 'https://crm.example.com/hooks/a');
    const { endpoint: removed } = await createEndpoint(db, owner, policy, 'https://crm.example.com/hooks/removed');
    await deleteEndpoint(db, owner, removed.id);
    await createEndpoint(db, other, policy, 'https://other.example.com/hooks'); // another workspace's
    const { runId, keyId, projectId } = await newRender(owner, 'https://crm.example.com/callback');
    await charge(owner, runId, projectId);
    const { sent, send } = recorder();

    const started = Date.now();
    expect(await queueRenderWebhooks(db, send, runId)).toBe(2);

    const rows = await deliveriesOf(runId);
    const byUrl = Object.fromEntries(rows.map((r) => [r.url, r]));
    expect(Object.keys(byUrl).sort()).toEqual(['https://crm.example.com/callback', 'https://crm.example.com/hooks/a']);
    expect(byUrl['https://crm.example.com/callback']).toMatchObject({ ownerId: owner.id, eventType: 'render.completed', keyId, endpointId: null, attempts: 0, deliveredAt: null, failedAt: null });
    expect(byUrl['https://crm.example.com/hooks/a']).toMatchObject({ ownerId: owner.id, eventType: 'render.completed', keyId: null, endpointId: kept.id });
    const render = await getRender(db, owner, runId);
    expect(render.status).toBe('completed');
    expect(render.results).toHaveLength(1);
    for (const row of rows) {
      const payload = row.payload as { type: string; timestamp: string; data: unknown };
      expect(Object.keys(payload).sort()).toEqual(['data', 'timestamp', 'type']);
      expect(payload.type).toBe('render.completed');
      expect(payload.data).toEqual(render);
      expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
      expect(Date.parse(payload.timestamp)).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(payload.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(expect.arrayContaining(rows.map((r) => ({ name: WEBHOOK_JOB, data: { deliveryId: r.id }, options: { singletonKey: r.id } }))));

    // Settled renders are looked at again (every job attempt, the create call): nothing more is queued.
    expect(await queueRenderWebhooks(db, send, runId)).toBe(0);
    expect(await deliveriesOf(runId)).toHaveLength(2);
    expect(sent).toHaveLength(2);
  });

  it('queues render.failed for a failed render, its data saying why', async () => {
    const owner = await newOwner();
    await createEndpoint(db, owner, policy, 'https://crm.example.com/hooks/f');
    const { runId } = await newRender(owner, null);
    await refundApiRender(db, runId, 'The engine failed. Your credits were refunded.', 'staging_failed');
    const { sent, send } = recorder();
    expect(await queueRenderWebhooks(db, send, runId)).toBe(1);
    const [row] = await deliveriesOf(runId);
    expect(row).toMatchObject({ eventType: 'render.failed', url: 'https://crm.example.com/hooks/f', keyId: null });
    const payload = row!.payload as { type: string; data: { status: string; error: unknown } };
    expect(payload.type).toBe('render.failed');
    expect(payload.data).toEqual(await getRender(db, owner, runId));
    expect(payload.data.error).toEqual({ code: 'staging_failed', message: 'The engine failed. Your credits were refunded.' });
    expect(sent).toEqual([{ name: WEBHOOK_JOB, data: { deliveryId: row!.id }, options: { singletonKey: row!.id } }]);
  });

  it('queues nothing while the run is still reserved (a retry is coming), and queues once when it settles', async () => {
    const owner = await newOwner();
    const { runId, projectId } = await newRender(owner, 'https://crm.example.com/callback');
    const { sent, send } = recorder();
    expect(await queueRenderWebhooks(db, send, runId)).toBe(0);
    expect(await queueRenderWebhooks(db, send, runId)).toBe(0);
    expect([await deliveriesOf(runId), sent]).toEqual([[], []]);

    await charge(owner, runId, projectId);
    expect(await queueRenderWebhooks(db, send, runId)).toBe(1);
    expect(await queueRenderWebhooks(db, send, runId)).toBe(0);
    expect((await deliveriesOf(runId)).map((r) => [r.url, r.eventType])).toEqual([['https://crm.example.com/callback', 'render.completed']]);
    expect(sent).toHaveLength(1);
  });

  it('queues nothing for a render its caller cancelled', async () => {
    const owner = await newOwner();
    await createEndpoint(db, owner, policy, 'https://crm.example.com/hooks/c');
    const { runId } = await newRender(owner, 'https://crm.example.com/callback');
    await refundApiRender(db, runId, 'The render was cancelled. Its credits were refunded.', 'render_cancelled');
    const { sent, send } = recorder();
    expect(await queueRenderWebhooks(db, send, runId)).toBe(0);
    expect([await deliveriesOf(runId), sent]).toEqual([[], []]);
  });

  it('with no target (no callback URL, no endpoint) returns 0, and an endpoint added later does not get the old event', async () => {
    const owner = await newOwner();
    const { runId, projectId } = await newRender(owner, null);
    await charge(owner, runId, projectId);
    const { sent, send } = recorder();
    expect(await queueRenderWebhooks(db, send, runId)).toBe(0);
    await createEndpoint(db, owner, policy, 'https://crm.example.com/hooks/late');
    expect(await queueRenderWebhooks(db, send, runId)).toBe(0);
    expect([await deliveriesOf(runId), sent]).toEqual([[], []]);
  });

  it('sends one delivery (the callback’s, signed by the key) when the callback URL is also a registered endpoint', async () => {
    const owner = await newOwner();
    await createEndpoint(db, owner, policy, 'https://crm.example.com/same');
    const { runId, keyId, projectId } = await newRender(owner, 'https://crm.example.com/same');
    await charge(owner, runId, projectId);
    const { sent, send } = recorder();
    expect(await queueRenderWebhooks(db, send, runId)).toBe(1);
    const rows = await deliveriesOf(runId);
    expect(rows.map((r) => [r.url, r.keyId, r.endpointId])).toEqual([['https://crm.example.com/same', keyId, null]]);
    expect(sent.map((s) => s.data)).toEqual([{ deliveryId: rows[0]!.id }]);
  });

  it('an unknown run queues nothing', async () => {
    const { sent, send } = recorder();
    expect(await queueRenderWebhooks(db, send, randomUUID())).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe('withRenderWebhooks (the staging job as composed in services.ts)', () => {
  const context = (send: ReturnType<typeof recorder>['send'], errors: unknown[] = []) =>
    ({ jobId: 'j', signal: new AbortController().signal, send, log: Object.assign(pino({ level: 'silent' }), { error: (...args: unknown[]) => errors.push(args) }) }) as never;

  it('queues the webhooks of the run after the job, also when the job throws (and rethrows it); keeps the rest of the job', async () => {
    const owner = await newOwner();
    await createEndpoint(db, owner, policy, 'https://crm.example.com/hooks/w');
    const { runId, projectId } = await newRender(owner, null);
    const job: JobDefinition<{ runId: string }> = {
      name: 'staging.test',
      payload: undefined as never,
      concurrency: 3,
      handler: async ({ runId: id }) => {
        await charge(owner, id, projectId);
        throw new Error('after the charge');
      },
    };
    const wrapped = withRenderWebhooks(db, job);
    expect([wrapped.name, wrapped.concurrency]).toEqual(['staging.test', 3]);
    const { sent, send } = recorder();
    await expect(wrapped.handler({ runId }, context(send))).rejects.toThrow('after the charge');
    expect((await deliveriesOf(runId)).map((r) => r.eventType)).toEqual(['render.completed']);
    expect(sent).toHaveLength(1);
  });

  it('returns what the job returns; a failure to queue is logged with the run, not thrown', async () => {
    const owner = await newOwner();
    await createEndpoint(db, owner, policy, 'https://crm.example.com/hooks/down');
    const { runId, projectId } = await newRender(owner, null);
    const job: JobDefinition<{ runId: string }> = {
      name: 'staging.test',
      payload: undefined as never,
      handler: async ({ runId: id }) => {
        await charge(owner, id, projectId);
        return { delivered: id };
      },
    };
    const errors: unknown[] = [];
    const queueDown = (async () => {
      throw new Error('queue down');
    }) as never;
    await expect(withRenderWebhooks(db, job).handler({ runId }, context(queueDown, errors))).resolves.toEqual({ delivered: runId });
    expect(errors).toEqual([[{ err: expect.objectContaining({ message: 'queue down' }), runId }, 'could not queue render webhooks']]);
  });
});
