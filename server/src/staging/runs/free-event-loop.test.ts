import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../../test/support/test-app.js';
import { closeCvThreads, holdNextCvTask } from '../geometry-lock/threads/cv-threads.js';

/**
 * Issue #37, decision 057: the geometry lock runs in an image thread, so while a staging run's lock is
 * in progress the process's event loop still answers every other request. The lock task is held on a
 * latch inside its thread (cv-thread.ts `waitOn`): the test knows it is running while it asks, and
 * counts answers, not milliseconds. With the lock on the main thread the latch would block the event
 * loop itself, and no answer could arrive before it timed out.
 */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  // The default image configuration (IMAGE_CONCURRENCY 2: up to two image threads); a provider-like engine.
  t = await createTestApp({ jobs: true, env: { STAGING_ENGINE: 'fixed-latency' }, services: { engine: new ScriptedEngine() } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await closeCvThreads();
});

describe('a staging run whose lock is in progress', () => {
  it('leaves the event loop free: GET /api/projects is answered while the lock runs in its thread, and the run is delivered after', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const imageURL = await upload(t.app, cookie, await photo(800, 600));
    // [0] started (1) / released late (2), [1] release, [2] the thread the task runs on (0 = main).
    const latch = new Int32Array(new SharedArrayBuffer(12));
    holdNextCvTask('lock', latch);
    const staging = processImage(t.app, cookie, { imageURL, projectId });
    await vi.waitFor(() => expect(Atomics.load(latch, 0)).toBe(1), { timeout: 60_000, interval: 20 });

    const answers: Array<{ status: number; lockStillRunning: boolean }> = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseUrl}/api/projects`, { headers: { cookie } });
      const ids = ((await res.json()) as Array<{ id: string }>).map((p) => p.id);
      answers.push({ status: res.status, lockStillRunning: Atomics.load(latch, 0) === 1 && ids.includes(projectId) });
    }
    expect(answers).toEqual(Array.from({ length: 3 }, () => ({ status: 200, lockStillRunning: true })));
    expect(Atomics.load(latch, 2)).not.toBe(0);

    Atomics.store(latch, 1, 1);
    Atomics.notify(latch, 1);
    const res = await staging;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, processedImagePath: expect.stringMatching(/\.jpg$/) });
    expect(Atomics.load(latch, 0)).toBe(1);
  }, 120_000);
});
