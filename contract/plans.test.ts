import { describe, expect, it } from 'vitest';
import { PLANS, yearlySaving, yearlySavingRange, yearlySavingText, type Plan } from './plans.js';

const plan = (monthlyPrice: number, yearlyPrice: number): Plan => ({ ...PLANS.pro, monthlyPrice, yearlyPrice });

describe('yearly savings computed from the prices (issue #12 item 6)', () => {
  it('rounds the percent down, so no label promises more than the plan saves', () => {
    expect(yearlySaving(plan(29, 319))).toEqual({ percent: 8, monthsFree: 1 });
    expect(yearlySaving(plan(10, 100))).toEqual({ percent: 16, monthsFree: 2 });
    expect(yearlySaving(plan(10, 115))).toEqual({ percent: 4, monthsFree: null });
  });

  it('has no saving for a free plan or a yearly price at or above twelve months', () => {
    expect(yearlySaving(PLANS.free)).toBeNull();
    expect(yearlySaving(plan(10, 120))).toBeNull();
    expect(yearlySavingText(plan(10, 130))).toBeNull();
  });

  it('writes the note in both languages', () => {
    expect(yearlySavingText(plan(10, 90))).toEqual({ de: '3 Monate gratis (−25 %)', en: '3 months free (−25 %)' });
    expect(yearlySavingText(plan(10, 115))).toEqual({ de: '−4 %', en: '−4 %' });
  });

  it('the range spans every paid plan of contract/plans.ts', () => {
    const percents = [PLANS.pro, PLANS.business].map((p) => yearlySaving(p)!.percent);
    expect(yearlySavingRange()).toEqual({ min: Math.min(...percents), max: Math.max(...percents) });
  });
});
