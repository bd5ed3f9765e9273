import { sql } from 'drizzle-orm';
import { PROVIDERS, SPEND_WARNING_SHARE, type Provider, type ProviderSpend } from '../../../contract/economics.js';
import type { Database } from '../db/client.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { mailJobRef } from '../mail/mail-job.js';
import type { AppConfig } from '../config.js';
import { loadSettings, type EngineSettings, type SpendLimit } from './engine-settings.js';
import { configuredProviders, environmentModel } from './model-registry.js';

/**
 * Spending per provider against the operator's daily and monthly limits (issue 38 item 4): the sum
 * of the recorded calls' costs since the start of the UTC day and month. At 80 % of a limit the
 * operators get one mail per day (or month); at 100 % new runs on the provider stop.
 */
type Executor = Pick<Database, 'execute'>;

const DAY_START = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
const MONTH_START = sql`(date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

export interface Spent {
  todayMicros: number;
  monthMicros: number;
}

/** Every provider's spending today and this month (providers without calls this month are absent). */
export async function spendByProvider(db: Executor): Promise<Map<string, Spent>> {
  const { rows } = await db.execute<{ provider: string; today: string; month: string }>(sql`
    SELECT provider, coalesce(sum(cost_micros) FILTER (WHERE created_at >= ${DAY_START}), 0)::text AS today,
      coalesce(sum(cost_micros), 0)::text AS month
    FROM engine_calls WHERE created_at >= ${MONTH_START} GROUP BY provider`);
  return new Map(rows.map((r) => [r.provider, { todayMicros: Number(r.today), monthMicros: Number(r.month) }]));
}

export function spendState(limit: SpendLimit | undefined, spent: Spent): ProviderSpend['state'] {
  const shares = [share(spent.todayMicros, limit?.dailyMicros), share(spent.monthMicros, limit?.monthlyMicros)];
  const highest = Math.max(...shares);
  return highest >= 1 ? 'reached' : highest >= SPEND_WARNING_SHARE ? 'warning' : 'ok';
}

/** Providers whose daily or monthly limit is used up: new runs on them stop (or fall back). */
export async function exhaustedProviders(db: Executor, settings: EngineSettings, providers: string[]): Promise<Set<string>> {
  const limited = providers.filter((p) => settings.limit(p)?.dailyMicros != null || settings.limit(p)?.monthlyMicros != null);
  if (!limited.length) return new Set();
  const spent = await spendByProvider(db);
  return new Set(limited.filter((p) => spendState(settings.limit(p), spent.get(p) ?? { todayMicros: 0, monthMicros: 0 }) === 'reached'));
}

function share(spent: number, limit: number | null | undefined): number {
  if (limit == null) return 0;
  return limit === 0 ? 1 : spent / limit;
}

/**
 * After a paid call: when the provider's spending passed 80 % of a limit, the operators (admins with
 * a confirmed address) get one mail through the outbox, once per UTC day or month; the conditional
 * UPDATE makes it once across every process.
 */
export async function warnOnSpend(db: Executor, send: JobQueue['send'], provider: string, settings: EngineSettings, adminUrl: string): Promise<void> {
  const limit = settings.limit(provider);
  if (!limit || (limit.dailyMicros == null && limit.monthlyMicros == null)) return;
  const spent = (await spendByProvider(db)).get(provider) ?? { todayMicros: 0, monthMicros: 0 };
  const periods = [
    { period: 'day' as const, spent: spent.todayMicros, limit: limit.dailyMicros, column: sql.raw('warned_day'), today: sql`(now() AT TIME ZONE 'UTC')::date` },
    { period: 'month' as const, spent: spent.monthMicros, limit: limit.monthlyMicros, column: sql.raw('warned_month'), today: sql`date_trunc('month', now() AT TIME ZONE 'UTC')::date` },
  ];
  for (const p of periods) {
    if (p.limit == null || share(p.spent, p.limit) < SPEND_WARNING_SHARE) continue;
    const { rows } = await db.execute(sql`
      UPDATE provider_spend_limits SET ${p.column} = ${p.today}
      WHERE provider = ${provider} AND ${p.column} IS DISTINCT FROM ${p.today} RETURNING provider`);
    if (!rows.length) continue;
    const { rows: operators } = await db.execute<{ email: string; language: 'de' | 'en' | null }>(sql`
      SELECT email, language FROM users WHERE role = 'admin' AND email_verified_at IS NOT NULL`);
    const percent = Math.floor(share(p.spent, p.limit) * 100);
    for (const operator of operators) {
      await send(mailJobRef, {
        to: operator.email,
        language: operator.language ?? 'en',
        template: 'spend_warning',
        data: { provider, period: p.period, percent, spent: usd(p.spent), limit: usd(p.limit), adminUrl },
      });
    }
  }
}

const usd = (micros: number) => `$${(micros / 1_000_000).toFixed(2)}`;

/** Every provider this server can call, has a limit for or spent on this month: limits, spending and state (admin budgets and system status). */
export async function providerSpending(db: Pick<Database, 'execute' | 'select'>, config: AppConfig): Promise<ProviderSpend[]> {
  const [settings, spent] = await Promise.all([loadSettings(db, environmentModel(config)), spendByProvider(db)]);
  const callable = configuredProviders(config);
  // The offline and test engines cost nothing: listed only when someone set a limit or a price for them.
  const paid = (p: string) => p !== 'offline' && p !== 'fixed-latency';
  const listed = (p: Provider) => (paid(p) && callable.has(p)) || (spent.get(p)?.monthMicros ?? 0) > 0 || settings.limit(p);
  return PROVIDERS.filter(listed).map((provider) => {
    const limit = settings.limit(provider);
    const s = spent.get(provider) ?? { todayMicros: 0, monthMicros: 0 };
    return {
      provider,
      currency: 'USD',
      dailyMicros: limit?.dailyMicros ?? null,
      monthlyMicros: limit?.monthlyMicros ?? null,
      fallbackWhenReached: limit?.fallbackWhenReached ?? false,
      spentTodayMicros: s.todayMicros,
      spentMonthMicros: s.monthMicros,
      state: spendState(limit, s),
    };
  });
}
