/**
 * Credit arithmetic of plan changes, in one pure module (DESIGN §4 "Credits"; decision 005).
 *
 * - Subscribing (from Free, or again after a subscription ended) starts a paid period with the plan's
 *   full credits: the Free allowance already used does not come off the paid one (issue #35).
 * - Upgrading a paid plan mid-period keeps the credits already used and raises the limit to the new
 *   plan's credits; the limit never drops on the way up, so the credits left never fall below what
 *   the user had.
 * - A lower plan in force (free, or a paid plan Stripe already switched to): the limit becomes that
 *   plan's, used stays (what is left may be 0). An account never holds a lower plan with a higher
 *   plan's limit (decision 031: paid downgrades wait for the renewal, where a new period starts).
 * - A new period (renewal, monthly reset): nothing used, the plan's full credits.
 * A monthly reset moves the period start forward by whole calendar months.
 */
import { planCredits, type PlanId } from '../../../contract/plans.js';
import { addCalendarMonths } from '../../../contract/user-stats.js';

export interface Credits {
  used: number;
  limit: number;
  periodStart: Date;
}

export function creditsRemaining(credits: Pick<Credits, 'used' | 'limit'>): number {
  return Math.max(0, credits.limit - credits.used);
}

/** A higher plan within the same credit period: the limit rises to the plan's credits, used is kept. */
export function upgradeCredits(current: Credits, planId: PlanId): Credits {
  return { used: current.used, limit: Math.max(current.limit, planCredits(planId)), periodStart: current.periodStart };
}

/** A lower plan in force within the period: that plan's limit, nothing used is forgiven. */
export function downgradeCredits(current: Credits, planId: PlanId): Credits {
  return { used: current.used, limit: planCredits(planId), periodStart: current.periodStart };
}

/**
 * The account's plan moved from `from` to `to` inside one credit period (decision 031): up raises
 * the limit, down (only ever reported by Stripe, e.g. a Dashboard change) lowers it to the new plan's.
 */
export function moveToPlan(current: Credits, from: PlanId, to: PlanId): Credits {
  return planCredits(to) >= planCredits(from) ? upgradeCredits(current, to) : downgradeCredits(current, to);
}

/**
 * A new subscription: the plan's full credits from now, nothing used, the period aligned with the
 * subscription's billing period (what was used on Free or an ended plan is not carried over).
 */
export function subscribe(planId: PlanId, periodStart: Date): Credits {
  return newPeriod(planId, periodStart);
}

/** Back to free (at once or when the subscription ends): the free limit, nothing used is forgiven. */
export function downgradeToFree(current: Credits): Credits {
  return downgradeCredits(current, 'free');
}

/** A paid renewal or a monthly reset: a fresh period with the plan's full credits. */
export function newPeriod(planId: PlanId, periodStart: Date): Credits {
  return { used: 0, limit: planCredits(planId), periodStart };
}

/** `date` plus `months` calendar months, clamped to the month's last day (one implementation in contract/user-stats.ts). */
export const addMonths = addCalendarMonths;

/** Whole months from `anchor` to `now` (0 while less than a month has passed). */
export function monthsElapsed(anchor: Date, now: Date): number {
  if (now < anchor) return 0;
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (months > 0 && addMonths(anchor, months) > now) months -= 1;
  return months;
}

/** Whether the credit period that began at `periodStart` is over (a month or more has passed). */
export function periodIsOver(periodStart: Date, now: Date): boolean {
  return monthsElapsed(periodStart, now) >= 1;
}

/** The start of the monthly credit period containing `now`, keeping the day of `anchor`. */
export function currentMonthlyPeriodStart(anchor: Date, now: Date): Date {
  return addMonths(anchor, monthsElapsed(anchor, now));
}
