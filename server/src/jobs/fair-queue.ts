/**
 * Fair queueing of one job queue between its users (decision 024), on pg-boss's own features so it
 * holds across every worker process:
 *
 * - order: a job's priority is minus the number of its user's jobs already waiting or running,
 *   divided by the user's share. pg-boss fetches by priority, then age, so every user's first job
 *   goes before anyone's second (a round robin), and a backlog sent at once cannot keep a later user
 *   waiting behind it. A share of 2 puts two jobs in each round.
 * - cap: `group` (the user, tiered by plan) with pg-boss's global `groupConcurrency`: at most
 *   `maxParallel` jobs of one user are worked at once, even when slots are free.
 */
export interface FairShare {
  /** The user (the group whose jobs share a cap). */
  userId: string;
  /** The tier (plan) whose limits apply. */
  tier: string;
  /** The user's jobs of this queue already waiting or running, without the one being sent. */
  outstanding: number;
  /** Jobs per round (≥ 1). */
  share: number;
}

export interface FairSendOptions {
  group: { id: string; tier: string };
  priority: number;
}

export function fairSendOptions(share: FairShare): FairSendOptions {
  const round = Math.floor(Math.max(0, share.outstanding) / Math.max(1, share.share));
  return { group: { id: share.userId, tier: share.tier }, priority: round === 0 ? 0 : -round };
}

/** pg-boss's `groupConcurrency` from per-tier caps (the smallest cap is the default for an unknown tier). */
export function groupCaps(caps: Record<string, number>): { default: number; tiers: Record<string, number> } {
  return { default: Math.min(...Object.values(caps)), tiers: { ...caps } };
}
