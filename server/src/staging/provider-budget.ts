import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { aroundEachRequest, EngineError, engineMessages, type StageInput, type StagingEngine } from './engines/engine.js';

/**
 * A provider's request budget, shared by every process through one row of `provider_budgets`
 * (decision 024). Each request reserves the next free moment of the provider's schedule in one
 * atomic upsert on PostgreSQL's clock, so requests from all workers are spaced 60 s / RPM apart in
 * the order they asked, and a burst above the budget waits its turn instead of failing. A 429 moves
 * the schedule past the provider's retry-after, for every process. Without an RPM requests are not
 * spaced, but a 429's pause still holds for all.
 */
export interface ProviderBudget {
  /** Reserves the next request's moment; `waitMs` is how long from now (0: at once). */
  reserve(): Promise<{ startAt: Date; waitMs: number }>;
  /** The provider asked us to wait: no request of any process before `ms` from now. */
  pause(ms: number): Promise<void>;
}

/** When a 429 names no wait: hold back this long. */
const PAUSE_WITHOUT_RETRY_AFTER_MS = 1_000;

export function createProviderBudget(db: Database, provider: string, rpm: number | undefined): ProviderBudget {
  const spacingMs = rpm ? 60_000 / rpm : 0;
  const spacing = sql`(${spacingMs}::double precision * interval '1 millisecond')`;
  return {
    async reserve() {
      // Without an RPM nothing is reserved (no write, no row lock shared by every slot): only a pause is honoured.
      const { rows } = await db.execute<{ start_at: Date; wait_ms: number }>(
        spacingMs === 0
          ? sql`
        SELECT GREATEST(clock_timestamp(), COALESCE(MAX(next_at), clock_timestamp())) AS start_at,
          GREATEST(0, EXTRACT(EPOCH FROM COALESCE(MAX(next_at), clock_timestamp()) - clock_timestamp()) * 1000)::float8 AS wait_ms
        FROM provider_budgets WHERE provider = ${provider}`
          : sql`
        WITH slot AS (
          INSERT INTO provider_budgets AS b (provider, next_at) VALUES (${provider}, clock_timestamp() + ${spacing})
          ON CONFLICT (provider) DO UPDATE SET next_at = GREATEST(b.next_at, clock_timestamp()) + ${spacing}
          RETURNING b.next_at - ${spacing} AS start_at
        )
        SELECT start_at, GREATEST(0, EXTRACT(EPOCH FROM start_at - clock_timestamp()) * 1000)::float8 AS wait_ms FROM slot`,
      );
      const row = rows[0]!;
      return { startAt: new Date(row.start_at), waitMs: Number(row.wait_ms) };
    },
    async pause(ms) {
      const until = sql`clock_timestamp() + (${Math.max(0, ms)}::double precision * interval '1 millisecond')`;
      await db.execute(sql`
        INSERT INTO provider_budgets AS b (provider, next_at) VALUES (${provider}, ${until})
        ON CONFLICT (provider) DO UPDATE SET next_at = GREATEST(b.next_at, ${until})`);
    },
  };
}

/**
 * The engine with every provider request taken from the budget first: it waits for its reserved
 * moment (ended early by the run's signal: deadline, cancellation), and a rate-limit answer pauses
 * the budget for every process by the provider's retry-after.
 */
export function withProviderBudget(engine: StagingEngine, budget: ProviderBudget): StagingEngine {
  // One provider request (one `stage`, or one `stageVariations` call with `n`) takes one turn.
  const inTurn = async <T>(input: StageInput, request: () => Promise<T>): Promise<T> => {
    const { waitMs } = await budget.reserve();
    if (waitMs > 0) await waitUnlessAborted(waitMs, input.signal);
    try {
      return await request();
    } catch (err) {
      if (err instanceof EngineError && err.message === engineMessages.rateLimited) {
        await budget.pause(err.retryAfterMs ?? PAUSE_WITHOUT_RETRY_AFTER_MS);
      }
      throw err;
    }
  };
  return aroundEachRequest(engine, inTurn);
}

async function waitUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (err) {
    throw new EngineError(engineMessages.cancelled, 'transient', undefined, { cause: err });
  }
}

/** How long from now the provider's schedule holds the next request back (a 429's pause, an RPM queue); 0 when free. */
export async function providerWaitMs(db: Database, provider: string): Promise<number> {
  const { rows } = await db.execute<{ wait_ms: number }>(sql`
    SELECT GREATEST(0, EXTRACT(EPOCH FROM COALESCE(MAX(next_at), clock_timestamp()) - clock_timestamp()) * 1000)::float8 AS wait_ms
    FROM provider_budgets WHERE provider = ${provider}`);
  return Number(rows[0]?.wait_ms ?? 0);
}
