import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, processImage, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { renderSampleRoom } from './engines/sample-room.js';
import { MAX_CHANGED_SHARE } from './geometry-lock/structure/verify.js';
import { MIN_ADDED_SHARE } from './visible-change.js';

/** The default composition, nothing overridden: STAGING_ENGINE=offline and the real geometry lock. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true });
});
afterAll(async () => {
  await t?.close();
});

describe('the offline engine through the app', () => {
  it('stages a room photo through the lock and stores its figures and the engine with the image', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await renderSampleRoom(3, 1600, 1200)), projectId, styleName: 'Scandinavian' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const staged = detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    expect(staged.engine).toMatch(/^offline/);
    // A delivered result passed the lock's rules: its figures lie inside their limits...
    const { changedShare, architectureScore, alignmentErrorPx } = staged.geometryLock;
    expect(changedShare).toBeGreaterThanOrEqual(MIN_ADDED_SHARE.auto);
    expect(changedShare).toBeLessThanOrEqual(MAX_CHANGED_SHARE);
    // The offline engine draws onto the photo's own pixels: nothing moved, every line of the room is still there.
    expect([alignmentErrorPx, architectureScore]).toEqual([0, 1]);
    // ...and the stored share is the stored change mask's: its mean opacity, read back from the PNG.
    const mask = await t.app.inject({ url: `/objects${staged.geometryLock.changeMaskPath}`, headers: { cookie } });
    const alpha = await sharp(mask.rawPayload).extractChannel(3).raw().toBuffer();
    const maskShare = alpha.reduce((sum, a) => sum + a, 0) / 255 / alpha.length;
    expect(maskShare).toBeCloseTo(changedShare, 3);
    expect(detail.status).toBe('completed');
    // The project list says which engine made the cover, so My Projects can mark preview results.
    const list = (await t.app.inject({ url: '/api/projects', headers: { cookie } })).json();
    expect(list.find((p: { id: string }) => p.id === projectId).processedEngine).toBe(staged.engine);
  });
});
