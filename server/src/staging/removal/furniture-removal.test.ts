import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.js';
import { corpusImage } from '../../../test/support/corpus.js';
import { DECLUTTER_OPENINGS, paintedOver } from '../../../test/support/removal-cases.js';
import { createProject, processImage, upload } from '../../../test/support/staging-fixtures.js';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/support/test-app.js';
import { FakeOpenAI } from '../../../test/fakes/providers/fake-openai.js';

/**
 * Furniture removal end to end (decision 027): the real `openai` engine against the Images API fake
 * answering the corpus's real "empty the room" output, the lock in 'remove' mode, the database and
 * storage; and the offline engine, which cannot remove anything, refusing before any charge.
 */
let fake: FakeOpenAI;
let t: TestApp;
let offline: TestApp;
const before = corpusImage('declutter-before.jpg');
const after = corpusImage('declutter-after.jpg');

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({
    jobs: true,
    env: { STAGING_ENGINE: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL },
    services: { retryPolicy: { attempts: 1, baseDelayMs: 20, maxDelayMs: 100 } },
  });
  offline = await createTestApp({ jobs: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await offline?.close();
  await fake?.close();
});

async function proUser(app: TestApp) {
  const { cookie, user } = await signUp(app.app);
  await app.database.db.update(users).set({ subscriptionPlan: 'pro', creditsLimit: 50 }).where(eq(users.id, user.id));
  return { cookie, user };
}

async function creditsUsed(app: TestApp, userId: string) {
  const [u] = await app.database.db.select().from(users).where(eq(users.id, userId));
  return u!.creditsUsed;
}

describe('POST /api/process-image with category furniture_removal', () => {
  it('sends the removal prompt, locks the emptied room as a removal and charges one credit', async () => {
    const { cookie, user } = await proUser(t);
    const projectId = await createProject(t.app, cookie);
    fake.answers = [after];
    fake.edits.length = 0;
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, before), projectId, category: 'furniture_removal' });
    expect(res.statusCode, res.body).toBe(200);
    const prompt = fake.edits[0]!.fields.prompt!;
    expect(prompt).toMatch(/emptied: all loose furniture and clutter removed/);
    expect(prompt).toMatch(/built-in shelves/);
    expect(prompt).not.toMatch(/furnished in a/);
    expect(await creditsUsed(t, user.id)).toBe(1);
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail.category).toBe('furniture_removal');
    const staged = detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    expect(staged.geometryLock.changedShare).toBeGreaterThan(0.2);
  }, 60_000);

  it('refuses an answer with the room unchanged (nothing removed) after one strict retry: 422 nothing_staged, not charged, nothing stored', async () => {
    const { cookie, user } = await proUser(t);
    const projectId = await createProject(t.app, cookie);
    fake.answers = [before];
    fake.edits.length = 0;
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, before), projectId, category: 'furniture_removal' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'nothing_staged' });
    expect(fake.edits).toHaveLength(2);
    expect(await creditsUsed(t, user.id)).toBe(0);
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail.images.filter((i: { isOriginal: boolean }) => !i.isOriginal)).toEqual([]);
  }, 60_000);

  it('refuses (and refunds) an emptied room whose glass partition the model painted over, after one strict retry', async () => {
    const { cookie, user } = await proUser(t);
    const projectId = await createProject(t.app, cookie);
    fake.answers = [await paintedOver(after, DECLUTTER_OPENINGS.glassPartition)];
    fake.edits.length = 0;
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, before), projectId, category: 'furniture_removal' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('structure_changed');
    expect(fake.edits).toHaveLength(2);
    expect(fake.edits[1]!.fields.prompt).toMatch(/Remove objects only/);
    expect(await creditsUsed(t, user.id)).toBe(0);
  }, 60_000);

  it('answers 422 engine_cannot_declutter on the offline engine, before storing or charging anything', async () => {
    const { cookie, user } = await proUser(offline);
    const projectId = await createProject(offline.app, cookie);
    const res = await processImage(offline.app, cookie, { imageURL: await upload(offline.app, cookie, before), projectId, category: 'furniture_removal' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'engine_cannot_declutter' });
    expect(res.json().error).toMatch(/offline preview engine/);
    expect(await creditsUsed(offline, user.id)).toBe(0);
    const detail = (await offline.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail.images).toHaveLength(0);
    const config = (await offline.app.inject({ url: '/api/config' })).json();
    expect(config.furnitureRemoval).toBe(false);
  }, 60_000);

  it("follows the operator's model choice for removal, not STAGING_ENGINE: offline by default, available once an AI model is chosen (issue 38)", async () => {
    const chosen = await createTestApp({
      jobs: true,
      env: { STAGING_ENGINE: 'offline', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL },
      services: { retryPolicy: { attempts: 1, baseDelayMs: 20, maxDelayMs: 100 } },
    });
    try {
      const { cookie, user } = await proUser(chosen);
      const projectId = await createProject(chosen.app, cookie);
      const removal = async () => processImage(chosen.app, cookie, { imageURL: await upload(chosen.app, cookie, before), projectId, category: 'furniture_removal' });
      expect((await chosen.app.inject({ url: '/api/config' })).json().furnitureRemoval).toBe(false);
      expect((await removal()).json()).toMatchObject({ code: 'engine_cannot_declutter' });

      const admin = await signUp(chosen.app);
      await chosen.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
      const put = await chosen.app.inject({
        method: 'PUT',
        url: '/api/admin/models/choices/removal',
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
        payload: { primary: 'openai:gpt-image-1', fallbacks: [], fallbackOnRefusal: false },
      });
      expect(put.statusCode, put.body).toBe(204);
      expect((await chosen.app.inject({ url: '/api/config' })).json().furnitureRemoval).toBe(true);
      fake.answers = [after];
      fake.edits.length = 0;
      const res = await removal();
      expect(res.statusCode, res.body).toBe(200);
      expect(fake.edits).toHaveLength(1);
      expect(await creditsUsed(chosen, user.id)).toBe(1);
    } finally {
      await chosen.close();
    }
  }, 90_000);
});
