import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, stagingRuns } from '../../src/db/schema/projects.js';
import { users } from '../../src/db/schema/users.js';
import { chargeRun, refundProjectRuns, refundRun, reserveCredit } from '../../src/staging/credits.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The staging credit arithmetic (staging/credits.ts) against the real database functions: any
 * sequence of reserve / charge / refund / refund-again / project refund keeps credits_used equal to
 * the credits of runs still reserved or charged (plus what was used before), never below 0 and
 * never above the limit; a run is settled at most once; concurrent reservations never overspend.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Op = { kind: 'reserve' } | { kind: 'charge'; run: number } | { kind: 'refund'; run: number } | { kind: 'refundProject' };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'reserve' as const }) },
  { weight: 2, arbitrary: fc.nat(9).map((run) => ({ kind: 'charge' as const, run })) },
  { weight: 2, arbitrary: fc.nat(9).map((run) => ({ kind: 'refund' as const, run })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'refundProject' as const }) },
);

async function freshAccount(limit: number, used: number) {
  const db = t.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: `credits-${randomUUID()}@example.com`, creditsLimit: limit, creditsUsed: used })
    .returning({ id: users.id });
  const [project] = await db.insert(projects).values({ userId: user!.id, title: 'Credits' }).returning({ id: projects.id });
  return { userId: user!.id, projectId: project!.id };
}

async function creditsUsed(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, userId));
  return row!.used;
}

/** What process-image does: one transaction, the credit and the run row together. */
async function reserve(userId: string, projectId: string): Promise<string | null> {
  return t.database.db.transaction(async (tx) => {
    if (!(await reserveCredit(tx, userId))) return null;
    const [run] = await tx.insert(stagingRuns).values({ userId, projectId }).returning({ id: stagingRuns.id });
    return run!.id;
  });
}

describe('staging credits', () => {
  it('any interleaving of reserve, charge and (repeated) refunds keeps credits exact and within 0…limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.array(op, { minLength: 1, maxLength: 14 }), async (limit, usedBefore, ops) => {
        const startUsed = Math.min(usedBefore, limit);
        const { userId, projectId } = await freshAccount(limit, startUsed);
        const runs: Array<{ id: string; state: 'reserved' | 'charged' | 'refunded' }> = [];
        const expected = () => startUsed + runs.filter((r) => r.state !== 'refunded').length;

        for (const step of ops) {
          if (step.kind === 'reserve') {
            const id = await reserve(userId, projectId);
            expect(id !== null).toBe(expected() < limit);
            if (id) runs.push({ id, state: 'reserved' });
          } else if (step.kind === 'refundProject') {
            const refunded = await refundProjectRuns(t.database.db, projectId, 'project deleted');
            expect(refunded).toBe(runs.filter((r) => r.state === 'reserved').length);
            for (const r of runs) if (r.state === 'reserved') r.state = 'refunded';
          } else {
            const run = runs[step.run % Math.max(runs.length, 1)];
            if (!run) continue;
            const settled =
              step.kind === 'charge'
                ? await t.database.db.transaction((tx) => chargeRun(tx, run.id, randomUUID()))
                : await refundRun(t.database.db, run.id, 'failed', 'staging_failed');
            // Only a reserved run can be settled, and only once, whichever way comes first.
            expect(settled).toBe(run.state === 'reserved');
            if (settled) run.state = step.kind === 'charge' ? 'charged' : 'refunded';
          }
          const used = await creditsUsed(userId);
          expect(used).toBe(expected());
          expect(used).toBeGreaterThanOrEqual(0);
          expect(used).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('concurrent reservations take exactly the credits that are left', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 9 }), async (left, attempts) => {
        const { userId, projectId } = await freshAccount(6, 6 - left);
        const outcomes = await Promise.all(Array.from({ length: attempts }, () => reserve(userId, projectId)));
        expect(outcomes.filter(Boolean)).toHaveLength(Math.min(left, attempts));
        expect(await creditsUsed(userId)).toBe(6 - left + Math.min(left, attempts));
        // Refunding every run twice, concurrently, gives each credit back exactly once.
        const ids = outcomes.filter((id): id is string => id !== null);
        await Promise.all([...ids, ...ids].map((id) => refundRun(t.database.db, id, 'failed', 'staging_failed')));
        expect(await creditsUsed(userId)).toBe(6 - left);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
