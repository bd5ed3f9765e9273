import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingRuns } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { corpusImage } from '../../test/support/corpus.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { EngineError, engineMessages } from './engines/engine.js';
import { renderSampleRoom } from './engines/sample-room.js';

const engine = new ScriptedEngine();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    jobs: true,
    services: {
      engine,
      retryPolicy: { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

async function credits(userId: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return { used: u!.creditsUsed, limit: u!.creditsLimit };
}

function filesOf(userId: string): string[] {
  const dir = path.join(t.config.dataDir, 'objects', 'users', userId, 'projects');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

describe('the full flow through HTTP', () => {
  it('upload → project → process → detail → image, thumbnail, download → delete, files gone', async () => {
    const { cookie, user } = await signUp(t.app);
    const objectPath = await upload(t.app, cookie, await renderSampleRoom(1, 1600, 1200));
    const projectId = await createProject(t.app, cookie, '  Wohnung Lindenstraße  ');

    const res = await processImage(t.app, cookie, { imageURL: objectPath, projectId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, processedImagePath: expect.stringMatching(new RegExp(`^/users/${user.id}/projects/${projectId}/[0-9a-f-]{36}\\.jpg$`)) });
    expect(await credits(user.id)).toEqual({ used: 1, limit: 6 });

    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail).toMatchObject({
      id: projectId,
      title: 'Wohnung Lindenstraße',
      category: 'virtual_staging',
      status: 'completed',
      styleName: 'Modern Staging',
      styleDescription: 'Professional virtual staging with modern furniture and decor.',
      imagesExpired: false,
    });
    expect(Date.parse(detail.imagesExpireAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const original = detail.images.find((i: { isOriginal: boolean }) => i.isOriginal);
    const staged = detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    expect(original).toMatchObject({ mimeType: 'image/jpeg', originalImageId: null, width: 1600, height: 1200 });
    expect(staged).toMatchObject({ filePath: body.processedImagePath, originalImageId: original.id, mimeType: 'image/jpeg', engine: 'scripted' });
    expect(staged.geometryLock).toMatchObject({ changeMaskPath: expect.stringMatching(/\.changes\.png$/) });
    expect(original.geometryLock).toBeNull();
    expect(Object.keys(original).sort()).toEqual(
      ['createdAt', 'engine', 'geometryLock', 'filePath', 'freeRestagesLeft', 'height', 'id', 'isOriginal', 'mimeType', 'originalImageId', 'thumbnailPath', 'width', 'roomType', 'roomGroup', 'variations'].sort(),
    );
    // A Free plan photo has no free re-stages (decision 056).
    expect(original.freeRestagesLeft).toBe(0);
    // A photo sent without a room type is stored as `auto`, in no room group; one variation lists none.
    expect([original.roomType, original.roomGroup, original.variations]).toEqual(['auto', null, []]);

    // Free plan: at most 1280x720, watermarked.
    const image = await t.app.inject({ url: `/objects${staged.filePath}`, headers: { cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // Private images: no shared caches, kept briefly, and per session cookie.
    expect(image.headers['cache-control']).toBe('private, max-age=300');
    expect(image.headers.vary).toMatch(/cookie/i);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([960, 720]);
    const etag = image.headers.etag as string;
    expect(etag).toBeTruthy();
    const cached = await t.app.inject({ url: `/objects${staged.filePath}`, headers: { cookie, 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);

    const thumb = await t.app.inject({ url: `/objects${staged.thumbnailPath}`, headers: { cookie } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);

    const list = (await t.app.inject({ url: '/api/projects', headers: { cookie } })).json();
    expect(list).toEqual([
      expect.objectContaining({
        id: projectId,
        status: 'completed',
        originalImagePath: original.filePath,
        processedImagePath: staged.filePath,
        originalThumbnailPath: original.thumbnailPath,
        processedThumbnailPath: staged.thumbnailPath,
      }),
    ]);

    const download = await t.app.inject({ url: `/api/objects/download?path=${encodeURIComponent(staged.filePath)}`, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Wohnung-Lindenstrasse-staged-1.jpg"; filename*=UTF-8''${encodeURIComponent('Wohnung-Lindenstraße-staged-1.jpg')}`,
    );
    expect(download.rawPayload.equals(image.rawPayload)).toBe(true);

    // Original, staged image, their thumbnails and the staged image's change mask.
    expect(filesOf(user.id)).toHaveLength(5);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { cookie } });
    expect(deleted.json()).toEqual({ deletedFiles: 2 });
    expect(filesOf(user.id)).toEqual([]);
    expect((await t.app.inject({ url: `/objects${staged.filePath}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('pro results keep full resolution (up to 3840 px) without a watermark', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.database.db.update(users).set({ subscriptionPlan: 'pro', creditsLimit: 200 }).where(eq(users.id, user.id));
    const source = await photo(3000, 2000);
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, source), projectId: await createProject(t.app, cookie) });
    expect(res.statusCode).toBe(200);
    const stored = await t.services.storage.read(res.json().processedImagePath.slice(1));
    const meta = await sharp(stored!).metadata();
    expect([meta.width, meta.height]).toEqual([3000, 2000]);
  });
});

describe('credits', () => {
  it('20 concurrent process calls with 3 credits left: exactly 3 succeed, creditsUsed = limit', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.database.db.update(users).set({ creditsUsed: 3 }).where(eq(users.id, user.id));
    const small = await photo(320, 240);
    const jobs = [];
    for (let i = 0; i < 20; i++) jobs.push({ imageURL: await upload(t.app, cookie, small), projectId: await createProject(t.app, cookie, `P${i}`) });
    const results = await Promise.all(jobs.map((j) => processImage(t.app, cookie, j)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.json()).toMatchObject({ success: false, code: 'insufficient_credits', error: expect.stringMatching(/credits/) });
    expect(await credits(user.id)).toEqual({ used: 6, limit: 6 });
    const runs = await t.database.db.select().from(stagingRuns).where(eq(stagingRuns.userId, user.id));
    expect(runs.filter((r) => r.state === 'charged')).toHaveLength(3);
    expect(runs.filter((r) => r.state !== 'charged')).toHaveLength(0);
    // The refused ones stored nothing.
    expect(filesOf(user.id)).toHaveLength(3 * 5);
  }, 60_000);

  it('refuses with 402 when no credit is left, before storing anything', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.database.db.update(users).set({ creditsUsed: 6 }).where(eq(users.id, user.id));
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(320, 240)), projectId: await createProject(t.app, cookie) });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, code: 'insufficient_credits' });
    expect(filesOf(user.id)).toEqual([]);
  });

  it('refunds the credit when the engine refuses the image, with a readable error and a failed project', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    engine.push(new EngineError(engineMessages.contentPolicy, 'permanent'));
    const calls = engine.calls.length;
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, code: 'staging_refused', error: `${engineMessages.contentPolicy} Your credit has been refunded.` });
    expect(engine.calls.length - calls).toBe(1); // permanent: no retry
    expect(await credits(user.id)).toEqual({ used: 0, limit: 6 });
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail.status).toBe('failed');
    expect(detail.images).toHaveLength(1); // the original stays, ready for a retry
    expect(filesOf(user.id)).toHaveLength(2);
  });

  it('calls a project with one of two photos staged partial, counts both, and shows the staged one as its cover (ADR 051)', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    // The first photo (the cover until now) is refused; the second is staged.
    engine.push(new EngineError(engineMessages.contentPolicy, 'permanent'));
    const refused = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
    expect(refused.statusCode).toBe(422);
    const staged = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
    expect(staged.statusCode).toBe(200);
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect([detail.status, detail.counts]).toEqual(['partial', { photos: 2, staged: 1 }]);
    const list = (await t.app.inject({ url: '/api/projects', headers: { cookie } })).json();
    const item = list.find((p: { id: string }) => p.id === projectId);
    const stagedImage = detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    const secondOriginal = detail.images.find((i: { id: string }) => i.id === stagedImage.originalImageId);
    expect(item).toMatchObject({ status: 'partial', counts: { photos: 2, staged: 1 }, processedImagePath: staged.json().processedImagePath, originalImagePath: secondOriginal.filePath });
  });

  it('retries transient engine errors with backoff, and refunds when they persist', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const rateLimited = () => new EngineError(engineMessages.rateLimited, 'transient', 30);
    engine.push(rateLimited(), new EngineError(engineMessages.unavailable, 'transient'));
    let calls = engine.calls.length;
    const ok = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
    expect(ok.statusCode).toBe(200);
    expect(engine.calls.length - calls).toBe(3);

    engine.push(rateLimited(), rateLimited(), rateLimited());
    calls = engine.calls.length;
    const failed = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ success: false, code: 'staging_failed', error: expect.stringMatching(/rate-limiting.*refunded/) });
    expect(engine.calls.length - calls).toBe(3);
    expect(await credits(user.id)).toEqual({ used: 1, limit: 6 });
  });
});

describe('regeneration and repeats', () => {
  it('re-stages for 1 credit and keeps the earlier result as a variation (issue #23); a repeated call without isRegeneration charges nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const objectPath = await upload(t.app, cookie, await photo(640, 480));
    const first = (await processImage(t.app, cookie, { imageURL: objectPath, projectId })).json();
    const repeat = (await processImage(t.app, cookie, { imageURL: objectPath, projectId })).json();
    expect(repeat.processedImagePath).toBe(first.processedImagePath);
    expect((await credits(user.id)).used).toBe(1);

    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const original = detail.images.find((i: { isOriginal: boolean }) => i.isOriginal);
    const again = await processImage(t.app, cookie, { imageURL: `/objects${original.filePath}`, projectId, isRegeneration: true, styleName: 'Scandinavian' });
    expect(again.statusCode).toBe(200);
    expect(again.json().processedImagePath).not.toBe(first.processedImagePath);
    expect((await credits(user.id)).used).toBe(2);
    expect(engine.calls.at(-1)!.styleId).toBe('scandinavian');

    const after = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(after.images).toHaveLength(2);
    expect(after.status).toBe('completed');
    expect(after.styleName).toBe('Scandinavian');
    const staged = after.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    expect(staged.variations.map((v: { filePath: string; chosen: boolean }) => [v.filePath, v.chosen])).toEqual([
      [first.processedImagePath, false],
      [again.json().processedImagePath, true],
    ]);
    expect((await t.app.inject({ url: `/objects${first.processedImagePath}`, headers: { cookie } })).statusCode).toBe(200);
    expect(filesOf(user.id)).toHaveLength(8); // the original and its thumbnail; each result with thumbnail and change mask
  });

  it('retries once with the strict prompt when the geometry lock refuses a result, and delivers the locked retry', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    // First answer: another room entirely (the lock refuses it); then the photo furnished.
    engine.push(async () => ({ image: corpusImage('declutter-after.jpg'), mimeType: 'image/jpeg', engine: 'scripted' }), 'ok');
    const calls = engine.calls.length;
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
    expect(res.statusCode, res.body).toBe(200);
    expect(engine.calls.slice(calls).map((c) => c.strict ?? false)).toEqual([false, true]);
    // The scripted engine takes no edit mask, so none was made for it.
    expect(engine.calls.at(-1)!.editMask).toBeUndefined();
    expect(await credits(user.id)).toEqual({ used: 1, limit: 6 });
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal).geometryLock).not.toBeNull();
  });

  it('refuses a seventh image in a project', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.database.db.update(users).set({ creditsLimit: 20 }).where(eq(users.id, user.id));
    const projectId = await createProject(t.app, cookie);
    const small = await photo(320, 240);
    for (let i = 0; i < 6; i++) expect((await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, small), projectId })).statusCode).toBe(200);
    const seventh = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, small), projectId });
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json()).toMatchObject({ success: false, code: 'image_limit_reached' });
  });
});

describe('ownership and paths', () => {
  it("answers 404 for another user's project, image, object, thumbnail and download", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const projectId = await createProject(t.app, owner.cookie);
    const objectPath = await upload(t.app, owner.cookie, await photo(640, 480));
    const staged = (await processImage(t.app, owner.cookie, { imageURL: objectPath, projectId })).json();
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie: owner.cookie } })).json();
    const original = detail.images.find((i: { isOriginal: boolean }) => i.isOriginal);
    const cookie = other.cookie;

    expect((await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/projects', headers: { cookie } })).json()).toEqual([]);
    expect((await t.app.inject({ url: `/objects${staged.processedImagePath}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/objects${original.filePath}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/objects${original.thumbnailPath}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/objects${original.thumbnailPath}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/objects/download?path=${encodeURIComponent(staged.processedImagePath)}`, headers: { cookie } })).statusCode).toBe(404);

    // Staging someone else's image: in their project, or in one's own.
    const own = await createProject(t.app, cookie);
    for (const body of [
      { imageURL: `/objects${original.filePath}`, projectId },
      { imageURL: `/objects${original.filePath}`, projectId: own },
      { imageURL: objectPath, projectId: own },
    ]) {
      const res = await processImage(t.app, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
    }
    expect((await credits(other.user.id)).used).toBe(0);

    // An admin may look.
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.user.id));
    expect((await t.app.inject({ url: `/objects${staged.processedImagePath}`, headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses traversal attempts in imageURL, objectPath and download paths with 4xx', async () => {
    const { cookie, user } = await signUp(t.app);
    const victim = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const objectPath = await upload(t.app, cookie, await photo(320, 240));
    const uuid = objectPath.split('/').pop()!;
    const attempts = [
      `/objects/users/${user.id}/uploads/../../${victim.user.id}/uploads/${uuid}`,
      `/objects/users/${user.id}/uploads/%2e%2e/%2e%2e/${victim.user.id}/uploads/${uuid}`,
      `/objects/users/${user.id}/uploads/..%2f..%2f${victim.user.id}%2fuploads%2f${uuid}`,
      `/objects/users/${user.id}//uploads/${uuid}`,
      `/objects/users/${user.id}/uploads/${uuid}\\..\\x`,
      '/etc/passwd',
      '../../../../etc/passwd',
      `file:///etc/passwd`,
      `/objects/users/${user.id}/uploads/${uuid}/../../../../../etc/passwd`,
    ];
    for (const imageURL of attempts) {
      const res = await processImage(t.app, cookie, { imageURL, projectId });
      expect(res.statusCode, imageURL).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, imageURL).toBeLessThan(500);
      const dl = await t.app.inject({ url: `/api/objects/download?path=${encodeURIComponent(imageURL)}`, headers: { cookie } });
      expect(dl.statusCode, imageURL).toBeGreaterThanOrEqual(400);
      expect(dl.statusCode, imageURL).toBeLessThan(500);
    }
    for (const url of [
      `/objects/users/${user.id}/projects/../../../etc/passwd`,
      `/objects/users/${user.id}/projects/%2e%2e/%2e%2e/etc/passwd`,
      `/objects/%2fetc%2fpasswd`,
      `/objects/users/${user.id}/..%2f..%2f..%2fsecret`,
    ]) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode, url).toBe(404);
    }
    // A full URL ending in the objectPath is accepted.
    const full = await processImage(t.app, cookie, { imageURL: `http://raumwerk.test${objectPath}`, projectId });
    expect(full.statusCode).toBe(200);
    expect((await credits(user.id)).used).toBe(1);
    expect((await credits(victim.user.id)).used).toBe(0);
  });
});
