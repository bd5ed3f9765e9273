/**
 * Issue 38 item 5 (decision 056): free re-stages counted per photo. A Pro photo gets 3 re-stages
 * without a credit within 30 days of its first result; the fourth takes one; another photo has its
 * own 3; a refunded free re-stage gives its re-stage back; outside the window, or on Free, a
 * re-stage takes a credit. The project page's count follows.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../../contract/plans.js';
import { users } from '../db/schema/users.js';
import sharp from 'sharp';
import { createProject, furnish, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { EngineError } from './engines/engine.js';

const engine = new ScriptedEngine([], 'ok');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine } });
}, 60_000);
afterAll(async () => t?.close());

async function customer(plan: 'free' | 'pro') {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ subscriptionPlan: plan, creditsLimit: 20 }).where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie);
  const used = async () => (await t.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, user.id)))[0]!.used;
  const detail = async () => (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
  const originals = async () => (await detail()).images.filter((i: { isOriginal: boolean }) => i.isOriginal) as Array<{ id: string; filePath: string; freeRestagesLeft: number }>;
  const stage = async () => processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(800, 600)), projectId });
  const restage = (filePath: string) => processImage(t.app, cookie, { imageURL: `/objects${filePath}`, projectId, isRegeneration: true });
  return { used, originals, stage, restage };
}

async function withArmchair(image: Buffer): Promise<Buffer> {
  const { width = 100, height = 100 } = await sharp(image).metadata();
  const chair = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${width * 0.08}" y="${height * 0.62}" width="${width * 0.18}" height="${height * 0.16}" rx="6" fill="#c9b27a"/></svg>`,
  );
  return sharp(image).composite([{ input: chair }]).jpeg({ quality: 88 }).toBuffer();
}

describe('free re-stages per photo', () => {
  it('Pro: three re-stages of a photo take no credit, the fourth does; the other photo keeps its own three', async () => {
    expect(PLANS.pro.freeRestages).toEqual({ count: 3, days: 30 });
    const c = await customer('pro');
    expect((await c.stage()).statusCode).toBe(200);
    expect((await c.stage()).statusCode).toBe(200);
    expect(await c.used()).toBe(2);
    const [a, b] = await c.originals();
    expect([a!.freeRestagesLeft, b!.freeRestagesLeft]).toEqual([3, 3]);

    for (const left of [2, 1, 0]) {
      expect((await c.restage(a!.filePath)).statusCode).toBe(200);
      expect((await c.originals()).find((o) => o.id === a!.id)!.freeRestagesLeft).toBe(left);
    }
    expect(await c.used()).toBe(2);
    // The scripted engine has four sofa colours; the photo's fifth result gets a second piece so it is no duplicate.
    engine.push(async (input) => ({ image: await withArmchair(await furnish(input.image, 1)), mimeType: 'image/jpeg', engine: 'scripted' }));
    expect((await c.restage(a!.filePath)).statusCode).toBe(200);
    expect(await c.used()).toBe(3);
    expect((await c.originals()).find((o) => o.id === b!.id)!.freeRestagesLeft).toBe(3);

    // A free re-stage that delivers nothing is refunded and gives the re-stage back.
    engine.push(new EngineError('The AI provider refused this image under its content policy.', 'permanent'));
    expect((await c.restage(b!.filePath)).statusCode).toBe(422);
    expect((await c.originals()).find((o) => o.id === b!.id)!.freeRestagesLeft).toBe(3);
    expect(await c.used()).toBe(3);
  }, 120_000);

  it('takes a credit after the plan’s days since the first result, and on Free', async () => {
    const pro = await customer('pro');
    expect((await pro.stage()).statusCode).toBe(200);
    const [photoA] = await pro.originals();
    await t.database.db.execute(sql`UPDATE staging_runs SET finished_at = now() - interval '31 days' WHERE original_image_id = ${photoA!.id}`);
    expect((await pro.originals())[0]!.freeRestagesLeft).toBe(0);
    expect((await pro.restage(photoA!.filePath)).statusCode).toBe(200);
    expect(await pro.used()).toBe(2);

    const free = await customer('free');
    expect((await free.stage()).statusCode).toBe(200);
    const [photoB] = await free.originals();
    expect(photoB!.freeRestagesLeft).toBe(0);
    expect((await free.restage(photoB!.filePath)).statusCode).toBe(200);
    expect(await free.used()).toBe(2);
  }, 120_000);
});
