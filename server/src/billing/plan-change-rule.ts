/**
 * The one rule for changes between paid plans (decision 031), whatever asks for them:
 *
 * - upgrade (a higher plan, or monthly → yearly of the same plan): now, the prorated difference
 *   invoiced and charged at once (`always_invoice`); the credit limit rises now;
 * - downgrade (a lower plan, or yearly → monthly): at the renewal, through a subscription
 *   schedule; nothing is credited now and the credits follow with the new period;
 * - same plan and cycle: refused.
 *
 * Entry points: `POST /api/billing/change-plan` (plans and the monthly/yearly switch) applies it;
 * a checkout by a user who already has a live subscription is refused with 409
 * `plan_change_required` (`planChangeRequired`), so no card form can swap a price; webhooks that
 * report another plan move the credits with `moveToPlan` (credit-rules.ts), which never leaves a
 * lower plan with a higher plan's limit; and the gateway itself only swaps a price upwards
 * (`upgradeSubscription` refuses anything else), so no caller can downgrade at once.
 */
import { planChangeDirection, type PaidPlanId } from '../../../contract/billing.js';
import type { BillingCycle } from '../../../contract/plans.js';
import { AppError } from '../errors/app-error.js';

export interface PlanChoice {
  plan: PaidPlanId;
  billingCycle: BillingCycle;
}

export type PlanStep =
  | { kind: 'upgrade'; when: 'now'; proration: 'always_invoice' }
  | { kind: 'downgrade'; when: 'renewal' }
  | { kind: 'same' };

export function planStep(from: PlanChoice, to: PlanChoice): PlanStep {
  const direction = planChangeDirection(from, to);
  if (direction === 'upgrade') return { kind: 'upgrade', when: 'now', proration: 'always_invoice' };
  if (direction === 'downgrade') return { kind: 'downgrade', when: 'renewal' };
  return { kind: 'same' };
}

/** A checkout (card form) asked for by a user whose subscription is live: plan changes go through change-plan. */
export function planChangeRequired(): AppError {
  return AppError.conflict(
    'You already have a paid plan. Change it with POST /api/billing/change-plan: upgrades apply at once, downgrades at the renewal.',
    'plan_change_required',
  );
}
