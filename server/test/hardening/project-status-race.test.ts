import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages, projects, stagingRuns } from '../../src/db/schema/projects.js';
import { users } from '../../src/db/schema/users.js';
import { chargeRun } from '../../src/staging/credits.js';
import { recomputeProjectStatus } from '../../src/staging/project-status.js';
import { createTestApp, signUp, type TestApp } from '../support/test-app.js';

/**
 * Two staging runs of one project settling at the same moment (two workers, two originals), found
 * by the scale-out test: each transaction recomputed the project while the other's run was still
 * reserved, and the second one, blocked on the project row, wrote 'processing' from its stale
 * snapshot after the first committed, leaving a finished project 'processing' until the sweeper.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function waitUntilBlockedOnALock() {
  for (let i = 0; i < 100; i++) {
    const { rows } = await t.database.pool.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the second transaction never waited for the project row');
}

describe('project status when two runs settle concurrently', () => {
  it('ends completed whatever the interleaving of the two transactions', async () => {
    const { user } = await signUp(t.app);
    const db = t.database.db;
    await db.update(users).set({ creditsUsed: 2 }).where(eq(users.id, user.id));
    const [project] = await db.insert(projects).values({ userId: user.id, title: 'Race', status: 'processing' }).returning();
    const prefix = `/users/${user.id}/projects/${project!.id}`;
    const runs: string[] = [];
    for (const n of [1, 2]) {
      const [original] = await db
        .insert(projectImages)
        .values({ projectId: project!.id, userId: user.id, filePath: `${prefix}/o${n}.jpg`, isOriginal: true, mimeType: 'image/jpeg' })
        .returning();
      await db
        .insert(projectImages)
        .values({ projectId: project!.id, userId: user.id, filePath: `${prefix}/s${n}.jpg`, isOriginal: false, originalImageId: original!.id, mimeType: 'image/jpeg' });
      const [run] = await db.insert(stagingRuns).values({ userId: user.id, projectId: project!.id, originalImageId: original!.id }).returning();
      runs.push(run!.id);
    }

    const firstRecomputed = gate();
    const releaseFirst = gate();
    const bothCharged = gate();
    let firstCharged = false;
    const first = db.transaction(async (tx) => {
      await chargeRun(tx, runs[0]!, crypto.randomUUID());
      firstCharged = true;
      await bothCharged.opened;
      await recomputeProjectStatus(tx, project!.id); // sees run 2 still reserved: 'processing'
      firstRecomputed.open();
      await releaseFirst.opened;
    });
    const second = db.transaction(async (tx) => {
      while (!firstCharged) await new Promise((r) => setTimeout(r, 5));
      await chargeRun(tx, runs[1]!, crypto.randomUUID());
      bothCharged.open();
      await firstRecomputed.opened;
      await recomputeProjectStatus(tx, project!.id); // waits for the first transaction's row lock
    });
    await firstRecomputed.opened;
    await waitUntilBlockedOnALock();
    releaseFirst.open();
    await Promise.all([first, second]);

    const [row] = await db.select({ status: projects.status }).from(projects).where(eq(projects.id, project!.id));
    expect(row!.status).toBe('completed');
  });
});
