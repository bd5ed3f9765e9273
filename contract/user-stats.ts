import { DEFAULT_CREDIT_LIMIT } from './limits.js';
import type { PlanId } from './plans.js';

export interface UserStats {
  creditsUsed: number;
  creditsLimit: number;
  /** Allowance left plus pack credits (decision 061): what the next runs can draw on. */
  creditsRemaining: number;
  /** Credits left from bought packs (included in `creditsRemaining`). */
  packCredits: number;
  usagePercentage: number;
  subscriptionPlan: PlanId;
}

/** Spec §3 "User stats (derived)": limit falls back to 6 when none is given. */
export function userStats(user: {
  creditsUsed?: number | null;
  creditsLimit?: number | null;
  packCredits?: number | null;
  subscriptionPlan?: PlanId | null;
}): UserStats {
  const creditsUsed = user.creditsUsed ?? 0;
  const creditsLimit = user.creditsLimit || DEFAULT_CREDIT_LIMIT;
  const packCredits = Math.max(0, user.packCredits ?? 0);
  return {
    creditsUsed,
    creditsLimit,
    creditsRemaining: Math.max(0, creditsLimit - creditsUsed) + packCredits,
    packCredits,
    usagePercentage: Math.round((creditsUsed / creditsLimit) * 100),
    subscriptionPlan: user.subscriptionPlan ?? 'free',
  };
}

/** Spec §9: the Upgrade badge shows below 10% remaining (pro), 5% (business), or 5 credits otherwise. */
export function showsUpgradeBadge(stats: Pick<UserStats, 'creditsRemaining' | 'creditsLimit' | 'subscriptionPlan'>): boolean {
  const { creditsRemaining, creditsLimit, subscriptionPlan } = stats;
  if (subscriptionPlan === 'pro') return creditsRemaining < creditsLimit * 0.1;
  if (subscriptionPlan === 'business') return creditsRemaining < creditsLimit * 0.05;
  return creditsRemaining < 5;
}

/** `date` plus `months` calendar months, clamped to the month's last day (Jan 31 + 1 → Feb 28/29), like PostgreSQL. */
export function addCalendarMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
