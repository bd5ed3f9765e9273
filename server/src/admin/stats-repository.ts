import { desc, sql } from 'drizzle-orm';
import {
  ANALYTICS_EVENTS,
  type AnalyticsEventName,
} from '../../../contract/analytics.js';
import type { AdminAnalyticsResponse, AdminDashboardResponse, AdminUsersResponse, RecentSignup } from '../../../contract/admin.js';
import { FUNNEL_DAYS, TREND_DAYS } from '../../../contract/admin.js';
import { monthlyEquivalent, PLAN_IDS, PLANS, type PlanId } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import { analyticsDaily } from '../db/schema/analytics.js';
import { users } from '../db/schema/users.js';

/**
 * The admin numbers, each one SQL aggregate over the daily counters or the users table: nothing
 * loads rows to count them in JavaScript. Days are UTC calendar days, like the counters.
 */
const TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

/** Percent with one decimal; 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

export async function todayCounts(db: Database): Promise<AdminDashboardResponse['today']> {
  const rows = await db
    .select({ event: analyticsDaily.event, count: sql<number>`sum(${analyticsDaily.count})::int` })
    .from(analyticsDaily)
    .where(sql`${analyticsDaily.day} = ${TODAY}`)
    .groupBy(analyticsDaily.event);
  const of = (event: AnalyticsEventName) => rows.find((r) => r.event === event)?.count ?? 0;
  return {
    pageviews: of('pageview'),
    ctaClicks: of('cta_click'),
    signups: of('signup'),
    checkoutClicks: of('checkout_click'),
    payments: of('payment'),
  };
}

export async function funnelLast7Days(db: Database): Promise<AdminAnalyticsResponse['conversions']['last7d']> {
  const [row] = await db
    .select({
      landingPageviews: sql<number>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.event} = 'pageview' and ${analyticsDaily.path} = '/'), 0)::int`,
      ctaClicks: sql<number>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.event} = 'cta_click'), 0)::int`,
      signups: sql<number>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.event} = 'signup'), 0)::int`,
    })
    .from(analyticsDaily)
    .where(sql`${analyticsDaily.day} > ${TODAY} - ${FUNNEL_DAYS}::int`);
  const { landingPageviews = 0, ctaClicks = 0, signups = 0 } = row ?? {};
  return {
    landingPageviews,
    ctaClicks,
    signups,
    lpToCtaRate: percent(ctaClicks, landingPageviews),
    ctaToSignupRate: percent(signups, ctaClicks),
  };
}

/** Every (day, event) of the last 14 days including today, zero-filled, oldest first. */
export async function trendsLast14Days(db: Database): Promise<AdminAnalyticsResponse['trends']> {
  const events = sql.join(ANALYTICS_EVENTS.map((e) => sql`${e}`), sql`, `);
  const result = await db.execute<{ date: string; event: AnalyticsEventName; count: number }>(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date, e.event, coalesce(sum(a.count), 0)::int AS count
    FROM (SELECT (${TODAY} - back)::date AS day FROM generate_series(0, ${TREND_DAYS - 1}::int) AS back) AS d
    CROSS JOIN unnest(ARRAY[${events}]::text[]) WITH ORDINALITY AS e(event, position)
    LEFT JOIN ${analyticsDaily} a ON a.day = d.day AND a.event = e.event
    GROUP BY d.day, e.event, e.position
    ORDER BY d.day, e.position`);
  return result.rows.map((r) => ({ date: r.date, event: r.event, count: Number(r.count) }));
}

export async function topPagesLast14Days(db: Database, limit = 8): Promise<AdminAnalyticsResponse['topPages']> {
  const count = sql<number>`sum(${analyticsDaily.count})::int`;
  return db
    .select({ path: analyticsDaily.path, count })
    .from(analyticsDaily)
    .where(sql`${analyticsDaily.event} = 'pageview' and ${analyticsDaily.day} > ${TODAY} - ${TREND_DAYS}::int`)
    .groupBy(analyticsDaily.path)
    .orderBy(desc(count), analyticsDaily.path)
    .limit(limit);
}

export interface PlanTotals {
  userCounts: AdminUsersResponse['userCounts'];
  totalUsers: number;
  paidUsers: number;
  conversionRate: number;
  /** Cents per month from the plan prices (yearly / 12); no payment-provider data involved. */
  estimatedMrr: number;
  estimatedPlanRevenue: Array<{ plan: PlanId; mrr: number }>;
}

/** One GROUP BY over (plan, billing cycle): the plan distribution and the MRR estimate together. */
export async function planTotals(db: Database): Promise<PlanTotals> {
  const rows = await db
    .select({ plan: users.subscriptionPlan, cycle: users.billingCycle, count: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.subscriptionPlan, users.billingCycle);
  const byPlan = new Map<PlanId, number>(PLAN_IDS.map((id) => [id, 0]));
  let estimated = 0;
  const revenue = new Map<PlanId, number>(PLAN_IDS.map((id) => [id, 0]));
  for (const row of rows) {
    byPlan.set(row.plan, (byPlan.get(row.plan) ?? 0) + row.count);
    const cents = row.count * monthlyEquivalent(PLANS[row.plan], row.cycle ?? 'monthly') * 100;
    estimated += cents;
    revenue.set(row.plan, (revenue.get(row.plan) ?? 0) + cents);
  }
  const userCounts = PLAN_IDS.map((plan) => ({ plan, count: byPlan.get(plan) ?? 0 }));
  const totalUsers = userCounts.reduce((sum, c) => sum + c.count, 0);
  const paidUsers = totalUsers - (byPlan.get('free') ?? 0);
  const estimatedPlanRevenue = PLAN_IDS.map((plan) => ({ plan, mrr: Math.round(revenue.get(plan) ?? 0) }));
  return { userCounts, totalUsers, paidUsers, conversionRate: percent(paidUsers, totalUsers), estimatedMrr: Math.round(estimated), estimatedPlanRevenue };
}

export async function recentSignups(db: Database, limit = 10): Promise<Omit<RecentSignup, 'workspaces'>[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      subscriptionPlan: users.subscriptionPlan,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
