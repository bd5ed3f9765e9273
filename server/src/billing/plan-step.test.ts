import { describe, expect, it } from 'vitest';
import { planChangeDirection, type PaidPlanId } from '../../../contract/billing.js';
import type { BillingCycle } from '../../../contract/plans.js';
import { planChangeRequired, planStep } from './plan-change-rule.js';

/**
 * Decision 031 as a table: every pair of paid plan choices and the step the gateway, change-plan
 * and the webhooks take. The expected steps are written out, not derived from the rule.
 */
const now = { kind: 'upgrade', when: 'now', proration: 'always_invoice' } as const;
const renewal = { kind: 'downgrade', when: 'renewal' } as const;
const same = { kind: 'same' } as const;
const choice = (plan: PaidPlanId, billingCycle: BillingCycle) => ({ plan, billingCycle });

const TABLE: [from: [PaidPlanId, BillingCycle], to: [PaidPlanId, BillingCycle], step: typeof now | typeof renewal | typeof same][] = [
  [['pro', 'monthly'], ['pro', 'monthly'], same],
  [['pro', 'monthly'], ['pro', 'yearly'], now],
  [['pro', 'monthly'], ['business', 'monthly'], now],
  [['pro', 'monthly'], ['business', 'yearly'], now],
  [['pro', 'yearly'], ['pro', 'monthly'], renewal],
  [['pro', 'yearly'], ['pro', 'yearly'], same],
  [['pro', 'yearly'], ['business', 'monthly'], now],
  [['pro', 'yearly'], ['business', 'yearly'], now],
  [['business', 'monthly'], ['pro', 'monthly'], renewal],
  [['business', 'monthly'], ['pro', 'yearly'], renewal],
  [['business', 'monthly'], ['business', 'monthly'], same],
  [['business', 'monthly'], ['business', 'yearly'], now],
  [['business', 'yearly'], ['pro', 'monthly'], renewal],
  [['business', 'yearly'], ['pro', 'yearly'], renewal],
  [['business', 'yearly'], ['business', 'monthly'], renewal],
  [['business', 'yearly'], ['business', 'yearly'], same],
];

describe('the plan change rule (decision 031)', () => {
  it.each(TABLE)('%j → %j', (from, to, step) => {
    expect(planStep(choice(...from), choice(...to))).toStrictEqual(step);
    expect(planChangeDirection(choice(...from), choice(...to))).toBe(step === now ? 'upgrade' : step === renewal ? 'downgrade' : 'same');
  });

  it('a checkout over a live subscription is a 409 plan_change_required that names the change-plan route', () => {
    const error = planChangeRequired();
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('plan_change_required');
    expect(error.message).toBe('You already have a paid plan. Change it with POST /api/billing/change-plan: upgrades apply at once, downgrades at the renewal.');
  });
});
