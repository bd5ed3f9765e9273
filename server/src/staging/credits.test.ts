import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { projects, stagingRuns } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { workspaceMembers, workspaces } from '../db/schema/workspaces.js';
import { insertProject, insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { chargeRun, creditPoolOf, refundProjectRuns, refundRun, reserveCredit } from './credits.js';

/**
 * staging/credits.ts function by function against PostgreSQL: exact credits after each step, each
 * settlement at most once, the pool the run drew on credited back, and one NOTIFY per settled run.
 * (credits.property.test.ts checks random interleavings; the run paths are in the staging tests.)
 */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
let listener: pg.Client;
const settled: string[] = [];
beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
  listener = new pg.Client({ connectionString: handle.url });
  await listener.connect();
  listener.on('notification', (n) => {
    if (n.channel === 'staging_run_settled') settled.push(n.payload!);
  });
  await listener.query('LISTEN staging_run_settled');
});
afterAll(async () => {
  await listener?.end();
  await handle?.drop();
});

/** The notifications delivered so far: a round trip on the listening connection after the commit. */
async function notified(): Promise<string[]> {
  await listener.query('SELECT 1');
  return settled.splice(0);
}

async function used(userId: string): Promise<number> {
  const [row] = await db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, userId));
  return row!.used;
}

async function balance(userId: string) {
  const [row] = await db.select({ used: users.creditsUsed, pack: users.packCredits }).from(users).where(eq(users.id, userId));
  return row!;
}

async function run(id: string) {
  const [row] = await db.select().from(stagingRuns).where(eq(stagingRuns.id, id));
  return row!;
}

async function projectStatus(id: string) {
  const [row] = await db.select({ status: projects.status }).from(projects).where(eq(projects.id, id));
  return row!.status;
}

async function account(limit: number, usedBefore: number) {
  const userId = await insertUser(db, { creditsLimit: limit, creditsUsed: usedBefore });
  const projectId = await insertProject(db, userId);
  return { userId, projectId };
}

async function reservedRun(userId: string, projectId: string, credits = 1, creditsUserId: string | null = userId): Promise<string> {
  const [row] = await db.insert(stagingRuns).values({ userId, projectId, credits, creditsUserId }).returning({ id: stagingRuns.id });
  return row!.id;
}

describe('the credit pool', () => {
  it("is the workspace's billing account with its credits; null for an unknown workspace", async () => {
    const owner = await insertUser(db, { creditsLimit: 50, creditsUsed: 7 });
    const member = await insertUser(db, { creditsLimit: 3, creditsUsed: 0 });
    const [ws] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.billingUserId, owner));
    await db.insert(workspaceMembers).values({ workspaceId: ws!.id, userId: member, role: 'member' });
    expect(await creditPoolOf(db, ws!.id)).toStrictEqual({ userId: owner, used: 7, limit: 50, pack: 0 });
    expect(await creditPoolOf(db, randomUUID())).toBeNull();
  });
});

describe('reserving', () => {
  it('takes credits only while they fit under the limit, exactly', async () => {
    const { userId } = await account(3, 1);
    expect(await reserveCredit(db, userId)).toStrictEqual({ fromPacks: 0 });
    expect(await used(userId)).toBe(2);
    expect(await reserveCredit(db, userId, 2)).toBeNull();
    expect(await used(userId)).toBe(2);
    expect(await reserveCredit(db, userId)).toStrictEqual({ fromPacks: 0 });
    expect(await used(userId)).toBe(3);
    expect(await reserveCredit(db, userId)).toBeNull();
    expect(await used(userId)).toBe(3);
  });

  it('several credits at once (variations) up to exactly the limit', async () => {
    const { userId } = await account(4, 1);
    expect(await reserveCredit(db, userId, 3)).toStrictEqual({ fromPacks: 0 });
    expect(await used(userId)).toBe(4);
    const other = await account(4, 2);
    expect(await reserveCredit(db, other.userId, 3)).toBeNull();
    expect(await used(other.userId)).toBe(2);
  });

  it('uses the allowance first, then the credit packs; never more than both together (decision 061)', async () => {
    const userId = await insertUser(db, { creditsLimit: 3, creditsUsed: 2, packCredits: 5 });
    // 1 left of the allowance + 2 from the packs.
    expect(await reserveCredit(db, userId, 3)).toStrictEqual({ fromPacks: 2 });
    expect(await balance(userId)).toStrictEqual({ used: 3, pack: 3 });
    expect(await reserveCredit(db, userId, 4)).toBeNull();
    expect(await balance(userId)).toStrictEqual({ used: 3, pack: 3 });
    expect(await reserveCredit(db, userId, 3)).toStrictEqual({ fromPacks: 3 });
    expect(await balance(userId)).toStrictEqual({ used: 3, pack: 0 });
  });

  it('twenty concurrent reservations of one credit on 4 allowance + 6 pack credits: exactly 10 succeed', async () => {
    const userId = await insertUser(db, { creditsLimit: 4, creditsUsed: 0, packCredits: 6 });
    const results = await Promise.all(Array.from({ length: 20 }, () => db.transaction((tx) => reserveCredit(tx, userId))));
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(results.filter((r) => r?.fromPacks === 1)).toHaveLength(6);
    expect(await balance(userId)).toStrictEqual({ used: 4, pack: 0 });
  });

  it('touches only the given account', async () => {
    const a = await account(5, 0);
    const b = await account(5, 0);
    await reserveCredit(db, a.userId, 2);
    expect(await used(b.userId)).toBe(0);
  });
});

describe('refunding a run', () => {
  it("gives its credits back to the pool it drew on, records why, settles the project's status and notifies", async () => {
    const owner = await account(10, 5);
    const member = await insertUser(db, { creditsLimit: 3, creditsUsed: 2 });
    const id = await reservedRun(member, owner.projectId, 2, owner.userId);
    await notified();
    expect(await refundRun(db, id, 'The engine failed. Your credits were refunded.', 'staging_failed')).toBe(true);
    expect(await used(owner.userId)).toBe(3);
    expect(await used(member)).toBe(2);
    const row = await run(id);
    expect({ state: row.state, error: row.error, errorCode: row.errorCode, finished: row.finishedAt instanceof Date }).toStrictEqual({
      state: 'refunded',
      error: 'The engine failed. Your credits were refunded.',
      errorCode: 'staging_failed',
      finished: true,
    });
    // No run left and no image: the project is failed, not processing.
    expect(await projectStatus(owner.projectId)).toBe('failed');
    expect(await notified()).toEqual([id]);
  });

  it('gives pack credits back to the packs and the rest to the allowance (decision 061)', async () => {
    const userId = await insertUser(db, { creditsLimit: 10, creditsUsed: 10, packCredits: 1 });
    const projectId = await insertProject(db, userId);
    const [row] = await db.insert(stagingRuns).values({ userId, projectId, credits: 3, packCredits: 2, creditsUserId: userId }).returning({ id: stagingRuns.id });
    expect(await refundRun(db, row!.id, 'x', 'staging_failed')).toBe(true);
    expect(await balance(userId)).toStrictEqual({ used: 9, pack: 3 });
  });

  it("a run from before workspaces (no pool recorded) refunds its own user's credits", async () => {
    const { userId, projectId } = await account(10, 4);
    const id = await reservedRun(userId, projectId, 1, null);
    expect(await refundRun(db, id, 'x', 'render_cancelled')).toBe(true);
    expect(await used(userId)).toBe(3);
  });

  it('happens once: a second refund, or a refund of a charged run, changes nothing and notifies nobody', async () => {
    const { userId, projectId } = await account(10, 4);
    const id = await reservedRun(userId, projectId);
    expect(await refundRun(db, id, 'first', 'staging_failed')).toBe(true);
    await notified();
    expect(await refundRun(db, id, 'second', 'render_cancelled')).toBe(false);
    expect(await used(userId)).toBe(3);
    expect((await run(id)).error).toBe('first');
    const charged = await reservedRun(userId, projectId);
    expect(await chargeRun(db, charged, randomUUID())).toBe(true);
    await notified();
    expect(await refundRun(db, charged, 'late', 'staging_failed')).toBe(false);
    expect(await used(userId)).toBe(3);
    expect(await notified()).toEqual([]);
  });

  it('never takes the used credits below zero', async () => {
    const { userId, projectId } = await account(10, 0);
    const id = await reservedRun(userId, projectId, 2);
    expect(await refundRun(db, id, 'x', 'staging_failed')).toBe(true);
    expect(await used(userId)).toBe(0);
  });
});

describe("refunding a project's runs", () => {
  it('refunds every reserved run to its pool, leaves charged runs alone, and notifies each', async () => {
    const owner = await account(20, 9);
    const legacy = await insertUser(db, { creditsLimit: 5, creditsUsed: 3 });
    const a = await reservedRun(owner.userId, owner.projectId, 1);
    const b = await reservedRun(owner.userId, owner.projectId, 3);
    const c = await reservedRun(legacy, owner.projectId, 2, null);
    const done = await reservedRun(owner.userId, owner.projectId, 1);
    await chargeRun(db, done, randomUUID());
    const elsewhere = await account(20, 1);
    const other = await reservedRun(elsewhere.userId, elsewhere.projectId);
    await notified();

    expect(await refundProjectRuns(db, owner.projectId, 'The project was deleted. Your credit has been refunded.')).toBe(3);
    expect(await used(owner.userId)).toBe(5);
    expect(await used(legacy)).toBe(1);
    expect(await used(elsewhere.userId)).toBe(1);
    for (const id of [a, b, c]) {
      const row = await run(id);
      expect([row.state, row.error, row.errorCode, row.finishedAt instanceof Date]).toEqual(['refunded', 'The project was deleted. Your credit has been refunded.', 'staging_failed', true]);
    }
    expect((await run(done)).state).toBe('charged');
    expect((await run(other)).state).toBe('reserved');
    expect((await notified()).sort()).toEqual([a, b, c].sort());

    expect(await refundProjectRuns(db, owner.projectId, 'again')).toBe(0);
    expect(await used(owner.userId)).toBe(5);
    expect(await notified()).toEqual([]);
  });

  it('never takes a pool below zero', async () => {
    const { userId, projectId } = await account(10, 1);
    await reservedRun(userId, projectId, 3);
    expect(await refundProjectRuns(db, projectId, 'x')).toBe(1);
    expect(await used(userId)).toBe(0);
  });
});

describe('charging a run', () => {
  it('records the delivered image once and notifies; a settled run is not charged again', async () => {
    const { userId, projectId } = await account(10, 1);
    const id = await reservedRun(userId, projectId);
    const image = randomUUID();
    await notified();
    expect(await chargeRun(db, id, image)).toBe(true);
    const row = await run(id);
    expect([row.state, row.resultImageId, row.finishedAt instanceof Date]).toEqual(['charged', image, true]);
    expect(await used(userId)).toBe(1);
    expect(await notified()).toEqual([id]);

    expect(await chargeRun(db, id, randomUUID())).toBe(false);
    expect((await run(id)).resultImageId).toBe(image);
    const refunded = await reservedRun(userId, projectId);
    await refundRun(db, refunded, 'x', 'staging_failed');
    await notified();
    expect(await chargeRun(db, refunded, randomUUID())).toBe(false);
    expect((await run(refunded)).state).toBe('refunded');
    expect(await notified()).toEqual([]);
  });
});
