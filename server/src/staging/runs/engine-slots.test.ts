import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users.js';
import { asImageWorkOwner, imageWorkState } from '../../images/image-work.js';
import { WorkLimiter } from '../../images/work-limiter.js';
import { createProject, photo, ScriptedEngine, upload } from '../../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../../test/support/test-app.js';
import type { StageInput, StageResult, StagingEngine } from '../engines/engine.js';
import { createGeometryLock } from '../engine-wiring.js';
import { withEngineSlots } from './engine-slots.js';
import type { GeometryLock } from './run-render.js';

/** An engine whose requests wait until the test answers them, recording whose request (by style name) came in. */
function heldEngine() {
  const started: string[] = [];
  const answers: (() => void)[] = [];
  const engine: StagingEngine = {
    name: 'held',
    async stage(input: StageInput): Promise<StageResult> {
      started.push(input.styleName);
      await new Promise<void>((resolve) => answers.push(resolve));
      return { image: input.image, mimeType: 'image/jpeg', engine: 'held' };
    },
  };
  return { engine, started, answerNext: () => answers.shift()?.() };
}

const request = (styleName: string) => ({ image: Buffer.alloc(1), mimeType: 'image/jpeg', styleId: 'modern', styleName, styleDescription: '' }) as StageInput;
const until = (condition: () => boolean) => vi.waitFor(() => expect(condition()).toBe(true), { timeout: 60_000, interval: 10 });

describe('engine slots (decision 048)', () => {
  it("waiting requests start round robin per owner: another user's first request comes before a batch's second", async () => {
    const { engine, started, answerNext } = heldEngine();
    const slotted = withEngineSlots(engine, new WorkLimiter(1));
    const batch = ['a1', 'a2', 'a3'].map((name) => asImageWorkOwner({ key: 'a', share: 1 }, () => slotted.stage(request(name))));
    await until(() => started.length === 1);
    const other = asImageWorkOwner({ key: 'b', share: 1 }, () => slotted.stage(request('b1')));
    for (let i = 1; i <= 4; i++) {
      answerNext();
      await until(() => started.length === Math.min(4, i + 1));
    }
    await Promise.all([...batch, other]);
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('a request given up while it waits never reaches the engine', async () => {
    const { engine, started, answerNext } = heldEngine();
    const slotted = withEngineSlots(engine, new WorkLimiter(1));
    const first = slotted.stage(request('first'));
    const controller = new AbortController();
    const waiting = slotted.stage({ ...request('given-up'), signal: controller.signal });
    controller.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow('deadline');
    answerNext();
    await first;
    expect(started).toEqual(['first']);
  });
});

describe('a slot is held while the engine renders, not while the result is locked', () => {
  let t: TestApp;
  const engine = new ScriptedEngine();
  let lockCalls = 0;
  let releaseLock!: () => void;
  const lockHeld = new Promise<void>((resolve) => (releaseLock = resolve));

  beforeAll(async () => {
    const real = createGeometryLock({ IMAGE_CONCURRENCY: 1 });
    const held: GeometryLock = {
      ...real,
      async lock(original, result, options) {
        lockCalls += 1;
        if (lockCalls === 1) await lockHeld;
        return real.lock(original, result, options);
      },
    };
    // One slot, one image-work slot, an engine that waits on a provider (fixed-latency's configuration, the
    // scripted engine standing in): before decision 048 the second run waited for the first to be locked.
    t = await createTestApp({ jobs: true, env: { STAGING_ENGINE: 'fixed-latency', WORKER_CONCURRENCY: '1', IMAGE_CONCURRENCY: '1' }, services: { engine, lock: held } });
  }, 60_000);
  afterAll(async () => {
    releaseLock();
    await t?.close();
  });

  // Uploaded beforehand: an upload's intake is image work too, and would wait behind the held lock.
  async function userWithPhoto() {
    const { cookie, user } = await signUp(t.app);
    await t.database.db.update(users).set({ creditsLimit: 5 }).where(eq(users.id, user.id));
    const projectId = await createProject(t.app, cookie);
    const imageURL = await upload(t.app, cookie, await photo(480, 360));
    return { cookie, projectId, imageURL };
  }

  async function startRun({ cookie, projectId, imageURL }: Awaited<ReturnType<typeof userWithPhoto>>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/process-image',
      headers: { cookie, prefer: 'respond-async' },
      payload: { imageURL, projectId, category: 'virtual_staging', styleName: 'Modern Staging', styleDescription: '', isRegeneration: false },
    });
    expect(res.statusCode).toBe(202);
  }

  it("the next run's engine request is made while the first run's result is still being locked", async () => {
    const [first, second] = [await userWithPhoto(), await userWithPhoto()];
    await startRun(first);
    await until(() => lockCalls === 1);
    await startRun(second);
    // The second run rendered in the freed slot and now waits for the image-work slot the held lock occupies.
    await until(() => engine.calls.length === 2 && imageWorkState().waiting === 1);
    expect(lockCalls).toBe(1);
    releaseLock();
    await until(() => lockCalls === 2);
  }, 120_000);
});
