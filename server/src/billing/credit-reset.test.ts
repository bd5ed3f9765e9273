import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type UserRow } from '../db/schema/users.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { CREDIT_RESET_JOB, resetDueCredits } from './credit-reset-job.js';
import { currentMonthlyPeriodStart, periodIsOver } from './credit-rules.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOW = new Date('2026-03-15T12:00:00Z');

let seq = 0;
/** An account row straight in the database (sign-up is rate limited and not under test here). */
async function account(values: Partial<UserRow>): Promise<string> {
  seq += 1;
  const [row] = await t.database.db.insert(users).values({ email: `reset-${seq}-${Date.now()}@example.com`, ...values }).returning({ id: users.id });
  return row!.id;
}
const read = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('monthly credit reset (billing.credit-reset)', () => {
  it('resets free users and active yearly subscribers whose period is a month old; leaves the rest', async () => {
    const free = await account({ creditsUsed: 6, creditsLimit: 6, creditsPeriodStart: new Date('2026-02-10T08:00:00Z') });
    const freeRecent = await account({ creditsUsed: 3, creditsPeriodStart: new Date('2026-02-20T08:00:00Z') });
    const yearly = await account({
      subscriptionPlan: 'business', billingCycle: 'yearly', subscriptionStatus: 'active', stripeSubscriptionId: 'sub_yearly',
      creditsUsed: 900, creditsLimit: 1000, creditsPeriodStart: new Date('2026-01-01T00:00:00Z'),
    });
    const yearlyPastDue = await account({
      subscriptionPlan: 'pro', billingCycle: 'yearly', subscriptionStatus: 'past_due', stripeSubscriptionId: 'sub_late',
      creditsUsed: 150, creditsLimit: 200, creditsPeriodStart: new Date('2026-01-01T00:00:00Z'),
    });
    const monthly = await account({
      subscriptionPlan: 'pro', billingCycle: 'monthly', subscriptionStatus: 'active', stripeSubscriptionId: 'sub_monthly',
      creditsUsed: 150, creditsLimit: 200, creditsPeriodStart: new Date('2026-01-05T00:00:00Z'),
    });
    const granted = await account({ subscriptionPlan: 'pro', creditsUsed: 20, creditsLimit: 200, creditsPeriodStart: new Date('2025-12-01T00:00:00Z') });

    expect(await resetDueCredits(t.database.db, NOW)).toBe(3); // free, yearly, granted: the file's own database holds no one else
    expect(await read(free)).toMatchObject({ creditsUsed: 0, creditsLimit: 6, creditsPeriodStart: new Date('2026-03-10T08:00:00Z') });
    expect(await read(freeRecent)).toMatchObject({ creditsUsed: 3 });
    expect(await read(yearly)).toMatchObject({ creditsUsed: 0, creditsLimit: 1000, creditsPeriodStart: new Date('2026-03-01T00:00:00Z') });
    expect(await read(yearlyPastDue)).toMatchObject({ creditsUsed: 150 });
    expect(await read(monthly)).toMatchObject({ creditsUsed: 150 });
    expect(await read(granted)).toMatchObject({ creditsUsed: 0, creditsLimit: 200, creditsPeriodStart: new Date('2026-03-01T00:00:00Z') });

    // Idempotent: a second run (or a second worker) finds nothing due.
    expect(await resetDueCredits(t.database.db, NOW)).toBe(0);
  });

  it('moves the period by whole months exactly as the credit rules compute (month ends included)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2026-01-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom(new Date('2026-02-28T23:00:00Z'), new Date('2026-03-31T10:00:00Z'), new Date('2026-02-01T00:00:00Z')),
        async (start, now) => {
          const id = await account({ creditsUsed: 5, creditsPeriodStart: start });
          await resetDueCredits(t.database.db, now);
          const row = await read(id);
          expect(row.creditsUsed).toBe(periodIsOver(start, now) ? 0 : 5);
          expect(row.creditsPeriodStart.toISOString()).toBe(currentMonthlyPeriodStart(start, now).toISOString());
        },
      ),
      { numRuns: 12 },
    );
    const jan31 = await account({ creditsUsed: 5, creditsPeriodStart: new Date('2026-01-31T10:00:00Z') });
    await resetDueCredits(t.database.db, new Date('2026-02-28T10:00:00Z'));
    expect((await read(jan31)).creditsPeriodStart.toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });

  it('is scheduled hourly as a pg-boss cron job', () => {
    const job = t.jobDefinitions.find((j) => j.name === CREDIT_RESET_JOB);
    expect(job?.cron).toMatch(/^\d+ \* \* \* \*$/);
  });
});
