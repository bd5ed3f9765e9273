import { eq, inArray, sql } from 'drizzle-orm';
import type { EngineService } from '../../../contract/economics.js';
import type { Database } from '../db/client.js';
import { engineCalls } from '../db/schema/economics.js';

/**
 * Every engine call, recorded as it ends (decision 055): one row per image the provider returned,
 * charged at the model's price, or one row without cost for a call that failed. The lock's verdict
 * follows with `settleCall`: `delivered`, or `refused` with its reason.
 */
export interface CallFacts {
  runId: string | null;
  service: EngineService;
  plan: string;
  provider: string;
  modelId: string;
  strict: boolean;
  input: { width?: number; height?: number };
  latencyMs: number;
  currency: string;
}

type Executor = Pick<Database, 'insert' | 'update'>;

/** The returned images' rows (outcome `returned`), in the order of `outputs`; their ids. */
export async function recordReturned(db: Executor, facts: CallFacts, priceMicros: number, outputs: Array<{ width?: number; height?: number }>): Promise<string[]> {
  if (!outputs.length) return [];
  const rows = await db
    .insert(engineCalls)
    .values(outputs.map((output) => ({ ...columns(facts), outputWidth: output.width ?? null, outputHeight: output.height ?? null, outcome: 'returned' as const, costMicros: priceMicros })))
    .returning({ id: engineCalls.id });
  return rows.map((r) => r.id);
}

export async function recordFailed(db: Executor, facts: CallFacts, reason: string): Promise<void> {
  await db.insert(engineCalls).values({ ...columns(facts), outcome: 'failed', reason, costMicros: 0 });
}

/** The lock's verdict on a returned image. */
export async function settleCall(db: Executor, callId: string, outcome: 'delivered' | 'refused', reason?: string): Promise<void> {
  await db
    .update(engineCalls)
    .set({ outcome, reason: reason ?? null })
    .where(eq(engineCalls.id, callId));
}

/** Results the lock passed that were not delivered after all (duplicates of an earlier result). */
export async function refuseCalls(db: Executor, callIds: string[], reason: string): Promise<void> {
  if (!callIds.length) return;
  await db
    .update(engineCalls)
    .set({ outcome: 'refused', reason })
    .where(sql`${inArray(engineCalls.id, callIds)} AND ${engineCalls.outcome} = 'delivered'`);
}

function columns(facts: CallFacts) {
  return {
    runId: facts.runId,
    service: facts.service,
    plan: facts.plan,
    provider: facts.provider,
    modelId: facts.modelId,
    strict: facts.strict,
    inputWidth: facts.input.width ?? null,
    inputHeight: facts.input.height ?? null,
    latencyMs: Math.max(0, Math.round(facts.latencyMs)),
    currency: facts.currency,
  };
}
