/**
 * Issue #22 item 8: choosing a variation while the same photo is re-staged could leave the staged
 * row pointing at a file the re-stage had just deleted, nothing chosen, the credits spent (choose
 * took no lock). Both now serialise on the original's row. Deterministic: the test holds that row
 * lock itself, starts both requests, waits until PostgreSQL shows them queued behind it in a known
 * order, then lets go and checks the end state. Since issue #23 a re-stage keeps the earlier
 * results as variations (decision 037), so the old ones stay choosable and their files stay served.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

const engine = new ScriptedEngine([], 'ok');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine } });
}, 60_000);
afterAll(() => t?.close());

interface Variation {
  id: string;
  filePath: string;
  thumbnailPath: string;
  chosen: boolean;
}
interface Staged {
  id: string;
  filePath: string;
  variations: Variation[];
}

async function stagedWithTwoVariations() {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ creditsLimit: 20 }).where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie);
  const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(800, 600)), projectId, variations: 2 });
  expect(res.statusCode, res.body).toBe(200);
  const read = async () => {
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json() as { images: Array<{ id: string; isOriginal: boolean; filePath: string } & Partial<Staged>> };
    return { original: detail.images.find((i) => i.isOriginal)!, staged: detail.images.find((i) => !i.isOriginal) as Staged };
  };
  const { original, staged } = await read();
  expect(staged.variations.map((v) => v.chosen)).toEqual([true, false]);
  const served = async (filePath: string) => (await t.app.inject({ url: `/objects${filePath}`, headers: { cookie } })).statusCode;
  const creditsUsed = async () => (await t.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, user.id)))[0]!.used;
  const restage = () => processImage(t.app, cookie, { imageURL: `/objects${original.filePath}`, projectId, isRegeneration: true, variations: 2 });
  const choose = (variationId: string) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/images/${staged.id}/choose`, headers: { cookie }, payload: { variationId } });
  return { original, staged, read, served, creditsUsed, restage, choose };
}

/** Requests of this database waiting for the row lock on a project image (SELECT … FOR NO KEY UPDATE). */
async function waitersOnImageRows(): Promise<number> {
  const result = await t.database.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%project_images%for no key update%'`);
  return result.rows[0]!.n;
}

async function untilWaiting(count: number) {
  const deadline = Date.now() + 30_000;
  while ((await waitersOnImageRows()) < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} request(s) waiting for the image row lock`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Holds the original's row lock (what either side holds while it stores) while `during` runs. */
async function holdingImageRow(originalId: string, during: () => Promise<void>) {
  await t.database.db.transaction(async (tx) => {
    await tx.select({ id: projectImages.id }).from(projectImages).where(eq(projectImages.id, originalId)).for('no key update');
    await during();
  });
}

describe('issue #22 item 8: choose and re-stage serialise on the image row', () => {
  it('a choice arriving while a re-stage is being stored waits, then applies to the kept earlier variation: the staged file exists, one of four chosen, 4 credits', async () => {
    const s = await stagedWithTwoVariations();
    const old = s.staged.variations;
    let restaged!: ReturnType<typeof s.restage>;
    let chose!: ReturnType<typeof s.choose>;
    let choiceSettled = false;
    await holdingImageRow(s.original.id, async () => {
      restaged = s.restage();
      await untilWaiting(1); // the re-stage's result is ready and waits to be stored
      chose = s.choose(old[1]!.id);
      void chose.then(() => (choiceSettled = true));
      await untilWaiting(2); // the choice queues behind it instead of writing now
      expect(choiceSettled).toBe(false);
    });
    expect((await restaged).statusCode).toBe(200);
    const choice = await chose;
    expect(choice.statusCode).toBe(200);

    const { staged } = await s.read();
    expect(staged.variations.map((v) => v.id).slice(0, 2)).toEqual(old.map((v) => v.id));
    expect(staged.variations).toHaveLength(4);
    expect(staged.variations.map((v) => v.chosen)).toEqual([false, true, false, false]);
    expect(staged.filePath).toBe(old[1]!.filePath);
    for (const v of staged.variations) expect(await s.served(v.filePath)).toBe(200);
    expect(await s.creditsUsed()).toBe(4);
  }, 120_000);

  it('a re-stage finishing while a choice is being stored waits for it, then adds its results after the earlier ones: the newest chosen, 4 credits', async () => {
    const s = await stagedWithTwoVariations();
    const old = s.staged.variations;
    let restaged!: ReturnType<typeof s.restage>;
    let chose!: ReturnType<typeof s.choose>;
    let choiceSettled = false;
    await holdingImageRow(s.original.id, async () => {
      chose = s.choose(old[1]!.id);
      void chose.then(() => (choiceSettled = true));
      await untilWaiting(1); // the choice waits for the row instead of writing now
      expect(choiceSettled).toBe(false);
      restaged = s.restage();
      await untilWaiting(2); // the re-stage's result queues behind the choice
    });
    const choice = await chose;
    expect(choice.statusCode).toBe(200);
    expect(choice.json()).toEqual({ processedImagePath: old[1]!.filePath, imageId: s.staged.id });
    expect((await restaged).statusCode).toBe(200);

    const { staged } = await s.read();
    expect(staged.variations).toHaveLength(4);
    expect(staged.variations.map((v) => v.chosen)).toEqual([false, false, true, false]);
    expect(staged.filePath).toBe(staged.variations[2]!.filePath);
    for (const v of staged.variations) expect(await s.served(v.filePath)).toBe(200);
    expect(await s.creditsUsed()).toBe(4);
  }, 120_000);
});
