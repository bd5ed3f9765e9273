import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestUploadUrl } from '../../../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../../../test/support/test-app.js';
import { closeCvThreads, holdNextCvTask } from './cv-threads.js';

/**
 * Decision 059: an uploaded HEIC is decoded in an image thread (decision 057), as the composition
 * wires it (services.ts): while its decode is held on a latch inside the thread, the process still
 * answers requests, and the upload completes once it is released.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await closeCvThreads();
});

describe('HEIC decoding', () => {
  it('runs in an image thread, off the event loop', async () => {
    const { cookie } = await signUp(t.app);
    const heic = readFileSync(new URL('../../../../test/support/fixtures/heic/display-p3.heic', import.meta.url));
    const { uploadURL } = await requestUploadUrl(t.app, cookie, { size: heic.length, contentType: 'image/heic' });
    // [0] started (1) / released late (2), [1] release, [2] the thread the task runs on (0 = main).
    const latch = new Int32Array(new SharedArrayBuffer(12));
    holdNextCvTask('heicToJpeg', latch);
    const put = t.app.inject({ method: 'PUT', url: uploadURL, payload: heic, headers: { 'content-type': 'image/heic' } });
    await vi.waitFor(() => expect(Atomics.load(latch, 0)).toBe(1), { timeout: 60_000, interval: 20 });

    const meanwhile = await t.app.inject({ url: '/api/projects', headers: { cookie } });
    expect([meanwhile.statusCode, Atomics.load(latch, 0)]).toEqual([200, 1]);
    expect(Atomics.load(latch, 2)).not.toBe(0);

    Atomics.store(latch, 1, 1);
    Atomics.notify(latch, 1);
    const res = await put;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 256, height: 192 });
  }, 120_000);
});
