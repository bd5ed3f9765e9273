import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { createProject, photo, processImage, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { FakeOpenAI } from '../../test/fakes/providers/fake-openai.js';

/**
 * Whole-listing staging (decision 025) through the real `openai` engine against the local Images
 * API fake: room types in the prompt, the first accepted result of a room group sent as a second
 * `image[]` with later photos of that room, variations as `n`, one credit per delivered variation,
 * and choosing a variation changing the staged image served.
 */
let fake: FakeOpenAI;
let t: TestApp;
let room: Buffer;

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ jobs: true, env: { STAGING_ENGINE: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL } });
  room = await photo(1200, 900);
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

async function user() {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ subscriptionPlan: 'pro', creditsLimit: 50 }).where(eq(users.id, user.id));
  return { cookie, userId: user.id, projectId: await createProject(t.app, cookie) };
}

async function creditsUsed(userId: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return u!.creditsUsed;
}

const imageFiles = (i: number) => fake.edits[i]!.files.filter((f) => f.field === 'image' || f.field === 'image[]');

describe('room types and same-room references', () => {
  it('names the room type, sends the group reference with the second photo of a room and only the palette to another room', async () => {
    const { cookie, projectId } = await user();
    const stage = async (roomType: string, roomGroup: string) => {
      const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room), projectId, roomType, roomGroup });
      expect(res.statusCode, res.body).toBe(200);
    };
    await stage('bedroom', 'bedroom-1');
    await stage('bedroom', 'bedroom-1');
    await stage('kitchen', 'kitchen-1');

    // First photo of the room: no reference yet.
    expect(imageFiles(0)).toHaveLength(1);
    expect(fake.edits[0]!.fields.prompt).toContain('It shows an empty bedroom.');
    expect(fake.edits[0]!.fields.prompt).toContain('a bed at true size');
    expect(fake.edits[0]!.fields.prompt).not.toContain('Image 2');

    // Second photo of the same room: photo and the first result as `image[]`, same pieces asked for.
    expect(imageFiles(1).map((f) => f.field)).toEqual(['image[]', 'image[]']);
    expect(imageFiles(1).map((f) => f.filename)).toEqual(['room.jpg', 'reference.jpg']);
    expect(fake.edits[1]!.fields.prompt).toContain('Image 2 shows the same room from another angle');
    expect(fake.edits[1]!.fields.prompt).toContain('exactly the same furniture pieces, materials, colours and palette');

    // Another room of the same home: the reference for palette and materials, not the pieces.
    expect(imageFiles(2)).toHaveLength(2);
    expect(fake.edits[2]!.fields.prompt).toContain('It shows an empty kitchen.');
    expect(fake.edits[2]!.fields.prompt).toContain('Image 2 shows another room of the same home');
    expect(fake.edits[2]!.fields.prompt).toContain("do not copy Image 2's pieces");

    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const originals = detail.images.filter((i: { isOriginal: boolean }) => i.isOriginal);
    expect(originals.map((o: { roomType: string; roomGroup: string }) => [o.roomType, o.roomGroup])).toEqual([
      ['bedroom', 'bedroom-1'],
      ['bedroom', 'bedroom-1'],
      ['kitchen', 'kitchen-1'],
    ]);
  }, 120_000);

  it('stages a bathroom with a prompt that keeps its fixtures (decision 063)', async () => {
    const { cookie, projectId } = await user();
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room), projectId, roomType: 'bathroom', roomGroup: 'bathroom-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.edits[0]!.fields.prompt).toContain('It shows an empty bathroom.');
    expect(fake.edits[0]!.fields.prompt).toContain('the bathtub, shower, basin, toilet, taps and tiles');
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail.images.find((i: { isOriginal: boolean }) => i.isOriginal)).toMatchObject({ roomType: 'bathroom', roomGroup: 'bathroom-1' });
  }, 120_000);

  it('refuses an unknown room type and a malformed group id with 400', async () => {
    const { cookie, projectId } = await user();
    const imageURL = await upload(t.app, cookie, room);
    for (const body of [{ roomType: 'garage' }, { roomGroup: 'a b/c' }, { variations: 5 }, { variations: 0 }]) {
      const res = await processImage(t.app, cookie, { imageURL, projectId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ message: expect.any(String), code: 'validation_failed' });
    }
    expect(fake.edits).toHaveLength(0);
  });
});

describe('variations', () => {
  it('asks the provider for n images, charges one credit each and lets the owner choose which one is the staged image', async () => {
    const { cookie, userId, projectId } = await user();
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room), projectId, variations: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.edits).toHaveLength(1);
    expect(fake.edits[0]!.fields.n).toBe('3');
    expect(await creditsUsed(userId)).toBe(3);

    const read = async () => (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    let staged = (await read()).images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    expect(staged.variations).toHaveLength(3);
    expect(staged.variations.map((v: { chosen: boolean }) => v.chosen)).toEqual([true, false, false]);
    expect(staged.filePath).toBe(staged.variations[0].filePath);

    const third = staged.variations[2];
    const before = (await t.app.inject({ url: `/objects${staged.filePath}`, headers: { cookie } })).rawPayload;

    const other = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/images/${staged.id}/choose`,
      headers: { cookie: other.cookie },
      payload: { variationId: third.id },
    });
    expect(foreign.statusCode).toBe(404);

    const chose = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/images/${staged.originalImageId}/choose`,
      headers: { cookie },
      payload: { variationId: third.id },
    });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json()).toEqual({ processedImagePath: third.filePath, imageId: staged.id });

    staged = (await read()).images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    expect(staged.filePath).toBe(third.filePath);
    expect(staged.variations.map((v: { chosen: boolean }) => v.chosen)).toEqual([false, false, true]);
    const after = (await t.app.inject({ url: `/objects${staged.filePath}`, headers: { cookie } })).rawPayload;
    expect(after.equals(before)).toBe(false);
    // The variations really differ (the fake draws each of the n images differently).
    const [a, b] = await Promise.all([before, after].map((bytes) => sharp(bytes).resize(64, 48).raw().toBuffer()));
    expect(a!.equals(b!)).toBe(false);
    // The other variations stay downloadable.
    for (const v of staged.variations) expect((await t.app.inject({ url: `/objects${v.filePath}`, headers: { cookie } })).statusCode).toBe(200);
    // The list's cover follows the choice.
    const list = (await t.app.inject({ url: '/api/projects', headers: { cookie } })).json();
    expect(list.find((p: { id: string }) => p.id === projectId).processedImagePath).toBe(third.filePath);
  }, 120_000);

  it('charges nothing for a variation the provider did not deliver', async () => {
    const { cookie, userId, projectId } = await user();
    fake.mode = 'missing-image';
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room), projectId, variations: 2 });
    expect(res.statusCode).toBe(502);
    expect(await creditsUsed(userId)).toBe(0);
  }, 60_000);

  it('refuses more variations than credits left before anything is staged', async () => {
    const { cookie, userId, projectId } = await user();
    await t.database.db.update(users).set({ creditsLimit: 2 }).where(eq(users.id, userId));
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room), projectId, variations: 3 });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('insufficient_credits');
    expect(fake.edits).toHaveLength(0);
  });
});
