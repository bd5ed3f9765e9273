import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_IDS, planCredits } from '../../../contract/plans.js';
import {
  addMonths,
  creditsRemaining,
  currentMonthlyPeriodStart,
  downgradeToFree,
  monthsElapsed,
  moveToPlan,
  newPeriod,
  periodIsOver,
  subscribe,
  type Credits,
} from './credit-rules.js';

const date = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });
const plan = fc.constantFrom(...PLAN_IDS);
const paidPlan = fc.constantFrom('pro' as const, 'business' as const);
/** Any account state, including used above the limit (after a downgrade) and limits set by hand. */
const credits: fc.Arbitrary<Credits> = fc.record({
  used: fc.integer({ min: 0, max: 2000 }),
  limit: fc.integer({ min: 0, max: 2000 }),
  periodStart: date,
});

describe('credit rules', () => {
  it('moving up keeps what was used and never lowers the credits left', () => {
    fc.assert(
      fc.property(credits, plan, plan, (before, a, b) => {
        const [from, to] = planCredits(a) <= planCredits(b) ? [a, b] : [b, a];
        const after = moveToPlan(before, from, to);
        expect(after).toEqual({ used: before.used, limit: Math.max(before.limit, planCredits(to)), periodStart: before.periodStart });
        expect(creditsRemaining(after)).toBeGreaterThanOrEqual(creditsRemaining(before));
      }),
    );
  });

  it('moving down sets exactly the lower plan’s limit: a lower plan never keeps a higher plan’s credits (decision 031)', () => {
    fc.assert(
      fc.property(credits, plan, plan, (before, a, b) => {
        fc.pre(planCredits(a) !== planCredits(b));
        const [from, to] = planCredits(a) > planCredits(b) ? [a, b] : [b, a];
        expect(moveToPlan(before, from, to)).toEqual({ used: before.used, limit: planCredits(to), periodStart: before.periodStart });
      }),
    );
  });

  it('an upgrade raises the limit to exactly the new plan; a downgrade in force lowers it to exactly the new plan', () => {
    expect(moveToPlan({ used: 4, limit: 6, periodStart: new Date() }, 'free', 'pro')).toMatchObject({ used: 4, limit: 200 });
    expect(moveToPlan({ used: 150, limit: 200, periodStart: new Date() }, 'pro', 'business')).toMatchObject({ used: 150, limit: 1000 });
    // Business → Pro in force mid-period (issue #22 item 3): Pro's 200, not Business's 1000.
    expect(moveToPlan({ used: 150, limit: 1000, periodStart: new Date() }, 'business', 'pro')).toMatchObject({ used: 150, limit: 200 });
  });

  it('subscribing starts the credit period at the subscription period with the plan’s full credits: Free usage is not carried over (issue #35)', () => {
    fc.assert(
      fc.property(paidPlan, date, (planId, start) => {
        const after = subscribe(planId, start);
        expect(after).toEqual({ used: 0, limit: planCredits(planId), periodStart: start });
        expect(creditsRemaining(after)).toBe(planCredits(planId));
      }),
    );
    // The reported case: 4 of 6 Free credits used, then Business: 1000 left, not 996.
    expect(creditsRemaining(subscribe('business', new Date()))).toBe(1000);
  });

  it('downgrading to free sets the free limit and forgives nothing used', () => {
    fc.assert(
      fc.property(credits, (before) => {
        const after = downgradeToFree(before);
        expect(after).toEqual({ used: before.used, limit: planCredits('free'), periodStart: before.periodStart });
        expect(creditsRemaining(after)).toBe(Math.max(0, planCredits('free') - before.used));
      }),
    );
  });

  it('a new period has nothing used and the plan’s full credits', () => {
    fc.assert(
      fc.property(plan, date, (planId, start) => {
        expect(newPeriod(planId, start)).toEqual({ used: 0, limit: planCredits(planId), periodStart: start });
      }),
    );
  });
});

describe('monthly periods', () => {
  it('clamps to the end of shorter months, always from the anchor', () => {
    const jan31 = new Date('2025-01-31T10:00:00Z');
    expect(addMonths(jan31, 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(jan31, 2).toISOString()).toBe('2025-03-31T10:00:00.000Z');
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2025-11-15T00:00:00Z'), 3).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('a period is over once a calendar month has passed', () => {
    const start = new Date('2025-01-31T10:00:00Z');
    expect(periodIsOver(start, new Date('2025-02-28T09:59:59Z'))).toBe(false);
    expect(periodIsOver(start, new Date('2025-02-28T10:00:00Z'))).toBe(true);
    expect(monthsElapsed(start, new Date('2025-05-01T00:00:00Z'))).toBe(3);
  });

  it('no month has passed while now is before the anchor (a clock set back, a period start in the future)', () => {
    const anchor = new Date('2025-05-15T12:00:00Z');
    expect(monthsElapsed(anchor, new Date('2025-03-01T00:00:00Z'))).toBe(0);
    expect(periodIsOver(anchor, new Date('2024-01-01T00:00:00Z'))).toBe(false);
    expect(currentMonthlyPeriodStart(anchor, new Date('2025-02-10T00:00:00Z'))).toEqual(anchor);
  });

  it('the current period starts on an anchor month, at most now, less than a month ago', () => {
    fc.assert(
      fc.property(date, date, (a, b) => {
        const [anchor, now] = a <= b ? [a, b] : [b, a];
        const start = currentMonthlyPeriodStart(anchor, now);
        const k = monthsElapsed(anchor, now);
        expect(start).toEqual(addMonths(anchor, k));
        expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(addMonths(anchor, k + 1).getTime()).toBeGreaterThan(now.getTime());
      }),
    );
  });
});
