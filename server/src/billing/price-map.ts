/**
 * The server-side map between our plans and the provider's price ids. It is the only source of
 * price ids: the browser names a plan and a cycle, never a price, and a price id coming back from
 * the provider is mapped to a plan only if it is one of ours.
 */
import { BILLING_CYCLES, type BillingCycle, type PlanId } from '../../../contract/plans.js';

export type PaidPlanId = Exclude<PlanId, 'free'>;
export const PAID_PLAN_IDS: readonly PaidPlanId[] = ['pro', 'business'];

export type BillingPrices = Record<PaidPlanId, Record<BillingCycle, string>>;

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return (PAID_PLAN_IDS as readonly unknown[]).includes(value);
}

export function priceIdFor(prices: BillingPrices, planId: PaidPlanId, cycle: BillingCycle): string {
  if (!isPaidPlanId(planId)) throw new Error(`No price for plan "${String(planId)}"`);
  if (!BILLING_CYCLES.includes(cycle))
    throw new Error(`No price for billing cycle "${String(cycle)}"`);
  return prices[planId][cycle];
}

export function planForPriceId(
  prices: BillingPrices,
  priceId: string,
): { planId: PaidPlanId; billingCycle: BillingCycle } | null {
  for (const planId of PAID_PLAN_IDS) {
    for (const billingCycle of BILLING_CYCLES) {
      if (prices[planId][billingCycle] === priceId) return { planId, billingCycle };
    }
  }
  return null;
}

/** Four non-empty, distinct ids; otherwise a price could map to two plans. */
export function assertBillingPrices(prices: BillingPrices): BillingPrices {
  const ids = PAID_PLAN_IDS.flatMap((plan) => BILLING_CYCLES.map((cycle) => prices[plan]?.[cycle]));
  if (ids.some((id) => typeof id !== 'string' || id.trim() === '')) {
    throw new Error('Billing prices: every paid plan needs a monthly and a yearly price id.');
  }
  if (new Set(ids).size !== ids.length)
    throw new Error('Billing prices: each plan and cycle needs its own price id.');
  return prices;
}
