import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingRuns } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { EngineError } from './engines/engine.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

/** Variations with an engine that makes one image per call (decision 025): a failed variation costs nothing. */
const engine = new ScriptedEngine([], 'ok');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine } });
}, 60_000);
afterAll(() => t?.close());

describe('variations with separate engine calls', () => {
  it('stages each variation on its own, charges only the delivered ones and keeps them in order', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.database.db.update(users).set({ creditsLimit: 10 }).where(eq(users.id, user.id));
    const projectId = await createProject(t.app, cookie);
    engine.calls.length = 0;
    engine.push('ok', new EngineError('The AI provider refused this image under its content policy.', 'permanent'), 'ok', 'ok');
    const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(800, 600)), projectId, variations: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(engine.calls.map((c) => c.variant)).toEqual([0, 1, 2, 3]);

    const [u] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.creditsUsed).toBe(3);
    const [run] = await t.database.db.select().from(stagingRuns).where(eq(stagingRuns.projectId, projectId));
    expect(run).toMatchObject({ state: 'charged', credits: 3 });

    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const staged = detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    expect(staged.variations).toHaveLength(3);
    expect(staged.variations[0].chosen).toBe(true);
  }, 60_000);

  it('passes the same furniture seed for photos of one room group and another for a different group', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    engine.calls.length = 0;
    for (const roomGroup of ['living-1', 'living-1', 'bedroom-1']) {
      const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(800, 600)), projectId, roomType: 'bedroom', roomGroup });
      expect(res.statusCode, res.body).toBe(200);
    }
    const seeds = engine.calls.map((c) => c.furnitureSeed);
    expect(seeds[0]).toBe(seeds[1]);
    expect(seeds[2]).not.toBe(seeds[0]);
    expect(engine.calls.map((c) => c.roomType)).toEqual(['bedroom', 'bedroom', 'bedroom']);
    // The scripted engine takes no reference image, so none is loaded or sent.
    expect(engine.calls.every((c) => c.reference === undefined)).toBe(true);
  }, 60_000);

  it("keeps the photos in upload order when a later upload is staged first (each room's first photo goes first)", async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const first = await upload(t.app, cookie, await photo(800, 600));
    const second = await upload(t.app, cookie, await photo(640, 480));
    for (const imageURL of [second, first]) expect((await processImage(t.app, cookie, { imageURL, projectId })).statusCode).toBe(200);
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const originals = detail.images.filter((i: { isOriginal: boolean }) => i.isOriginal);
    expect(originals.map((o: { width: number }) => o.width)).toEqual([800, 640]);
  }, 60_000);
});
