import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectImages, projects, stagingRuns } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import {
  createProject,
  photo,
  processImage,
  ScriptedEngine,
  upload,
} from '../../test/support/staging-fixtures.js';
import { sweepStaging } from './runs/sweeper.js';

/** Timeouts, a dying worker, a missing queue, a project deleted mid-run: the credit always comes back. */
const engine = new ScriptedEngine();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { STAGING_TIMEOUT_S: '2' }, services: { engine } });
});
afterAll(async () => {
  await t?.close();
});

const silent = pino({ level: 'silent' });

async function creditsUsed(userId: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return u!.creditsUsed;
}
/** The pg-boss job of the user's only run. */
async function runJobId(userId: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const [run] = await t.database.db.select().from(stagingRuns).where(eq(stagingRuns.userId, userId));
      expect(run?.jobId).toEqual(expect.any(String));
      return run!.jobId!;
    },
    { timeout: 5000, interval: 20 },
  );
}
/** Waits for the run's job to end (its handler returned): whatever it was going to store is stored by then. */
async function jobEnded(jobId: string) {
  await vi.waitFor(
    async () => {
      const { rows } = await t.database.pool.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE id::text = $1`, [jobId]);
      expect(rows.map((r) => r.state)).toEqual([expect.stringMatching(/^(completed|failed|cancelled)$/)]);
    },
    { timeout: 20_000, interval: 50 },
  );
}
function projectFiles(userId: string): string[] {
  const dir = path.join(t.config.dataDir, 'objects', 'users', userId, 'projects');
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
}

describe('timeouts', () => {
  it('answers 504 after STAGING_TIMEOUT_S when the engine hangs, refunds, and stores nothing later', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    engine.push('hang');
    const call = engine.calls.length;
    const res = await processImage(t.app, cookie, {
      imageURL: await upload(t.app, cookie, await photo(320, 240)),
      projectId,
    });
    expect(res.statusCode, res.body).toBe(504);
    // The request's wait and the job's deadline both end after STAGING_TIMEOUT_S; whichever refunds
    // first words the answer.
    expect(res.json()).toMatchObject({
      success: false,
      code: 'staging_timeout',
      error: expect.stringMatching(/^(Staging took too long and was stopped\. Your credit has been refunded; please try again\.|The AI provider did not answer in time\. Your credit has been refunded\.)$/),
    });
    expect(await creditsUsed(user.id)).toBe(0);
    // The hung engine call is let go (its signal aborted), and the job ends with the run refunded.
    await vi.waitFor(() => expect(engine.calls[call]?.signal?.aborted).toBe(true), { timeout: 20_000, interval: 50 });
    await jobEnded(await runJobId(user.id));
    const [run] = await t.database.db.select().from(stagingRuns).where(eq(stagingRuns.userId, user.id));
    expect(run).toMatchObject({ state: 'refunded', errorCode: 'staging_timeout', resultImageId: null });
    expect(projectFiles(user.id)).toHaveLength(2); // the original and its thumbnail only
    const project = (
      await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })
    ).json();
    expect(project.status).toBe('failed');
  });

  it('discards a result that arrives after the timeout (no charge, no file)', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    // The engine ignores its abort signal and answers only after the 504, however slow the machine is.
    let answerLate!: () => void;
    const mayAnswer = new Promise<void>((resolve) => (answerLate = resolve));
    let answered!: () => void;
    const hasAnswered = new Promise<void>((resolve) => (answered = resolve));
    engine.push(async (input) => {
      await mayAnswer;
      answered();
      return { image: input.image, mimeType: 'image/jpeg', engine: 'late' };
    });
    const res = await processImage(t.app, cookie, {
      imageURL: await upload(t.app, cookie, await photo(320, 240)),
      projectId,
    });
    expect(res.statusCode).toBe(504);
    const jobId = await runJobId(user.id);
    answerLate();
    await hasAnswered;
    await jobEnded(jobId);
    expect(await creditsUsed(user.id)).toBe(0);
    expect(projectFiles(user.id)).toHaveLength(2); // the original and its thumbnail only
    const [row] = await t.database.db
      .select()
      .from(stagingRuns)
      .where(eq(stagingRuns.userId, user.id));
    expect(row!.state).toBe('refunded');
  });
});

describe('deleting a project while it is staged', () => {
  it('refunds the reserved credit; the late result is discarded', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    // The engine finishes only after the project is gone, however slow the machine is.
    let finishEngine!: () => void;
    const engineMayFinish = new Promise<void>((resolve) => (finishEngine = resolve));
    engine.push(async (input) => {
      await engineMayFinish;
      return { image: input.image, mimeType: 'image/jpeg', engine: 'slow' };
    });
    const pending = processImage(t.app, cookie, {
      imageURL: await upload(t.app, cookie, await photo(320, 240)),
      projectId,
    });
    await vi.waitFor(async () => expect(await creditsUsed(user.id)).toBe(1), { timeout: 5000, interval: 20 });
    const jobId = await runJobId(user.id); // the run row goes with the project
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: { cookie },
    });
    finishEngine();
    expect(deleted.json()).toEqual({ deletedFiles: 1 });
    expect(await creditsUsed(user.id)).toBe(0);
    expect((await pending).statusCode).toBe(404);
    await jobEnded(jobId);
    expect(projectFiles(user.id)).toEqual([]);
    expect(await creditsUsed(user.id)).toBe(0);
  });
});

describe('the sweeper', () => {
  it('refunds runs stuck in reserved for more than 15 minutes and fails their project', async () => {
    const { user } = await signUp(t.app);
    const db = t.database.db;
    const [project] = await db
      .insert(projects)
      .values({ userId: user.id, title: 'Stuck', status: 'processing' })
      .returning();
    const [original] = await db
      .insert(projectImages)
      .values({
        projectId: project!.id,
        userId: user.id,
        filePath: `/users/${user.id}/projects/${project!.id}/x.jpg`,
        isOriginal: true,
        mimeType: 'image/jpeg',
      })
      .returning();
    await db.update(users).set({ creditsUsed: 2 }).where(eq(users.id, user.id));
    const [stuck] = await db
      .insert(stagingRuns)
      .values({
        userId: user.id,
        projectId: project!.id,
        originalImageId: original!.id,
        createdAt: sql`now() - interval '16 minutes'`,
      })
      .returning();
    // A young run of another project is left alone.
    const [young] = await db
      .insert(projects)
      .values({ userId: user.id, title: 'Young' })
      .returning();
    const [fresh] = await db
      .insert(stagingRuns)
      .values({ userId: user.id, projectId: young!.id })
      .returning();

    const result = await sweepStaging({ db, stuckAfterSeconds: 15 * 60 }, silent);
    expect(result.refunded).toBe(1);
    expect(await creditsUsed(user.id)).toBe(1);
    const [run] = await db.select().from(stagingRuns).where(eq(stagingRuns.id, stuck!.id));
    expect(run).toMatchObject({ state: 'refunded', errorCode: 'staging_timeout' });
    const [p] = await db.select().from(projects).where(eq(projects.id, project!.id));
    expect(p!.status).toBe('failed');
    const [f] = await db.select().from(stagingRuns).where(eq(stagingRuns.id, fresh!.id));
    expect(f!.state).toBe('reserved');

    // Idempotent: a second sweep (or a late job) refunds nothing twice.
    expect((await sweepStaging({ db, stuckAfterSeconds: 15 * 60 }, silent)).refunded).toBe(0);
    expect(await creditsUsed(user.id)).toBe(1);
  });

  it('fails projects left in processing for more than 15 minutes with nothing running', async () => {
    const { user } = await signUp(t.app);
    const [project] = await t.database.db
      .insert(projects)
      .values({
        userId: user.id,
        title: 'Abandoned',
        status: 'processing',
        updatedAt: sql`now() - interval '20 minutes'`,
      })
      .returning();
    await sweepStaging({ db: t.database.db, stuckAfterSeconds: 15 * 60 }, silent);
    const [p] = await t.database.db.select().from(projects).where(eq(projects.id, project!.id));
    expect(p!.status).toBe('failed');
  });

  it('refunds a started run whose heartbeat stopped, once, and leaves a beating one and a queued one alone (decision 032)', async () => {
    const db = t.database.db;
    const { user } = await signUp(t.app);
    const [project] = await db.insert(projects).values({ userId: user.id, title: 'Lost worker', status: 'processing' }).returning();
    await db.update(users).set({ creditsUsed: 3 }).where(eq(users.id, user.id));
    const run = (values: { stage?: string; heartbeatAt?: SQL; createdAt?: SQL }) =>
      db.insert(stagingRuns).values({ userId: user.id, projectId: project!.id, ...values }).returning().then((rows) => rows[0]!);
    const lost = await run({ stage: 'generating', heartbeatAt: sql`now() - interval '91 seconds'` });
    const beating = await run({ stage: 'generating', heartbeatAt: sql`now() - interval '10 seconds'` });
    // Queued for long (no heartbeat yet): waiting in the queue is not a lost worker.
    const queued = await run({ createdAt: sql`now() - interval '5 minutes'` });

    const result = await sweepStaging({ db, stuckAfterSeconds: 15 * 60, staleAfterSeconds: 90 }, silent);
    expect(result).toMatchObject({ workerLost: 1, refunded: 0 });
    const states = await db.select({ id: stagingRuns.id, state: stagingRuns.state, code: stagingRuns.errorCode }).from(stagingRuns).where(eq(stagingRuns.projectId, project!.id));
    expect(new Map(states.map((s) => [s.id, [s.state, s.code]]))).toEqual(
      new Map([
        [lost.id, ['refunded', 'staging_failed']],
        [beating.id, ['reserved', null]],
        [queued.id, ['reserved', null]],
      ]),
    );
    expect(await creditsUsed(user.id)).toBe(2);
    // Sweeps of several processes at once, or again later: the run is refunded once.
    const again = await Promise.all([1, 2, 3].map(() => sweepStaging({ db, stuckAfterSeconds: 15 * 60, staleAfterSeconds: 90 }, silent)));
    expect(again.map((r) => r.workerLost)).toEqual([0, 0, 0]);
    expect(await creditsUsed(user.id)).toBe(2);
  });

  it('settles a processing project with no live run after two minutes: failed without photos, completed with what was delivered (issue #23)', async () => {
    const { user } = await signUp(t.app);
    const db = t.database.db;
    const old = sql`now() - interval '3 minutes'`;
    // Created, then every upload failed: no photo, no run.
    const [empty] = await db
      .insert(projects)
      .values({ userId: user.id, title: 'Empty', status: 'processing', updatedAt: old })
      .returning();
    // One photo sent to staging and delivered; the tab was closed before the rest were sent.
    const [delivered] = await db
      .insert(projects)
      .values({ userId: user.id, title: 'Delivered', status: 'processing', updatedAt: old })
      .returning();
    const [original] = await db
      .insert(projectImages)
      .values({
        projectId: delivered!.id,
        userId: user.id,
        filePath: `/users/${user.id}/projects/${delivered!.id}/o.jpg`,
        isOriginal: true,
        mimeType: 'image/jpeg',
      })
      .returning();
    await db.insert(projectImages).values({
      projectId: delivered!.id,
      userId: user.id,
      filePath: `/users/${user.id}/projects/${delivered!.id}/s.jpg`,
      isOriginal: false,
      originalImageId: original!.id,
      mimeType: 'image/jpeg',
    });
    await db
      .insert(stagingRuns)
      .values({
        userId: user.id,
        projectId: delivered!.id,
        originalImageId: original!.id,
        state: 'charged',
      });
    // A live run keeps its project processing; a project created a moment ago is left alone too.
    const [live] = await db
      .insert(projects)
      .values({ userId: user.id, title: 'Live', status: 'processing', updatedAt: old })
      .returning();
    await db.insert(stagingRuns).values({ userId: user.id, projectId: live!.id });
    const [young] = await db
      .insert(projects)
      .values({ userId: user.id, title: 'Just created', status: 'processing' })
      .returning();

    await sweepStaging({ db, stuckAfterSeconds: 15 * 60 }, silent);
    const status = async (id: string) =>
      (await db.select().from(projects).where(eq(projects.id, id)))[0]!.status;
    expect(await status(empty!.id)).toBe('failed');
    expect(await status(delivered!.id)).toBe('completed');
    expect(await status(live!.id)).toBe('processing');
    expect(await status(young!.id)).toBe('processing');
  });

  it('is scheduled every minute with pg-boss', async () => {
    const { rows } = await t.database.pool.query(
      `SELECT name, cron FROM pgboss.schedule WHERE name = 'staging.sweep'`,
    );
    expect(rows).toEqual([{ name: 'staging.sweep', cron: '* * * * *' }]);
  });
});

describe('storage failing', () => {
  it('refunds at once when the job cannot read the original (it used to wait for the sweep)', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const storage = t.services.storage;
    const read = storage.read;
    storage.read = async (key) => {
      if (key.includes(`/projects/${projectId}/`)) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      return read.call(storage, key);
    };
    try {
      const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(320, 240)), projectId });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ success: false, code: 'staging_failed', error: expect.stringMatching(/refunded/) });
    } finally {
      storage.read = read;
    }
    expect(await creditsUsed(user.id)).toBe(0);
    const [run] = await t.database.db.select().from(stagingRuns).where(eq(stagingRuns.userId, user.id));
    expect(run).toMatchObject({ state: 'refunded', errorCode: 'staging_failed' });
  });
});

describe('without a job queue', () => {
  it('answers 503 and refunds the credit', async () => {
    const bare = await createTestApp({ services: { engine } });
    try {
      const { cookie, user } = await signUp(bare.app);
      const projectId = await createProject(bare.app, cookie);
      const res = await processImage(bare.app, cookie, {
        imageURL: await upload(bare.app, cookie, await photo(320, 240)),
        projectId,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        error: expect.stringMatching(/refunded/),
      });
      const [u] = await bare.database.db.select().from(users).where(eq(users.id, user.id));
      expect(u!.creditsUsed).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
