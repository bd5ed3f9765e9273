import { sql } from 'drizzle-orm';
import type { AdminCostsResponse } from '../../../contract/economics.js';
import { monthlyEquivalent, PLAN_IDS, PLANS, type BillingCycle, type PlanId } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';

/**
 * The admin's cost analytics over a period (issue 38 item 3, decision 055): per model the calls,
 * the lock's refusals and the cost per delivered image (every call's cost, refused and failed ones
 * included, divided by the images delivered); per plan the cost against the plan's revenue.
 * Revenue is the subscriptions' list prices (monthly equivalent, yearly ones divided by 12) of
 * today's subscribers, pro rata for the period's days: an estimate, as the admin's MRR without Stripe;
 * plus the credit packs bought in the period (decision 061), without VAT and less refunds, under the
 * buying pool's current plan.
 */
export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

export function periodOf(query: { from?: string; to?: string }, now = new Date()): Period {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
  return from <= to ? { from, to } : { from: to, to: from };
}

const inPeriod = (p: Period) => sql`created_at >= ${p.from}::date AND created_at < ${p.to}::date + 1`;

export async function costAnalytics(db: Database, period: Period, usdToEur: number): Promise<AdminCostsResponse> {
  const eurCents = (micros: number) => Math.round((micros / 10_000) * usdToEur * 100) / 100;
  const perDelivered = (cost: number, delivered: number) => (delivered > 0 ? Math.round((cost / delivered) * 100) / 100 : null);
  const [models, plans, subscribers, packsSold, packsCharged] = await Promise.all([
    db.execute<{ model_id: string; calls: number; delivered: number; refused: number; failed: number; cost: string; latency: number | null }>(sql`
      SELECT model_id, count(*)::int AS calls, count(*) FILTER (WHERE outcome = 'delivered')::int AS delivered,
        count(*) FILTER (WHERE outcome = 'refused')::int AS refused, count(*) FILTER (WHERE outcome = 'failed')::int AS failed,
        coalesce(sum(cost_micros), 0)::text AS cost, round(avg(latency_ms))::int AS latency
      FROM engine_calls WHERE ${inPeriod(period)} GROUP BY model_id ORDER BY model_id`),
    db.execute<{ plan: PlanId; delivered: number; cost: string; credits: number }>(sql`
      WITH calls AS (
        SELECT plan, count(*) FILTER (WHERE outcome = 'delivered')::int AS delivered, coalesce(sum(cost_micros), 0) AS cost
        FROM engine_calls WHERE ${inPeriod(period)} GROUP BY plan
      ), credits AS (
        SELECT u.subscription_plan AS plan, sum(r.credits)::int AS credits
        FROM staging_runs r JOIN users u ON u.id = coalesce(r.credits_user_id, r.user_id)
        WHERE r.state = 'charged' AND r.finished_at >= ${period.from}::date AND r.finished_at < ${period.to}::date + 1 GROUP BY u.subscription_plan
      )
      SELECT coalesce(calls.plan, credits.plan) AS plan, coalesce(calls.delivered, 0) AS delivered, coalesce(calls.cost, 0)::text AS cost, coalesce(credits.credits, 0) AS credits
      FROM calls FULL JOIN credits ON credits.plan = calls.plan`),
    db.execute<{ plan: PlanId; cycle: BillingCycle | null; count: number }>(sql`
      SELECT subscription_plan AS plan, billing_cycle AS cycle, count(*)::int AS count FROM users WHERE subscription_plan <> 'free' GROUP BY 1, 2`),
    // Pack revenue without VAT, less the net share refunded, by the buying pool's current plan.
    db.execute<{ plan: PlanId; sold: number; credits: number; net: string; refunded: string }>(sql`
      SELECT u.subscription_plan AS plan, count(*)::int AS sold, sum(p.credits)::int AS credits,
        sum(p.amount_cents - p.tax_cents)::text AS net,
        sum(CASE WHEN p.amount_cents > 0 THEN (p.amount_cents - p.tax_cents) * p.refunded_cents::numeric / p.amount_cents ELSE 0 END)::text AS refunded
      FROM credit_packs p JOIN users u ON u.id = p.user_id
      WHERE p.created_at >= ${period.from}::date AND p.created_at < ${period.to}::date + 1 GROUP BY u.subscription_plan`),
    db.execute<{ charged: number; outstanding: number }>(sql`
      SELECT (SELECT coalesce(sum(pack_credits), 0)::int FROM staging_runs
              WHERE state = 'charged' AND finished_at >= ${period.from}::date AND finished_at < ${period.to}::date + 1) AS charged,
             (SELECT coalesce(sum(pack_credits), 0)::int FROM users) AS outstanding`),
  ]);
  const days = Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY_MS) + 1;
  const revenueCents = new Map<PlanId, number>();
  for (const s of subscribers.rows) {
    const cents = s.count * monthlyEquivalent(PLANS[s.plan], s.cycle ?? 'monthly') * 100 * (days / 30);
    revenueCents.set(s.plan, (revenueCents.get(s.plan) ?? 0) + cents);
  }
  const packs = { sold: 0, creditsSold: 0, revenueEurCents: 0, refundedEurCents: 0 };
  for (const p of packsSold.rows) {
    const net = Number(p.net);
    const refunded = Number(p.refunded);
    packs.sold += p.sold;
    packs.creditsSold += p.credits;
    packs.revenueEurCents += net - refunded;
    packs.refundedEurCents += refunded;
    revenueCents.set(p.plan, (revenueCents.get(p.plan) ?? 0) + net - refunded);
  }
  const byModel = models.rows.map((m) => {
    const cost = eurCents(Number(m.cost));
    return {
      modelId: m.model_id,
      calls: m.calls,
      delivered: m.delivered,
      refused: m.refused,
      failed: m.failed,
      refusalRate: m.delivered + m.refused > 0 ? Math.round((m.refused / (m.delivered + m.refused)) * 1000) / 1000 : null,
      costEurCents: cost,
      costPerDeliveredEurCents: perDelivered(cost, m.delivered),
      avgLatencyMs: m.latency,
    };
  });
  const planRow = new Map(plans.rows.map((p) => [p.plan, p]));
  const byPlan = PLAN_IDS.map((plan) => {
    const row = planRow.get(plan);
    const cost = eurCents(Number(row?.cost ?? 0));
    const revenue = Math.round(revenueCents.get(plan) ?? 0);
    const credits = row?.credits ?? 0;
    return {
      plan,
      delivered: row?.delivered ?? 0,
      creditsCharged: credits,
      costEurCents: cost,
      costPerDeliveredEurCents: perDelivered(cost, row?.delivered ?? 0),
      revenueEurCents: revenue,
      revenuePerCreditEurCents: credits > 0 ? Math.round((revenue / credits) * 100) / 100 : null,
      marginEurCents: Math.round((revenue - cost) * 100) / 100,
    };
  });
  const calls = byModel.reduce((n, m) => n + m.calls, 0);
  const delivered = byModel.reduce((n, m) => n + m.delivered, 0);
  const cost = Math.round(byModel.reduce((n, m) => n + m.costEurCents, 0) * 100) / 100;
  const packUse = packsCharged.rows[0] ?? { charged: 0, outstanding: 0 };
  return {
    ...period,
    usdToEur,
    byModel,
    byPlan,
    totals: { calls, delivered, costEurCents: cost, costPerDeliveredEurCents: perDelivered(cost, delivered) },
    creditPacks: {
      ...packs,
      revenueEurCents: Math.round(packs.revenueEurCents),
      refundedEurCents: Math.round(packs.refundedEurCents),
      creditsCharged: packUse.charged,
      creditsOutstanding: packUse.outstanding,
    },
  };
}

const CSV_COLUMNS = ['created_at', 'run_id', 'service', 'plan', 'provider', 'model_id', 'strict', 'input_width', 'input_height', 'output_width', 'output_height', 'latency_ms', 'outcome', 'reason', 'cost_micros', 'currency'] as const;

/** Every engine call of the period, one CSV line each (RFC 4180 quoting), oldest first. */
export async function callsCsv(db: Database, period: Period): Promise<string> {
  const { rows } = await db.execute<Record<(typeof CSV_COLUMNS)[number], unknown>>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, run_id, service, plan, provider, model_id, strict,
      input_width, input_height, output_width, output_height, latency_ms, outcome, reason, cost_micros, currency
    FROM engine_calls WHERE ${inPeriod(period)} ORDER BY created_at, id LIMIT 100000`);
  const cell = (value: unknown) => {
    const text = value == null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((c) => cell(row[c])).join(','))].join('\r\n') + '\r\n';
}
