import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asImageWorkOwner, imageWorkState, runImageWork } from '../images/image-work.js';
import { photo, requestUploadUrl } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

/**
 * Upload intake takes its turn in the image-work limit per uploader (decision 040): a user whose
 * six uploads are being normalised does not keep another user's first upload waiting behind all
 * of them. Counted order: one image-work slot, held by the first user's work until every upload
 * is lined up behind it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { IMAGE_CONCURRENCY: '1' } });
});
afterAll(async () => {
  await t?.close();
});

const until = (condition: () => boolean) => vi.waitFor(() => expect(condition()).toBe(true), { timeout: 60_000, interval: 10 });

async function put(cookie: string, bytes: Buffer) {
  const { uploadURL } = await requestUploadUrl(t.app, cookie, { size: bytes.length, contentType: 'image/jpeg' });
  return () => t.app.inject({ method: 'PUT', url: uploadURL, payload: bytes, headers: { 'content-type': 'image/jpeg' } });
}

describe('upload intake in the fair order', () => {
  it("normalises another user's first upload before the rest of a user's batch", async () => {
    const [first, second] = [await signUp(t.app), await signUp(t.app)];
    const image = await photo(640, 480);
    const firstPuts = await Promise.all(Array.from({ length: 5 }, () => put(first.cookie, image)));
    const secondPut = await put(second.cookie, image);

    let release!: () => void;
    const held = asImageWorkOwner({ key: first.user.id, share: 1 }, () => runImageWork(() => new Promise<void>((resolve) => (release = resolve))));
    await until(() => imageWorkState().active === 1);
    const done: string[] = [];
    const firstBatch = firstPuts.map((send) => send().then((res) => (done.push('first'), res)));
    await until(() => imageWorkState().waiting === 5);
    const secondUpload = secondPut().then((res) => (done.push('second'), res));
    await until(() => imageWorkState().waiting === 6);
    release();
    await held;

    expect((await secondUpload).statusCode).toBe(200);
    // The second user's upload went next; at most the one of the batch admitted after it may have answered first.
    expect(done.filter((who) => who === 'first').length).toBeLessThanOrEqual(1);
    for (const res of await Promise.all(firstBatch)) expect(res.statusCode).toBe(200);
  }, 120_000);
});
