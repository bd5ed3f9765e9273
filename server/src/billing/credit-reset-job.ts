/**
 * Monthly credits for accounts no invoice renews every month: free users, yearly subscribers (their
 * invoice comes once a year) and plans granted without a subscription. Hourly, one UPDATE resets
 * every such account whose credit period began a month or more ago and moves the period start
 * forward by whole months, to the last such date not after now (`currentMonthlyPeriodStart` in
 * credit-rules.ts; a start on the 31st becomes the 28th in February and stays there). Running
 * it twice changes nothing: a reset period is less than a month old. Monthly subscribers are
 * renewed by invoice.paid instead; a yearly subscription that is past due waits for its payment.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { planCredits } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import { defineJob } from '../jobs/job-queue.js';

export const CREDIT_RESET_JOB = 'billing.credit-reset';

/** Resets every due account; returns how many. `now` is for tests (defaults to the database clock). */
export async function resetDueCredits(db: Pick<Database, 'execute'>, now?: Date): Promise<number> {
  const clock = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const result = await db.execute(sql`
    UPDATE users SET
      credits_used = 0,
      credits_limit = CASE subscription_plan
        WHEN 'free' THEN ${planCredits('free')}::int
        WHEN 'pro' THEN ${planCredits('pro')}::int
        WHEN 'business' THEN ${planCredits('business')}::int
      END,
      credits_period_start = (
        SELECT (CASE WHEN p.s + make_interval(months => p.n) <= p.t
                     THEN p.s + make_interval(months => p.n)
                     ELSE p.s + make_interval(months => p.n - 1) END) AT TIME ZONE 'UTC'
        FROM (
          SELECT a.s, a.t, ((extract(year FROM a.t) - extract(year FROM a.s)) * 12 + extract(month FROM a.t) - extract(month FROM a.s))::int AS n
          FROM (SELECT credits_period_start AT TIME ZONE 'UTC' AS s, ${clock} AT TIME ZONE 'UTC' AS t) a
        ) p
      ),
      updated_at = now()
    WHERE (stripe_subscription_id IS NULL OR (billing_cycle = 'yearly' AND subscription_status IN ('active', 'trialing')))
      AND ((credits_period_start AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' <= ${clock}
    RETURNING id`);
  return result.rows.length;
}

export function creditResetJob(db: Database) {
  return defineJob({
    name: CREDIT_RESET_JOB,
    payload: z.object({}).passthrough(),
    cron: '41 * * * *',
    queue: { retryLimit: 1, expireInSeconds: 10 * 60 },
    async handler(_data, { log }) {
      const reset = await resetDueCredits(db);
      if (reset > 0) log.info({ reset }, 'monthly credits reset');
      return { reset };
    },
  });
}
