import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, stagingRuns } from '../db/schema/projects.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

/** GET /api/staging-runs?active=1: what a page reloaded mid-run finds (issue #23). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/staging-runs?active=1', () => {
  it("lists the user's live and just-finished runs by project, newest first, with the live runs' event streams", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const db = t.database.db;
    const [done] = await db
      .insert(projects)
      .values({ userId: owner.user.id, title: 'Altbau', status: 'completed' })
      .returning();
    await db.insert(stagingRuns).values([
      {
        userId: owner.user.id,
        projectId: done!.id,
        state: 'charged',
        createdAt: sql`now() - interval '4 minutes'`,
        finishedAt: sql`now() - interval '3 minutes'`,
      },
      {
        userId: owner.user.id,
        projectId: done!.id,
        state: 'refunded',
        createdAt: sql`now() - interval '4 minutes'`,
        finishedAt: sql`now() - interval '2 minutes'`,
      },
    ]);
    const [live] = await db
      .insert(projects)
      .values({ userId: owner.user.id, title: 'Loft', status: 'processing' })
      .returning();
    const [running] = await db
      .insert(stagingRuns)
      .values({
        userId: owner.user.id,
        projectId: live!.id,
        stage: 'locking',
        createdAt: sql`now() - interval '1 minute'`,
      })
      .returning();
    await db
      .insert(stagingRuns)
      .values({
        userId: owner.user.id,
        projectId: live!.id,
        state: 'charged',
        createdAt: sql`now() - interval '2 minutes'`,
        finishedAt: sql`now()`,
      });
    // Finished long ago, and another user's run: not listed.
    const [old] = await db
      .insert(projects)
      .values({ userId: owner.user.id, title: 'Old', status: 'completed' })
      .returning();
    await db
      .insert(stagingRuns)
      .values({
        userId: owner.user.id,
        projectId: old!.id,
        state: 'charged',
        createdAt: sql`now() - interval '2 hours'`,
        finishedAt: sql`now() - interval '2 hours'`,
      });
    const [theirs] = await db
      .insert(projects)
      .values({ userId: other.user.id, title: 'Theirs', status: 'processing' })
      .returning();
    await db.insert(stagingRuns).values({ userId: other.user.id, projectId: theirs!.id });

    const res = await t.app.inject({
      url: '/api/staging-runs?active=1',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { projects: Array<Record<string, unknown>> };
    expect(
      body.projects.map((p) => ({
        ...p,
        startedAt: typeof p.startedAt,
        finishedAt: p.finishedAt === null ? null : typeof p.finishedAt,
      })),
    ).toEqual([
      {
        projectId: live!.id,
        title: 'Loft',
        status: 'processing',
        running: 1,
        delivered: 1,
        failed: 0,
        startedAt: 'string',
        finishedAt: null,
        live: [
          {
            runId: running!.id,
            stage: 'locking',
            eventsUrl: `/api/staging-runs/${running!.id}/events`,
          },
        ],
      },
      {
        projectId: done!.id,
        title: 'Altbau',
        status: 'completed',
        running: 0,
        delivered: 1,
        failed: 1,
        startedAt: 'string',
        finishedAt: 'string',
        live: [],
      },
    ]);
  });

  it('needs a session and the active filter', async () => {
    expect((await t.app.inject({ url: '/api/staging-runs?active=1' })).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/staging-runs', headers: { cookie } })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ url: '/api/staging-runs?active=1', headers: { cookie } })).json(),
    ).toEqual({ projects: [] });
  });
});
