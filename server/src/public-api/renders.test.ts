import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingRuns } from '../db/schema/projects.js';
import { webhookDeliveries } from '../db/schema/public-api.js';
import { users } from '../db/schema/users.js';
import { bearer, businessUser, uploadPhoto } from '../../test/support/api-client.js';
import { furnish, permanentEngineError, photo, ScriptedEngine } from '../../test/support/staging-fixtures.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { WebhookReceiver } from '../../test/support/webhook-receiver.js';

/**
 * Renders through /api/v1 on the web app's own staging path (real PostgreSQL, pg-boss workers,
 * the geometry lock), with a customer's webhook receiver that verifies every signature and answers
 * 500 to each delivery's first attempt.
 */
/** A staging run, the lock and a webhook retry on a busy 2-core machine: the ceiling for each test (nothing is timed). */
const FLOW_TIMEOUT_MS = 180_000;
const engine = new ScriptedEngine();
const receiver = new WebhookReceiver();
let t: TestApp;
beforeAll(async () => {
  await receiver.start();
  t = await createTestApp({
    jobs: true,
    services: { engine, retryPolicy: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } },
    env: { API_OUTBOUND_ALLOW: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_DELAY_S: '1', WEBHOOK_RETRY_DELAY_MAX_S: '2' },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver.close();
});

const silent = pino({ level: 'silent' });
/** The staging feature's job names (its modules are not public-api's to import). */
const STAGING_RUN_JOB = 'staging.run';
const STAGING_SWEEP_JOB = 'staging.sweep';

/** Waits until the render's staging job has finished (pg-boss marks it completed or failed). */
async function jobSettled(runId: string) {
  for (;;) {
    const { rows } = await t.database.pool.query(`SELECT state FROM pgboss.job WHERE name = $1 AND data->>'runId' = $2`, [STAGING_RUN_JOB, runId]);
    if (rows.length && rows.every((r: { state: string }) => r.state === 'completed' || r.state === 'failed')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function creditsUsed(userId: string) {
  const [row] = await t.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, userId));
  return row!.used;
}

describe('a render through the API', () => {
  it('upload → render (idempotent) → signed webhook after a retry → result download; one credit', async () => {
    const caller = await businessUser(t.app);
    receiver.secrets.set('key', caller.signingSecret);
    const photoId = await uploadPhoto(t.app, caller.key, await photo(1600, 1200));

    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/renders',
        headers: bearer(caller.key, { 'idempotency-key': 'order-4711' }),
        payload: { photoId, style: 'scandinavian', roomType: 'living_room', listing: 'Lindenstraße 5', callbackUrl: `${receiver.origin}/hook` },
      });
    const first = await create();
    expect(first.statusCode).toBe(202);
    const render = first.json();
    expect(render).toMatchObject({ photoId, type: 'staging', listing: 'Lindenstraße 5', credits: 1, results: [], error: null });
    expect(['queued', 'processing', 'completed']).toContain(render.status);

    const retried = await create();
    expect(retried.statusCode).toBe(202);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json().id).toBe(render.id);

    const event = await receiver.waitFor((e) => e.body.data.id === render.id);
    expect(event).toMatchObject({ type: 'render.completed', attempt: 2, secretName: 'key' });
    expect(event.body.data).toMatchObject({ id: render.id, status: 'completed', results: [{ position: 1, downloadUrl: `/api/v1/renders/${render.id}/results/1` }] });

    const done = (await t.app.inject({ url: `/api/v1/renders/${render.id}`, headers: bearer(caller.key) })).json();
    expect(done).toMatchObject({ status: 'completed', stage: null, error: null, finishedAt: expect.any(String) });
    expect(done.results).toHaveLength(1);
    expect(done.results[0]).toMatchObject({ width: 1600, height: 1200 });
    expect(done.results[0].lock.alignmentErrorPx).toEqual(expect.any(Number));
    expect(done.results[0].lock.changedShare).toBeGreaterThan(0);
    expect(done.results[0].lock.changedShare).toBeLessThan(0.5);

    const download = await t.app.inject({ url: done.results[0].downloadUrl, headers: bearer(caller.key) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(download.rawPayload).metadata()).toMatchObject({ width: 1600, height: 1200 });

    // One render, one charge, however often the request and the webhook were retried.
    expect(await creditsUsed(caller.userId)).toBe(1);
    // The engine was asked once, for what the caller asked.
    expect(engine.calls.filter((c) => c.styleId === 'scandinavian').map((c) => [c.roomType, c.task ?? 'furnish'])).toEqual([['living_room', 'furnish']]);
    const log = (await t.app.inject({ url: '/api/settings/api/webhooks', headers: { cookie: caller.cookie } })).json();
    expect(log.deliveries).toEqual([
      expect.objectContaining({ renderId: render.id, eventType: 'render.completed', attempts: 2, lastStatus: 204, state: 'delivered', url: `${receiver.origin}/hook` }),
    ]);
  }, FLOW_TIMEOUT_MS);

  it('a refused render sends render.failed to registered endpoints, with its own secret, and refunds', async () => {
    const caller = await businessUser(t.app);
    const endpoint = await t.app.inject({ method: 'POST', url: '/api/settings/api/webhooks', headers: { cookie: caller.cookie }, payload: { url: `${receiver.origin}/endpoint` } });
    expect(endpoint.statusCode).toBe(201);
    receiver.secrets.set('endpoint', endpoint.json().secret);
    const photoId = await uploadPhoto(t.app, caller.key, await photo(1200, 900));
    engine.push(permanentEngineError());
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(caller.key), payload: { photoId } });
    expect(created.statusCode).toBe(202);
    const event = await receiver.waitFor((e) => e.body.data.id === created.json().id);
    expect(event).toMatchObject({ type: 'render.failed', secretName: 'endpoint' });
    expect(event.body.data).toMatchObject({ status: 'failed', results: [], error: { code: expect.any(String), message: expect.stringContaining('refunded') } });
    expect(await creditsUsed(caller.userId)).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('a render the sweep refunds (staging never finished) sends render.failed once, also after its worker comes back', async () => {
    const caller = await businessUser(t.app);
    receiver.secrets.set('sweep', caller.signingSecret);
    const photoId = await uploadPhoto(t.app, caller.key, await photo(1000, 750));
    // The worker takes the run and stalls inside the engine until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inEngine = new Promise<void>((resolve) => (started = resolve));
    engine.push(async (input) => {
      started();
      await released;
      return { image: await furnish(input.image), mimeType: 'image/jpeg', engine: 'scripted' };
    });
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(caller.key), payload: { photoId, callbackUrl: `${receiver.origin}/sweep` } });
    expect(created.statusCode).toBe(202);
    const renderId = created.json().id as string;
    await inEngine;
    expect(await creditsUsed(caller.userId)).toBe(1);

    // Reserved for longer than any staging can take: the sweep job, as production wires it, refunds it.
    await t.database.db.update(stagingRuns).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(stagingRuns.id, renderId));
    const sweep = t.jobDefinitions.find((job) => job.name === STAGING_SWEEP_JOB)!;
    const swept = await sweep.handler({}, { jobId: 'test-sweep', log: silent, signal: new AbortController().signal, send: t.jobs!.send });
    expect(swept).toMatchObject({ refunded: 1 });
    expect(await creditsUsed(caller.userId)).toBe(0);

    const event = await receiver.waitFor((e) => e.body.data.id === renderId);
    expect(event).toMatchObject({ type: 'render.failed', secretName: 'sweep' });
    expect(event.body.data).toMatchObject({ status: 'failed', results: [], error: { code: 'staging_timeout', message: expect.stringContaining('refunded') } });

    // The stalled worker finishes late: nothing is charged and no second event is queued.
    release();
    await jobSettled(renderId);
    const deliveries = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, renderId));
    expect(deliveries.map((d) => [d.eventType, d.url])).toEqual([['render.failed', `${receiver.origin}/sweep`]]);
    expect(await creditsUsed(caller.userId)).toBe(0);
    expect(receiver.accepted.filter((e) => e.body.data.id === renderId).map((e) => e.type)).toEqual(['render.failed']);
  }, FLOW_TIMEOUT_MS);

  it('a photo from an allowed URL is fetched and validated like an upload', async () => {
    const caller = await businessUser(t.app);
    receiver.files.set('room.webp', { body: await photo(1000, 750, 'webp'), contentType: 'image/webp' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/photos/from-url', headers: bearer(caller.key), payload: { url: `${receiver.origin}/files/room.webp` } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ width: 1000, height: 750 });
  });

  it('the same rules as the web app: no credits → 402, nothing queued; another user’s photo → 404', async () => {
    const poor = await businessUser(t.app, { creditsLimit: 0 });
    const photoId = await uploadPhoto(t.app, poor.key, await photo(800, 600));
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(poor.key), payload: { photoId } });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('insufficient_credits');
    expect((await t.app.inject({ url: '/api/v1/renders', headers: bearer(poor.key) })).json()).toEqual({ data: [], nextCursor: null });

    const other = await businessUser(t.app);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(other.key), payload: { photoId } });
    expect(foreign.statusCode).toBe(404);
    expect(await creditsUsed(other.userId)).toBe(0);
  });

  it("workspace B's endpoints never receive workspace A's events", async () => {
    const [a, b] = [await businessUser(t.app), await businessUser(t.app)];
    const endpointOf = async (caller: typeof a, path: string) => {
      const created = await t.app.inject({ method: 'POST', url: '/api/settings/api/webhooks', headers: { cookie: caller.cookie }, payload: { url: `${receiver.origin}${path}` } });
      expect(created.statusCode).toBe(201);
      receiver.secrets.set(path, created.json().secret);
    };
    await endpointOf(a, '/workspace-a');
    await endpointOf(b, '/workspace-b');
    const photoId = await uploadPhoto(t.app, a.key, await photo(1200, 900));
    engine.push(permanentEngineError());
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(a.key), payload: { photoId } });
    expect(created.statusCode).toBe(202);
    const renderId = created.json().id as string;
    const event = await receiver.waitFor((e) => e.body.data.id === renderId);
    expect([event.path, event.secretName, event.type]).toEqual(['/workspace-a', '/workspace-a', 'render.failed']);
    // Every delivery of the event is written when it happens: one, to A's endpoint; B's log stays empty.
    const deliveries = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, renderId));
    expect(deliveries.map((d) => d.url)).toEqual([`${receiver.origin}/workspace-a`]);
    expect((await t.app.inject({ url: '/api/settings/api/webhooks', headers: { cookie: b.cookie } })).json().deliveries).toEqual([]);
    expect([...receiver.accepted, ...receiver.refused].filter((e) => e.path === '/workspace-b')).toEqual([]);
  }, FLOW_TIMEOUT_MS);

  it('a delivery whose signature does not verify fails the wait at once, saying so (not after the test time-out)', async () => {
    const caller = await businessUser(t.app);
    receiver.secrets.set('stale', 'whsec_' + Buffer.alloc(32, 7).toString('base64')); // not the key's signing secret
    const photoId = await uploadPhoto(t.app, caller.key, await photo(800, 600));
    engine.push(permanentEngineError());
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(caller.key), payload: { photoId, callbackUrl: `${receiver.origin}/unsigned` } });
    const renderId = created.json().id as string;
    await expect(receiver.waitFor((e) => e.body.data.id === renderId)).rejects.toThrow(/to \/unsigned was refused: the signature verified with none of the known secrets \(.*stale.*\)/);
    // Its next attempt is then its last: the sender stops re-sending to the receiver during later tests.
    await t.database.db.update(webhookDeliveries).set({ attempts: 999 }).where(eq(webhookDeliveries.runId, renderId));
  }, FLOW_TIMEOUT_MS);
});
