import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stagingRuns } from '../db/schema/projects.js';
import { webhookDeliveries } from '../db/schema/public-api.js';
import type { JobDefinition } from '../jobs/job-queue.js';
import { bearer, businessUser, uploadPhoto, type ApiUser } from '../../test/support/api-client.js';
import { photo } from '../../test/support/staging-fixtures.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';

/**
 * A webhook target that never accepts: the delivery is retried (the job throws) until its last
 * attempt, then shown as failed in Settings → API. pg-boss does not work jobs here: the test runs
 * the delivery job as production wires it, attempt by attempt, and moves the clock with vitest's
 * fake Date (nothing else is faked).
 */
const RETRY_LIMIT = 3;
const silent = pino({ level: 'silent' });
let t: TestApp;
let target: http.Server;
let hits = 0;
let origin = '';

beforeAll(async () => {
  target = http.createServer((req, res) => {
    hits += 1;
    req.resume();
    req.on('end', () => res.writeHead(503).end('maintenance'));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const port = (target.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ jobs: 'send-only', env: { API_OUTBOUND_ALLOW: `127.0.0.1:${port}`, WEBHOOK_RETRY_LIMIT: String(RETRY_LIMIT) } });
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  await t?.close();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

const job = (name: string) => t.jobDefinitions.find((d) => d.name === name)! as JobDefinition<any>;
const context = () => ({ jobId: 'test', log: silent, signal: new AbortController().signal, send: t.jobs!.send });

/** A render to `callbackUrl` that the sweep refunded (it never ran): its render.failed delivery row. */
async function failedRenderDelivery(caller: ApiUser) {
  const photoId = await uploadPhoto(t.app, caller.key, await photo(800, 600));
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(caller.key), payload: { photoId, callbackUrl: `${origin}/hook` } });
  expect(created.statusCode).toBe(202);
  const renderId = created.json().id as string;
  await t.database.db.update(stagingRuns).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(stagingRuns.id, renderId));
  await job('staging.sweep').handler({}, context());
  const [delivery] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, renderId));
  expect(delivery).toMatchObject({ eventType: 'render.failed', url: `${origin}/hook`, attempts: 0 });
  return delivery!;
}

async function logEntry(caller: ApiUser, deliveryId: string) {
  const log = (await t.app.inject({ url: '/api/settings/api/webhooks', headers: { cookie: caller.cookie } })).json();
  return log.deliveries.find((d: { id: string }) => d.id === deliveryId);
}

describe('webhook deliveries that never succeed', () => {
  it('are retried while younger than a day; the first attempt a day after the event is the last and shows failed', async () => {
    const caller = await businessUser(t.app);
    const delivery = await failedRenderDelivery(caller);
    const deliver = () => job('public-api.webhook').handler({ deliveryId: delivery.id }, context());
    const before = hits;

    await expect(deliver()).rejects.toThrow('HTTP 503');
    expect(await logEntry(caller, delivery.id)).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 503 });

    // 23 hours later: still retrying.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(delivery.createdAt.getTime() + 23 * 3600_000);
    await expect(deliver()).rejects.toThrow('HTTP 503');
    expect(await logEntry(caller, delivery.id)).toMatchObject({ state: 'pending', attempts: 2 });

    // A day after the event: this attempt is the last; the job ends (no throw, no further retry).
    vi.setSystemTime(delivery.createdAt.getTime() + 24 * 3600_000 + 1000);
    await expect(deliver()).resolves.toBeUndefined();
    expect(await logEntry(caller, delivery.id)).toMatchObject({ state: 'failed', attempts: 3, lastStatus: 503, lastError: 'HTTP 503', deliveredAt: null });

    // A retry pg-boss still had queued does not call the target again.
    await deliver();
    expect(hits - before).toBe(3);
    expect(await logEntry(caller, delivery.id)).toMatchObject({ state: 'failed', attempts: 3 });
  });

  it(`the attempt after ${RETRY_LIMIT} retries is the last, whatever the clock`, async () => {
    const caller = await businessUser(t.app);
    const delivery = await failedRenderDelivery(caller);
    const deliver = () => job('public-api.webhook').handler({ deliveryId: delivery.id }, context());
    for (let attempt = 1; attempt <= RETRY_LIMIT; attempt++) {
      await expect(deliver()).rejects.toThrow('HTTP 503');
      expect(await logEntry(caller, delivery.id)).toMatchObject({ state: 'pending', attempts: attempt });
    }
    await expect(deliver()).resolves.toBeUndefined();
    expect(await logEntry(caller, delivery.id)).toMatchObject({ state: 'failed', attempts: RETRY_LIMIT + 1, lastStatus: 503 });
  });
});
