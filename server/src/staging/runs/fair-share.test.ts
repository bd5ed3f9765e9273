import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingRuns } from '../../db/schema/projects.js';
import { users } from '../../db/schema/users.js';
import { createProject } from '../../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../../test/support/test-app.js';
import { stagingQueueOptions } from './fair-share.js';

/** Where process-image puts a new run in the fair queue (decision 024), from the user's open runs and plan. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

async function userWithOpenRuns(plan: 'free' | 'business', open: number, settled: number) {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ subscriptionPlan: plan }).where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie);
  const states = [...Array<'reserved'>(open).fill('reserved'), ...Array<'charged'>(settled).fill('charged')];
  const ids: string[] = [];
  for (const state of states) {
    const [run] = await t.database.db.insert(stagingRuns).values({ userId: user.id, projectId, state }).returning({ id: stagingRuns.id });
    ids.push(run!.id);
  }
  return { userId: user.id, newest: ids[0]! };
}

describe('stagingQueueOptions', () => {
  it("queues a run behind its user's other open runs, by the plan's share, in the user's group and plan tier", async () => {
    // Three open runs besides the new one; finished runs do not count.
    const free = await userWithOpenRuns('free', 4, 2);
    expect(await stagingQueueOptions(t.database.db, free.userId, free.newest)).toEqual({ group: { id: free.userId, tier: 'free' }, priority: -3 });
    const business = await userWithOpenRuns('business', 4, 0);
    expect(await stagingQueueOptions(t.database.db, business.userId, business.newest)).toEqual({ group: { id: business.userId, tier: 'business' }, priority: -1 });
    const first = await userWithOpenRuns('free', 1, 5);
    expect((await stagingQueueOptions(t.database.db, first.userId, first.newest)).priority).toBe(0);
  });
});
