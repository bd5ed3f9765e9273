/**
 * Issue #23: a credit only for a delivered image that shows what was asked, with every engine. An
 * answer with the room unchanged passes the geometry lock (nothing moved) but adds nothing: it is
 * retried once (strict) and then refused with `nothing_staged`, the credit refunded, nothing stored.
 * A variation that looks the same as another one is not delivered and not charged.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { corpusImage } from '../../test/support/corpus.js';
import { driftedOutput } from '../../test/support/model-outputs.js';
import { createProject, processImage, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { FakeGemini } from '../../test/fakes/providers/fake-gemini.js';
import { FakeOpenAI } from '../../test/fakes/providers/fake-openai.js';
import { FakeReplicate } from '../../test/fakes/providers/fake-replicate.js';

const before = corpusImage('furnish-before.jpg');
const unchangedAnswer = { code: 'nothing_staged', error: expect.stringMatching(/almost unchanged.*refunded/) };

async function creditsUsed(t: TestApp, userId: string) {
  const [u] = await t.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, userId));
  return u!.used;
}

async function stagedOf(t: TestApp, cookie: string, projectId: string) {
  const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
  return { detail, staged: detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal) };
}

/** A signed-up user with `credits` and a project; `stage` sends the photo with `body`. */
async function customer(t: TestApp, credits = 5) {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ creditsLimit: credits }).where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie);
  const stage = async (photo: Buffer, body: Record<string, unknown> = {}) => processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, photo), projectId, ...body });
  return { cookie, user, projectId, stage };
}

/** The same failing answer, case by case, for each provider engine against its local fake. */
const providers = [
  {
    name: 'openai',
    start: async () => {
      const fake = await new FakeOpenAI().start();
      return { fake, calls: () => fake.edits.length, env: { STAGING_ENGINE: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL } };
    },
  },
  {
    name: 'gemini',
    start: async () => {
      const fake = await new FakeGemini().start();
      return { fake, calls: () => fake.calls.length, env: { STAGING_ENGINE: 'gemini', GEMINI_API_KEY: fake.apiKey, GEMINI_BASE_URL: fake.baseUrl } };
    },
  },
  {
    name: 'replicate',
    start: async () => {
      const fake = await new FakeReplicate().start();
      return { fake, calls: () => fake.creates.length, env: { STAGING_ENGINE: 'replicate', REPLICATE_API_TOKEN: fake.apiToken, REPLICATE_BASE_URL: fake.baseUrl } };
    },
  },
] as const;

describe.each(providers)('the $name engine answering with the room unchanged', ({ start }) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<(typeof providers)[number]['start']>>;
  beforeAll(async () => {
    provider = await start();
    t = await createTestApp({ jobs: true, env: provider.env, services: { retryPolicy: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50 } } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.fake.close();
  });

  it('is retried once, then refused with nothing_staged: credits 0 before and after, nothing stored', async () => {
    const c = await customer(t);
    provider.fake.answers = [before];
    expect(await creditsUsed(t, c.user.id)).toBe(0);
    const res = await c.stage(before);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ success: false, ...unchangedAnswer });
    expect(await creditsUsed(t, c.user.id)).toBe(0);
    expect(provider.calls()).toBe(2); // the first answer and the strict retry
    const { detail, staged } = await stagedOf(t, c.cookie, c.projectId);
    expect(staged).toBeUndefined();
    expect(detail.status).toBe('failed');
  }, 120_000);
});

describe('the openai engine answering the same picture for every variation', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  beforeAll(async () => {
    fake = await new FakeOpenAI().start();
    t = await createTestApp({ jobs: true, env: { STAGING_ENGINE: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('delivers and charges one of three identical variations; the other two cost nothing', async () => {
    const c = await customer(t);
    fake.answers = [await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: 1, scale: 1.04, shiftX: 0.015, shiftY: -0.01 })];
    const res = await c.stage(before, { variations: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.edits.map((e) => e.fields.n)).toEqual(['3']);
    expect(await creditsUsed(t, c.user.id)).toBe(1);
    const { staged } = await stagedOf(t, c.cookie, c.projectId);
    expect(staged.variations ?? []).toHaveLength(0);
    expect((await sharp((await t.app.inject({ url: `/objects${staged.filePath}`, headers: { cookie: c.cookie } })).rawPayload).metadata()).format).toBe('jpeg');
  }, 120_000);
});

describe('the offline engine with nothing it can place', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true });
  }, 60_000);
  afterAll(() => t?.close());

  // Since the preview engine re-plans with the lock's openings when nothing fits (decision 051), it may
  // draw into a photo upside down; whatever it answers, a credit is charged only with a delivered image.
  it('a photo upside down: refused with nothing_staged and refunded, or delivered and charged once', async () => {
    const c = await customer(t);
    const upsideDown = await sharp(before).rotate(180).jpeg({ quality: 90 }).toBuffer();
    expect(await creditsUsed(t, c.user.id)).toBe(0);
    const res = await c.stage(upsideDown, { roomType: 'bedroom', styleName: 'Scandinavian' });
    const staged = (await stagedOf(t, c.cookie, c.projectId)).staged;
    if (res.statusCode === 422) {
      expect(res.json()).toEqual({ success: false, ...unchangedAnswer });
      expect(staged).toBeUndefined();
      expect(await creditsUsed(t, c.user.id)).toBe(0);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(staged).toBeDefined();
      expect(await creditsUsed(t, c.user.id)).toBe(1);
    }
  }, 240_000);
});
