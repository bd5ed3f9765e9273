import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOR_LOOKS, RENOVATION_LABEL } from '../../../../contract/renovation.js';
import { users } from '../../db/schema/users.js';
import { FakeOpenAI } from '../../../test/fakes/providers/fake-openai.js';
import { PATCHES, renovationRoom, SAGE } from '../../../test/support/geometry-lock/surface-cases.js';
import { processImage, upload } from '../../../test/support/staging-fixtures.js';
import { bearer, businessUser, uploadPhoto } from '../../../test/support/api-client.js';
import { createTestApp, signUp, type TestApp } from '../../../test/support/test-app.js';
import type { FastifyInstance } from 'fastify';

/**
 * A renovation run end to end (decision 062): the project category, the surface choice, the engine,
 * the lock's surface mode, the label, credits. The photo is the drawn room of the surface cases
 * (server/test/support/geometry-lock/surface-cases.ts), whose walls and floor are known.
 */
/** Most of the drawn floor (below its far edge, inside its side lines). */
const WHOLE_FLOOR = { x0: 250, y0: 560, x1: 950, y1: 720 };
const CHOICE = { walls: { colour: SAGE }, floor: { material: 'light_oak' } };
type Patch = { x0: number; y0: number; x1: number; y1: number };

async function meanOf(image: Buffer, p: Patch): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sx = info.width / 1200;
  const sy = info.height / 800;
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(p.y0 * sy); y < Math.round(p.y1 * sy); y++) {
    for (let x = Math.round(p.x0 * sx); x < Math.round(p.x1 * sx); x++) {
      for (let c = 0; c < 3; c++) sum[c] += data[(y * info.width + x) * 3 + c];
      n++;
    }
  }
  return sum.map((s) => s / n);
}
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

async function renovationProject(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Altbau Renovierung', category: 'renovation' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function delivered(app: FastifyInstance, cookie: string, projectId: string) {
  const detail = (await app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
  const staged = detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
  const original = detail.images.find((i: { isOriginal: boolean }) => i.isOriginal);
  const file = staged ? (await app.inject({ url: `/objects${staged.filePath}`, headers: { cookie } })).rawPayload : null;
  return { detail, staged, original, file };
}

describe('renovation with the preview engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('re-colours the walls to the chosen colour and re-does the floor; everything else is the photo; labelled as a preview', async () => {
    const room = await renovationRoom();
    const { cookie } = await signUp(t.app);
    const projectId = await renovationProject(t.app, cookie);
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room.photo), projectId, category: 'renovation', styleName: 'Renovation', renovation: CHOICE });
    expect(res.statusCode, res.body).toBe(200);
    const { detail, staged, original, file } = await delivered(t.app, cookie, projectId);
    expect(detail.category).toBe('renovation');
    expect(staged.engine).toBe('offline');
    expect(original.renovation).toEqual(CHOICE);
    // Walls: the requested colour, shaded by the photo's own light: each wall as much darker or lighter
    // than the back wall (the walls' median) as in the photo. Bound: a fifth of the photo's distance from it.
    const sage = rgb(SAGE);
    const lum = (c: number[]) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
    const back = lum(await meanOf(room.photo, PATCHES.backWall));
    for (const wall of [PATCHES.backWall, PATCHES.leftWall, PATCHES.rightWall]) {
      const before = await meanOf(room.photo, wall);
      const expected = sage.map((c) => c * (lum(before) / back));
      expect(distance(await meanOf(file!, wall), expected), `wall ${JSON.stringify(wall)}`).toBeLessThan(distance(before, expected) * 0.2);
    }
    // Floor: light oak now, shaded as the photo's floor (its patch against the floor as a whole); boards
    // and joints darken it a little, hence a third of the photo's distance from it.
    const oak = rgb(FLOOR_LOOKS.light_oak.hex);
    const floorBefore = await meanOf(room.photo, PATCHES.floor);
    const wholeFloor = lum(await meanOf(room.photo, WHOLE_FLOOR));
    const expectedFloor = oak.map((c) => c * (lum(floorBefore) / wholeFloor));
    expect(distance(await meanOf(file!, PATCHES.floor), expectedFloor)).toBeLessThan(distance(floorBefore, expectedFloor) / 3);
    // The ceiling (not chosen) is the photo's.
    expect(distance(await meanOf(file!, PATCHES.ceiling), await meanOf(room.photo, PATCHES.ceiling))).toBeLessThan(5);
    // Labelled in the file: the XMP says it is a renovation preview.
    const xmp = (await sharp(file!).metadata()).xmpAsString ?? '';
    expect(xmp).toContain(RENOVATION_LABEL.en);
    // ...and on the image: the label's dark pill in the bottom-right corner, where the photo is plain floor.
    const corner = { x0: 1150, y0: 770, x1: 1190, y1: 790 };
    expect(distance(await meanOf(file!, corner), await meanOf(room.photo, corner))).toBeGreaterThan(40);
  }, 120_000);

  it('Re-Stage without a choice repeats the photo’s surfaces (a duplicate on the preview engine); with one, it takes and keeps the new one', async () => {
    const room = await renovationRoom({ width: 900, height: 600 });
    const { cookie } = await signUp(t.app);
    const projectId = await renovationProject(t.app, cookie);
    const first = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room.photo), projectId, category: 'renovation', styleName: 'Renovation', renovation: { walls: { colour: SAGE } } });
    expect(first.statusCode, first.body).toBe(200);
    const { original } = await delivered(t.app, cookie, projectId);
    const imageURL = `/objects${original.filePath}`;
    // The same surfaces again: the preview engine draws the same picture, which a re-stage does not
    // deliver (decision 037) — refused as a duplicate, not for a missing choice; the credit comes back.
    const again = await processImage(t.app, cookie, { imageURL, projectId, category: 'renovation', styleName: 'Renovation', isRegeneration: true });
    expect([again.statusCode, again.json().code]).toEqual([422, 'duplicate_result']);
    const terracotta = '#C47A5A';
    const changed = await processImage(t.app, cookie, { imageURL, projectId, category: 'renovation', styleName: 'Renovation', isRegeneration: true, renovation: { walls: { colour: terracotta } } });
    expect(changed.statusCode, changed.body).toBe(200);
    const wall = await meanOf((await t.app.inject({ url: `/objects${changed.json().processedImagePath}`, headers: { cookie } })).rawPayload, PATCHES.backWall);
    expect(distance(wall, rgb(terracotta))).toBeLessThan(distance(wall, rgb(SAGE)));
    expect((await delivered(t.app, cookie, projectId)).original.renovation).toEqual({ walls: { colour: terracotta } });
  }, 180_000);

  it('answers 400 with its code when no surface was chosen, and charges nothing', async () => {
    const room = await renovationRoom({ width: 600, height: 400 });
    const { cookie, user } = await signUp(t.app);
    const projectId = await renovationProject(t.app, cookie);
    const imageURL = await upload(t.app, cookie, room.photo);
    const none = await processImage(t.app, cookie, { imageURL, projectId, category: 'renovation', styleName: 'Renovation' });
    expect([none.statusCode, none.json().code]).toEqual([400, 'renovation_choice_required']);
    const empty = await processImage(t.app, cookie, { imageURL, projectId, category: 'renovation', styleName: 'Renovation', renovation: {} });
    expect(empty.statusCode).toBe(400);
    const badColour = await processImage(t.app, cookie, { imageURL, projectId, category: 'renovation', styleName: 'Renovation', renovation: { walls: { colour: 'green' } } });
    expect(badColour.statusCode).toBe(400);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.creditsUsed).toBe(0);
  });
});

describe('renovation through the public API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('renders `type: renovation` with the surfaces, answers 400 without them, and reports the type', async () => {
    const room = await renovationRoom();
    const caller = await businessUser(t.app);
    const photoId = await uploadPhoto(t.app, caller.key, room.photo);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(caller.key), payload: { photoId, type: 'renovation' } });
    expect([none.statusCode, none.json().code]).toEqual([400, 'renovation_choice_required']);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(caller.key), payload: { photoId, type: 'renovation', renovation: { walls: { colour: SAGE } } } });
    expect(created.statusCode, created.body).toBe(202);
    let render = created.json();
    for (let i = 0; i < 600 && !['completed', 'failed'].includes(render.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      render = (await t.app.inject({ url: `/api/v1/renders/${render.id}`, headers: bearer(caller.key) })).json();
    }
    expect(render).toMatchObject({ status: 'completed', type: 'renovation', credits: 1 });
    const file = (await t.app.inject({ url: render.results[0].downloadUrl, headers: bearer(caller.key) })).rawPayload;
    const before = await meanOf(room.photo, PATCHES.backWall);
    expect(distance(await meanOf(file, PATCHES.backWall), rgb(SAGE))).toBeLessThan(distance(before, rgb(SAGE)) * 0.25);
  }, 120_000);
});

describe('renovation with a provider', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await new FakeOpenAI().start();
    t = await createTestApp({ jobs: true, env: { STAGING_ENGINE: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL }, services: { retryPolicy: { attempts: 1, baseDelayMs: 10, maxDelayMs: 20 } } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the surfaces in the prompt and delivers an answer that kept the room', async () => {
    const room = await renovationRoom();
    fake.answers = [room.sageWalls];
    const { cookie } = await signUp(t.app);
    const projectId = await renovationProject(t.app, cookie);
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room.photo), projectId, category: 'renovation', styleName: 'Renovation', renovation: { walls: { colour: SAGE } } });
    expect(res.statusCode, res.body).toBe(200);
    const prompt = String(fake.edits.at(-1)!.fields.prompt);
    expect(prompt).toContain('sage green (#9CAF88)');
    expect(prompt).toContain('the floor and ceiling: same colour and material as in the photo');
    const { file } = await delivered(t.app, cookie, projectId);
    expect(distance(await meanOf(file!, PATCHES.backWall), await meanOf(room.sageWalls, PATCHES.backWall))).toBeLessThan(8);
  }, 120_000);

  it('refuses an answer that moved the window, also on the strict retry, and gives the credit back', async () => {
    const room = await renovationRoom();
    fake.answers = [room.sageWallsWindowMoved];
    const { cookie, user } = await signUp(t.app);
    const projectId = await renovationProject(t.app, cookie);
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, room.photo), projectId, category: 'renovation', styleName: 'Renovation', renovation: { walls: { colour: SAGE } } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('structure_changed');
    // The strict retry asked again, with the stricter rules.
    expect(String(fake.edits.at(-1)!.fields.prompt)).toContain('Change the colour or material of the named surfaces only');
    const [u] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.creditsUsed).toBe(0);
    const { staged } = await delivered(t.app, cookie, projectId);
    expect(staged).toBeUndefined();
  }, 120_000);
});
