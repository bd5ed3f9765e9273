import { sql } from 'drizzle-orm';
import type { EngineService } from '../../../contract/economics.js';
import type { Database } from '../db/client.js';
import { engineChoices, engineModelPrices, engineSettingsLog, engineSettingsVersion, providerSpendLimits } from '../db/schema/economics.js';
import { findModel } from './model-registry.js';

/**
 * The operator's engine settings (decision 054): model choice per service, prices, spending limits.
 * Every process reads them from PostgreSQL and keeps them until the one-row version moves: each run
 * asks for `current()`, which costs one primary-key read while nothing changed, so a change made in
 * any process applies to the next run of every process, without a restart or a timer.
 */
export interface ServiceChoice {
  primary: string;
  fallbacks: string[];
  fallbackOnRefusal: boolean;
  chosen: boolean;
}

export interface SpendLimit {
  dailyMicros: number | null;
  monthlyMicros: number | null;
  fallbackWhenReached: boolean;
}

export interface EngineSettings {
  version: number;
  choice(service: EngineService): ServiceChoice;
  priceMicros(modelId: string): number;
  limit(provider: string): SpendLimit | undefined;
}

type Executor = Pick<Database, 'select' | 'execute'>;

export async function loadSettings(db: Executor, defaultModel: string): Promise<EngineSettings> {
  const [versionRow, choices, prices, limits] = await Promise.all([
    db.select().from(engineSettingsVersion),
    db.select().from(engineChoices),
    db.select().from(engineModelPrices),
    db.select().from(providerSpendLimits),
  ]);
  const choiceOf = new Map(choices.map((c) => [c.service, c]));
  const priceOf = new Map(prices.map((p) => [p.modelId, p.priceMicros]));
  const limitOf = new Map(limits.map((l) => [l.provider, { dailyMicros: l.dailyMicros, monthlyMicros: l.monthlyMicros, fallbackWhenReached: l.fallbackWhenReached }]));
  return {
    version: versionRow[0]?.version ?? 0,
    choice(service) {
      const row = choiceOf.get(service);
      if (!row) return { primary: defaultModel, fallbacks: [], fallbackOnRefusal: false, chosen: false };
      return { primary: row.primaryModel, fallbacks: row.fallbackModels, fallbackOnRefusal: row.fallbackOnRefusal, chosen: true };
    },
    priceMicros: (modelId) => priceOf.get(modelId) ?? findModel(modelId)?.listPriceMicros ?? 0,
    limit: (provider) => limitOf.get(provider),
  };
}

/** `current()`: the settings, reloaded only when the version row moved since the last read. */
export function createSettingsCache(db: Executor, defaultModel: string) {
  let cached: EngineSettings | undefined;
  return {
    async current(): Promise<EngineSettings> {
      const [row] = await db.select({ version: engineSettingsVersion.version }).from(engineSettingsVersion);
      if (!cached || cached.version !== (row?.version ?? 0)) cached = await loadSettings(db, defaultModel);
      return cached;
    },
  };
}
export type SettingsCache = ReturnType<typeof createSettingsCache>;

export interface Changer {
  id: string;
  email: string;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** One change: the write, its log line and the version bump in one transaction. */
async function change(db: Database, by: Changer, kind: 'choice' | 'price' | 'limit', subject: string, detail: Record<string, unknown>, write: (tx: Tx) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await write(tx);
    await tx.insert(engineSettingsLog).values({ kind, subject, detail, changedBy: by.id, changedByEmail: by.email });
    await tx.update(engineSettingsVersion).set({ version: sql`${engineSettingsVersion.version} + 1` }).where(sql`${engineSettingsVersion.id} = 1`);
  });
}

export function saveChoice(db: Database, by: Changer, service: EngineService, choice: Omit<ServiceChoice, 'chosen'>) {
  const values = { primaryModel: choice.primary, fallbackModels: choice.fallbacks, fallbackOnRefusal: choice.fallbackOnRefusal, updatedBy: by.id, updatedAt: sql`now()` };
  return change(db, by, 'choice', service, choice as unknown as Record<string, unknown>, (tx) =>
    tx.insert(engineChoices).values({ service, ...values }).onConflictDoUpdate({ target: engineChoices.service, set: values }),
  );
}

export function savePrice(db: Database, by: Changer, modelId: string, priceMicros: number) {
  const values = { priceMicros, updatedBy: by.id, updatedAt: sql`now()` };
  return change(db, by, 'price', modelId, { priceMicros }, (tx) =>
    tx.insert(engineModelPrices).values({ modelId, ...values }).onConflictDoUpdate({ target: engineModelPrices.modelId, set: values }),
  );
}

export function saveLimit(db: Database, by: Changer, provider: string, limit: SpendLimit) {
  // A new limit re-arms the 80 % mail for the running day and month.
  const values = { ...limit, warnedDay: null, warnedMonth: null, updatedBy: by.id, updatedAt: sql`now()` };
  return change(db, by, 'limit', provider, limit as unknown as Record<string, unknown>, (tx) =>
    tx.insert(providerSpendLimits).values({ provider, ...values }).onConflictDoUpdate({ target: providerSpendLimits.provider, set: values }),
  );
}
