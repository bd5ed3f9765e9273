import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { corpusImage } from '../../test/support/corpus.js';
import { driftedOutput } from '../../test/support/model-outputs.js';
import { createProject, processImage, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { FakeOpenAI } from '../../test/fakes/providers/fake-openai.js';
import { MIN_ADDED_SHARE } from './visible-change.js';

/**
 * The geometry lock in the staging run, end to end: the real `openai` engine against the local
 * Images API fake answering prepared model outputs made from the shared corpus (a real staging of
 * a real photo), the real lock, the real database and storage.
 */
let fake: FakeOpenAI;
let t: TestApp;
const before = corpusImage('furnish-before.jpg');
let drifted: Buffer;

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({
    jobs: true,
    env: { STAGING_ENGINE: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL },
    services: { retryPolicy: { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 } },
  });
  drifted = await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: 1, scale: 1.04, shiftX: 0.015, shiftY: -0.01 });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.mode = 'success';
  fake.answers = [];
  fake.edits.length = 0;
});

async function credits(userId: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return u!.creditsUsed;
}

function filesOf(userId: string): string[] {
  const dir = path.join(t.config.dataDir, 'objects', 'users', userId, 'projects');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

async function stagedImageOf(cookie: string, projectId: string) {
  const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
  return { detail, staged: detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal) };
}

describe('every result goes through the geometry lock', () => {
  it('delivers a drifted good output locked: the figures and the change mask are stored with the image and served to its owner only', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.database.db.update(users).set({ subscriptionPlan: 'pro', creditsLimit: 200 }).where(eq(users.id, user.id));
    const projectId = await createProject(t.app, cookie);
    fake.answers = [drifted];
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, before), projectId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await credits(user.id)).toBe(1);
    expect(fake.edits).toHaveLength(1); // locked at once: no strict retry
    expect(fake.edits[0]!.mask).toBeUndefined();

    const { staged } = await stagedImageOf(cookie, projectId);
    expect(staged.geometryLock).toEqual({
      alignmentErrorPx: expect.any(Number),
      changedShare: expect.any(Number),
      architectureScore: expect.any(Number),
      structureSupport: expect.any(Number),
      seam: expect.any(Number),
      changeMaskPath: expect.stringMatching(new RegExp(`^/users/${user.id}/projects/${projectId}/[0-9a-f-]{36}\\.changes\\.png$`)),
    });
    // Enough changed to be delivered (the least for an unknown room), well below a re-rendered room.
    expect(staged.geometryLock.changedShare).toBeGreaterThanOrEqual(MIN_ADDED_SHARE.auto);
    expect(staged.geometryLock.changedShare).toBeLessThan(0.6);
    // The evidence the verdict rests on is stored with the image (decision 035): the room's structure
    // lined up (MIN_SUPPORT is 30), and the added furniture meets the photo without a visible seam.
    expect(staged.geometryLock.structureSupport).toBeGreaterThanOrEqual(30);
    expect(staged.geometryLock.seam).toBeLessThanOrEqual(1);
    // Delivered at the original's resolution (pro), not the provider's 1024x1536.
    expect([staged.width, staged.height]).toEqual([1049, 1400]);

    const mask = await t.app.inject({ url: `/objects${staged.geometryLock.changeMaskPath}`, headers: { cookie } });
    expect(mask.statusCode).toBe(200);
    expect(mask.headers['content-type']).toBe('image/png');
    expect(await sharp(mask.rawPayload).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
    // The stored share is the served mask's mean opacity.
    const alpha = await sharp(mask.rawPayload).extractChannel(3).raw().toBuffer();
    expect(alpha.reduce((sum, a) => sum + a, 0) / 255 / alpha.length).toBeCloseTo(staged.geometryLock.changedShare, 3);
    const other = await signUp(t.app);
    expect((await t.app.inject({ url: `/objects${staged.geometryLock.changeMaskPath}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/objects${staged.geometryLock.changeMaskPath}` })).statusCode).toBe(404);
    // A change mask is not a photo to stage.
    expect((await processImage(t.app, cookie, { imageURL: `/objects${staged.geometryLock.changeMaskPath}`, projectId, isRegeneration: true })).statusCode).toBe(404);
  });

  it('refuses a re-rendered room twice: 422 structure_changed, nothing stored, the credit refunded; the retry was strict and carried the edit mask', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    fake.answers = [corpusImage('declutter-after.jpg')]; // another room entirely, on both attempts
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, before), projectId });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ success: false, code: 'structure_changed', error: expect.stringMatching(/changed the room.*refunded/) });
    expect(await credits(user.id)).toBe(0);

    const { detail, staged } = await stagedImageOf(cookie, projectId);
    expect(staged).toBeUndefined();
    expect(detail.status).toBe('failed');
    expect(filesOf(user.id)).toHaveLength(2); // the original and its thumbnail, nothing else

    expect(fake.edits).toHaveLength(2);
    const [first, strict] = fake.edits;
    expect(first!.fields.prompt).not.toContain('Stricter rules');
    expect(first!.mask).toBeUndefined();
    expect(strict!.fields.prompt).toContain('Stricter rules for this attempt');
    expect(strict!.mask).toBeDefined();
    const mask = await sharp(strict!.mask!).metadata();
    expect(mask).toMatchObject({ format: 'png', width: 1049, height: 1400, hasAlpha: true });
    // Protected (opaque) and editable (transparent) parts both present.
    const alpha = await sharp(strict!.mask!).extractChannel(3).raw().toBuffer();
    expect(alpha.some((a) => a === 0)).toBe(true);
    expect(alpha.some((a) => a === 255)).toBe(true);
  });

  it('still retries a transient engine error as before, without the strict prompt, then locks', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    fake.mode = 'unavailable'; // 503 with retry-after-ms 1500
    fake.answers = [drifted];
    const pending = processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, before), projectId });
    while (fake.edits.length === 0) await new Promise((r) => setTimeout(r, 10));
    fake.mode = 'success';
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.edits).toHaveLength(2);
    expect(fake.edits.map((e) => e.fields.prompt.includes('Stricter rules'))).toEqual([false, false]);
    expect(await credits(user.id)).toBe(1);
    expect((await stagedImageOf(cookie, projectId)).staged.geometryLock).not.toBeNull();
  });
});
