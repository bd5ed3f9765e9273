import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.js';
import { apiKeys, webhookDeliveries, webhookEndpoints } from '../db/schema/public-api.js';
import { workspaces } from '../db/schema/workspaces.js';
import { insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { newSigningSecret } from './api-keys.js';
import { recentDeliveries, WEBHOOK_JOB, webhookJob } from './webhooks.js';

/**
 * The delivery job of webhooks.ts against PostgreSQL and a local target (the whole flow from a render
 * to a customer's receiver: renders.test.ts; a day of retries: webhook-delivery.test.ts). The target
 * answers what the test sets and records what it got.
 */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
let target: http.Server;
let origin = '';
let answer = 204;
const received: Array<{ headers: http.IncomingHttpHeaders; body: string; path: string }> = [];
const RETRY = { retryLimit: 3, retryDelaySeconds: 1, retryDelayMaxSeconds: 2 };
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
  target = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
  await handle?.drop();
});

const policy = () => ({ allow: new Set([origin.slice('http://'.length)]), timeoutMs: 5_000, maxBytes: 1_000_000 });
const deliver = (deliveryId: string) =>
  webhookJob(db, policy(), RETRY).handler({ deliveryId }, { jobId: 'test', log: silent, signal: new AbortController().signal, send: async () => null } as never);

async function workspace(): Promise<string> {
  const userId = await insertUser(db);
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.billingUserId, userId));
  return row!.id;
}

/** A delivery to an endpoint of a new workspace (or to a key's callback URL), and the secret it is signed with. */
async function delivery(options: { via?: 'endpoint' | 'key'; url?: string; attempts?: number } = {}) {
  const ownerId = await workspace();
  const secret = newSigningSecret();
  const url = options.url ?? `${origin}/hook`;
  const payload = { type: 'render.completed', timestamp: '2026-11-28T10:00:00.000Z', data: { id: randomUUID() } };
  let link: { endpointId?: string; keyId?: string };
  if (options.via === 'key') {
    const [key] = await db.insert(apiKeys).values({ ownerId, name: 'CRM', prefix: 'rw_live_x', keyHash: randomUUID(), scopes: ['read'], signingSecret: secret }).returning({ id: apiKeys.id });
    link = { keyId: key!.id };
  } else {
    const [endpoint] = await db.insert(webhookEndpoints).values({ ownerId, url, secret }).returning({ id: webhookEndpoints.id });
    link = { endpointId: endpoint!.id };
  }
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ownerId, url, eventType: 'render.completed', runId: payload.data.id, payload, attempts: options.attempts ?? 0, ...link })
    .returning();
  return { row: row!, secret, ownerId, payload };
}
const rowOf = async (id: string) => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

describe('a webhook delivery', () => {
  it('is POSTed as JSON with the Standard Webhooks headers, verifiable with the endpoint’s secret, and marked delivered', async () => {
    answer = 204;
    const { row, secret, payload } = await delivery();
    const before = received.length;
    await deliver(row.id);
    const got = received.slice(before);
    expect(got).toHaveLength(1);
    const { headers, body, path } = got[0]!;
    expect([path, headers['content-type'], headers['webhook-id'], JSON.parse(body)]).toEqual(['/hook', 'application/json', row.id, payload]);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const verified = new Webhook(secret).verify(body, { 'webhook-id': row.id, 'webhook-timestamp': String(headers['webhook-timestamp']), 'webhook-signature': String(headers['webhook-signature']) });
    expect(verified).toEqual(payload);
    expect(() => new Webhook(newSigningSecret()).verify(body, { 'webhook-id': row.id, 'webhook-timestamp': String(headers['webhook-timestamp']), 'webhook-signature': String(headers['webhook-signature']) })).toThrow();
    expect(await rowOf(row.id)).toMatchObject({ attempts: 1, lastStatus: 204, lastError: null, deliveredAt: expect.any(Date), failedAt: null });
    // Delivered is final: running the job again sends nothing.
    await deliver(row.id);
    expect(received.length - before).toBe(1);
  });

  it('to a callback URL is signed with the creating key’s signing secret', async () => {
    answer = 200;
    const { row, secret } = await delivery({ via: 'key' });
    const before = received.length;
    await deliver(row.id);
    const { headers, body } = received[before]!;
    expect(() => new Webhook(secret).verify(body, { 'webhook-id': row.id, 'webhook-timestamp': String(headers['webhook-timestamp']), 'webhook-signature': String(headers['webhook-signature']) })).not.toThrow();
    expect((await rowOf(row.id)).deliveredAt).not.toBeNull();
  });

  it('answered with a non-2xx status throws for a retry and logs the status; the last allowed attempt marks it failed instead', async () => {
    answer = 503;
    const { row } = await delivery();
    await expect(deliver(row.id)).rejects.toThrow('webhook delivery failed: HTTP 503');
    expect(await rowOf(row.id)).toMatchObject({ attempts: 1, lastStatus: 503, lastError: 'HTTP 503', deliveredAt: null, failedAt: null });
    answer = 302; // a redirect is not a delivery either
    await expect(deliver(row.id)).rejects.toThrow('HTTP 302');
    answer = 300; // the first status past 2xx
    await expect(deliver(row.id)).rejects.toThrow('HTTP 300');
    await db.update(webhookDeliveries).set({ attempts: RETRY.retryLimit }).where(eq(webhookDeliveries.id, row.id));
    answer = 500;
    await expect(deliver(row.id)).resolves.toBeUndefined();
    expect(await rowOf(row.id)).toMatchObject({ attempts: RETRY.retryLimit + 1, lastStatus: 500, failedAt: expect.any(Date) });
    const before = received.length;
    await deliver(row.id);
    expect(received.length).toBe(before);
  });

  it('retried after a failure and then answered 2xx is delivered, the earlier error cleared', async () => {
    answer = 503;
    const { row } = await delivery();
    await expect(deliver(row.id)).rejects.toThrow('HTTP 503');
    answer = 204;
    await deliver(row.id);
    expect(await rowOf(row.id)).toMatchObject({ attempts: 2, lastStatus: 204, lastError: null, deliveredAt: expect.any(Date), failedAt: null });
  });

  it('is a job retried with backoff by the given policy', () => {
    expect(webhookJob(db, policy(), { retryLimit: 7, retryDelaySeconds: 30, retryDelayMaxSeconds: 3600 })).toMatchObject({
      name: WEBHOOK_JOB,
      queue: { retryLimit: 7, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
    });
  });

  it('the attempt at retryLimit is not yet the last', async () => {
    answer = 500;
    const { row } = await delivery({ attempts: RETRY.retryLimit - 1 });
    await expect(deliver(row.id)).rejects.toThrow('HTTP 500');
    expect((await rowOf(row.id)).failedAt).toBeNull();
  });

  it('any attempt a day or more after the event is the last; one just under a day is retried', async () => {
    answer = 500;
    const { row } = await delivery();
    vi.useFakeTimers({ toFake: ['Date'] });
    const day = 24 * 60 * 60 * 1000;
    vi.setSystemTime(row.createdAt.getTime() + day - 1000);
    await expect(deliver(row.id)).rejects.toThrow('HTTP 500');
    vi.setSystemTime(row.createdAt.getTime() + day);
    await expect(deliver(row.id)).resolves.toBeUndefined();
    expect(await rowOf(row.id)).toMatchObject({ attempts: 2, failedAt: expect.any(Date) });
  });

  it('to an address that is not allowed fails at once, without a retry; a network failure is retried, its error logged', async () => {
    const { row } = await delivery({ url: 'https://169.254.169.254/latest/meta-data/' });
    await expect(deliver(row.id)).resolves.toBeUndefined();
    expect(await rowOf(row.id)).toMatchObject({ attempts: 1, lastStatus: null, lastError: '169.254.169.254 is not a public internet address.', failedAt: expect.any(Date) });

    const closed = await delivery({ url: `${origin.replace(/:\d+$/, '')}:1/hook` });
    const down = { ...policy(), allow: new Set(['127.0.0.1:1']) };
    const job = webhookJob(db, down, RETRY);
    await expect(job.handler({ deliveryId: closed.row.id }, {} as never)).rejects.toThrow('webhook delivery failed');
    expect(await rowOf(closed.row.id)).toMatchObject({ attempts: 1, lastStatus: null, lastError: expect.stringMatching(/.+/), failedAt: null });
    // The log keeps the last HTTP status a target answered when a later attempt gets no answer at all.
    await db.update(webhookDeliveries).set({ lastStatus: 503 }).where(eq(webhookDeliveries.id, closed.row.id));
    await expect(job.handler({ deliveryId: closed.row.id }, {} as never)).rejects.toThrow('webhook delivery failed');
    expect(await rowOf(closed.row.id)).toMatchObject({ attempts: 2, lastStatus: 503, lastError: expect.stringContaining('could not be reached'), failedAt: null });
  });

  it('to a plain-http URL (not allowed) fails at once, without a retry, saying why', async () => {
    const { row } = await delivery({ url: 'http://hooks.example.com/hook' });
    await expect(deliver(row.id)).resolves.toBeUndefined();
    expect(await rowOf(row.id)).toMatchObject({ attempts: 1, lastStatus: null, lastError: 'Only https URLs are allowed.', failedAt: expect.any(Date) });
  });

  it('whose endpoint was removed (or key deleted) is marked failed without being sent; an unknown id does nothing', async () => {
    const { row } = await delivery();
    await db.update(webhookEndpoints).set({ deletedAt: sql`now()` }).where(eq(webhookEndpoints.id, row.endpointId!));
    const before = received.length;
    await deliver(row.id);
    expect(await rowOf(row.id)).toMatchObject({ attempts: 0, lastError: 'The endpoint or key was removed.', failedAt: expect.any(Date) });
    const orphan = await delivery({ via: 'key' });
    await db.update(webhookDeliveries).set({ keyId: null }).where(eq(webhookDeliveries.id, orphan.row.id));
    await deliver(orphan.row.id);
    expect((await rowOf(orphan.row.id)).failedAt).not.toBeNull();
    await expect(deliver(randomUUID())).resolves.toBeUndefined();
    expect(received.length).toBe(before);
  });

  it('keeps at most 500 characters of an error', async () => {
    const { row } = await delivery({ url: `https://${'a'.repeat(600)}.invalid/hook` });
    await deliver(row.id).catch(() => {});
    expect((await rowOf(row.id)).lastError!.length).toBeLessThanOrEqual(500);
  });
});

describe('recentDeliveries', () => {
  it('lists one owner’s deliveries newest first, with their state, at most `limit`', async () => {
    answer = 204;
    const { row: delivered, ownerId } = await delivery();
    await deliver(delivered.id);
    const [pending] = await db.insert(webhookDeliveries).values({ ownerId, url: `${origin}/p`, eventType: 'render.failed', runId: randomUUID(), payload: {}, createdAt: sql`now() + interval '1 minute'` }).returning();
    const [failed] = await db.insert(webhookDeliveries).values({ ownerId, url: `${origin}/f`, eventType: 'render.failed', runId: randomUUID(), payload: {}, failedAt: sql`now()`, lastError: 'x', createdAt: sql`now() + interval '2 minutes'` }).returning();
    await delivery(); // another owner's
    const log = await recentDeliveries(db, ownerId);
    expect(log.map((d) => [d.id, d.state])).toEqual([
      [failed!.id, 'failed'],
      [pending!.id, 'pending'],
      [delivered.id, 'delivered'],
    ]);
    expect(log[2]).toEqual({
      id: delivered.id,
      url: `${origin}/hook`,
      eventType: 'render.completed',
      renderId: delivered.runId,
      attempts: 1,
      lastStatus: 204,
      lastError: null,
      state: 'delivered',
      createdAt: delivered.createdAt.toISOString(),
      deliveredAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(log[1]!.deliveredAt).toBeNull();
    expect((await recentDeliveries(db, ownerId, 2)).map((d) => d.id)).toEqual([failed!.id, pending!.id]);
  });

  it('shows the newest 50 unless told otherwise', async () => {
    const ownerId = await workspace();
    const rows = await db
      .insert(webhookDeliveries)
      .values(Array.from({ length: 51 }, (_, i) => ({ ownerId, url: `${origin}/${i}`, eventType: 'render.completed' as const, runId: randomUUID(), payload: {}, createdAt: sql`now() + make_interval(secs => ${i})` })))
      .returning({ id: webhookDeliveries.id });
    const log = await recentDeliveries(db, ownerId);
    expect(log).toHaveLength(50);
    expect(log.map((d) => d.id)).not.toContain(rows[0]!.id);
  });
});
