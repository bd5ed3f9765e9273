import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users.js';
import { imageWorkState } from '../../images/image-work.js';
import { createProject, photo, ScriptedEngine, upload } from '../../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../../test/support/test-app.js';
import { createGeometryLock } from '../engine-wiring.js';
import type { GeometryLock } from './run-render.js';

/**
 * Fair where the time is spent (issue #27, decision 040): a user whose six runs are already in
 * worker slots does not keep another user's first run waiting for the CPU behind all six. Counted
 * order, no clock: one image-work slot, every run in a slot of its own, and the geometry lock (the
 * run's CPU-heavy step) records whose image it is given, by the photo's width.
 */
const FIRST_USER_WIDTH = 480;
const SECOND_USER_WIDTH = 512;

let t: TestApp;
const locked: number[] = [];
let releaseFirstLock!: () => void;
const firstLockHeld = new Promise<void>((resolve) => (releaseFirstLock = resolve));

beforeAll(async () => {
  const real = createGeometryLock({ IMAGE_CONCURRENCY: 1 });
  // The real lock, held at its first call until the test has lined up the other runs behind it.
  const counting: GeometryLock = {
    ...real,
    async lock(original, result, options) {
      locked.push((await sharp(original).metadata()).width ?? 0);
      if (locked.length === 1) await firstLockHeld;
      return real.lock(original, result, options);
    },
  };
  t = await createTestApp({
    jobs: true,
    env: { WORKER_CONCURRENCY: '8', IMAGE_CONCURRENCY: '1' },
    services: { engine: new ScriptedEngine(), lock: counting },
  });
}, 60_000);
afterAll(async () => {
  releaseFirstLock();
  await t?.close();
});

async function userWithPhotos(width: number, count: number) {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ creditsLimit: 50 }).where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie);
  const image = await photo(width, (width * 3) / 4);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) paths.push(await upload(t.app, cookie, image));
  return { cookie, projectId, paths };
}

function startRun(user: { cookie: string; projectId: string }, imageURL: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/process-image',
    headers: { cookie: user.cookie, prefer: 'respond-async' },
    payload: { imageURL, projectId: user.projectId, category: 'virtual_staging', styleName: 'Modern Staging', styleDescription: '', isRegeneration: false },
  });
}

const until = (condition: () => boolean) => vi.waitFor(() => expect(condition()).toBe(true), { timeout: 60_000, interval: 20 });

describe('CPU admission follows the fair queue', () => {
  it("a user whose six photos are already being staged delays another user's first image by at most the one image on the CPU", async () => {
    const first = await userWithPhotos(FIRST_USER_WIDTH, 6);
    const second = await userWithPhotos(SECOND_USER_WIDTH, 1);

    for (const path of first.paths) expect((await startRun(first, path)).statusCode).toBe(202);
    // The first user's first image is on the CPU (the lock), the other five wait for it.
    await until(() => locked.length === 1 && imageWorkState().waiting === 5);

    expect((await startRun(second, second.paths[0]!)).statusCode).toBe(202);
    await until(() => imageWorkState().waiting === 6);
    releaseFirstLock();
    await until(() => locked.length >= 7);

    // Round robin per user: the second user's first image is next, not seventh.
    expect(locked.slice(0, 7)).toEqual([FIRST_USER_WIDTH, SECOND_USER_WIDTH, ...Array(5).fill(FIRST_USER_WIDTH)]);
  }, 120_000);
});
