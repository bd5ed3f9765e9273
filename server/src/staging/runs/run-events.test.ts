import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.js';
import { EngineError } from '../engines/engine.js';
import { startCuttingProxy } from '../../../test/support/cutting-proxy.js';
import { followSse, type SseEvent } from '../../../test/support/sse-client.js';
import { createProject, furnish, photo, processImage, ScriptedEngine, upload } from '../../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../../test/support/test-app.js';

/** Async runs (Prefer: respond-async → 202) followed over GET /api/staging-runs/:id/events (decision 022). */
const engine = new ScriptedEngine();
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isLast = (e: SseEvent) => e.event === 'done' || e.event === 'failed';

async function startAsync(cookie: string, projectId: string, imageURL: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/process-image',
    headers: { cookie, prefer: 'respond-async' },
    payload: { imageURL, projectId, styleName: 'Modern Staging', styleDescription: '' },
  });
}

async function creditsUsed(userId: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return u!.creditsUsed;
}

describe('async staging runs', () => {
  it('answers 202 with the run at once and streams queued, the real stages and done with the synchronous payload', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    // The engine stays in "generating" until the client has seen that stage (however loaded the machine).
    let seenGenerating = () => {};
    const generatingSeen = new Promise<void>((resolve) => (seenGenerating = resolve));
    engine.push(async (input) => {
      await Promise.race([generatingSeen, sleep(15_000)]);
      return { image: await furnish(input.image), mimeType: 'image/jpeg', engine: 'scripted' };
    });
    const res = await startAsync(cookie, projectId, await upload(t.app, cookie, await photo(640, 480)));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['preference-applied']).toBe('respond-async');
    const { runId, status, eventsUrl } = res.json();
    expect(status).toBe('queued');
    expect(eventsUrl).toBe(`/api/staging-runs/${runId}/events`);

    const watch = (e: SseEvent) => {
      if (e.event === 'stage' && JSON.parse(e.data).stage === 'generating') seenGenerating();
      return isLast(e);
    };
    const { events, connections } = await followSse(baseUrl + eventsUrl, { headers: { cookie }, isLast: watch, timeoutMs: 30_000 });
    expect(connections).toEqual([200]);
    const names = events.map((e) => (e.event === 'stage' ? `stage:${JSON.parse(e.data).stage}` : e.event));
    expect(names[0]).toBe('queued');
    expect(names).toContain('stage:generating');
    expect(names.indexOf('stage:generating')).toBeLessThan(names.indexOf('stage:locking'));
    expect(names.at(-1)).toBe('done');
    const done = JSON.parse(events.at(-1)!.data);
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const staged = detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    expect(done).toEqual({ success: true, processedImagePath: staged.filePath, imageId: staged.id });
    expect(detail.status).toBe('completed');
    expect(await creditsUsed(user.id)).toBe(1);

    // Connecting again after the end replays the outcome, so a late or reconnecting client learns it too.
    const again = await followSse(baseUrl + eventsUrl, { headers: { cookie }, isLast, timeoutMs: 5_000 });
    expect(again.events.map((e) => e.event)).toEqual(['queued', 'done']);
  }, 40_000);

  it('completes through a proxy that cuts every request after 5 s: the client reconnects with Last-Event-ID', async () => {
    const proxy = await startCuttingProxy(baseUrl, 5_000);
    try {
      const { cookie } = await signUp(t.app);
      const projectId = await createProject(t.app, cookie);
      engine.push(async (input) => {
        await sleep(7_000);
        return { image: await furnish(input.image), mimeType: 'image/jpeg', engine: 'scripted' };
      });
      const res = await startAsync(cookie, projectId, await upload(t.app, cookie, await photo(640, 480)));
      expect(res.statusCode, res.body).toBe(202);
      const { events, connections } = await followSse(proxy.url + res.json().eventsUrl, { headers: { cookie }, isLast, timeoutMs: 40_000 });
      expect(proxy.cuts).toBeGreaterThanOrEqual(1);
      expect(connections.length).toBeGreaterThanOrEqual(2);
      expect(events.at(-1)!.event).toBe('done');
      // Resuming from Last-Event-ID neither repeats an event nor starts over with `queued`.
      const ids = events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(events.filter((e) => e.event === 'queued')).toHaveLength(1);
      const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
      expect(JSON.parse(events.at(-1)!.data).imageId).toBe(detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal).id);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('ends with `failed` (code, message, the synchronous status) and refunds the credit when staging fails', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    engine.push(new EngineError('The AI service could not process this image.', 'permanent'));
    const res = await startAsync(cookie, projectId, await upload(t.app, cookie, await photo(640, 480)));
    expect(res.statusCode, res.body).toBe(202);
    const { events } = await followSse(baseUrl + res.json().eventsUrl, { headers: { cookie }, isLast, timeoutMs: 30_000 });
    const failed = events.at(-1)!;
    expect(failed.event).toBe('failed');
    expect(JSON.parse(failed.data)).toMatchObject({ success: false, code: 'staging_failed', status: 502 });
    expect(JSON.parse(failed.data).error).toContain('refunded');
    expect(await creditsUsed(user.id)).toBe(0);
  }, 40_000);

  it('refuses before queuing exactly as the synchronous call does (402 without credits), and answers a repeat with the staged image', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const imageURL = await upload(t.app, cookie, await photo(640, 480));
    const sync = await processImage(t.app, cookie, { imageURL, projectId });
    expect(sync.statusCode, sync.body).toBe(200);
    const repeat = await startAsync(cookie, projectId, imageURL);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(sync.json());

    await t.database.db.update(users).set({ creditsUsed: 6, creditsLimit: 6 }).where(eq(users.id, user.id));
    const broke = await startAsync(cookie, projectId, await upload(t.app, cookie, await photo(640, 480)));
    expect(broke.statusCode).toBe(402);
    expect(broke.json()).toMatchObject({ success: false, code: 'insufficient_credits' });
  }, 40_000);

  it("answers 404 for another user's run or an unknown one, and 401 without a session", async () => {
    const owner = await signUp(t.app);
    const projectId = await createProject(t.app, owner.cookie);
    engine.push(async (input) => ({ image: await furnish(input.image), mimeType: 'image/jpeg', engine: 'scripted' }));
    const res = await startAsync(owner.cookie, projectId, await upload(t.app, owner.cookie, await photo(640, 480)));
    const { eventsUrl } = res.json();
    const other = await signUp(t.app);
    const foreign = await t.app.inject({ url: eventsUrl, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
    expect((await t.app.inject({ url: '/api/staging-runs/00000000-0000-4000-8000-000000000000/events', headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/staging-runs/not-a-uuid/events', headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: eventsUrl })).statusCode).toBe(401);
    await followSse(baseUrl + eventsUrl, { headers: { cookie: owner.cookie }, isLast, timeoutMs: 30_000 });
  }, 40_000);
});
