import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stagingRuns } from './projects.js';
import { users } from './users.js';

/**
 * Running the business (issue 38, decisions 054, 055). Money is stored in millionths ("micros") of
 * the provider's currency, so a $0.039 image is 39000 and sums stay exact.
 */

/** The operator's price per image of a registry model (economics/model-registry.ts holds the defaults). */
export const engineModelPrices = pgTable('engine_model_prices', {
  modelId: text('model_id').primaryKey(),
  priceMicros: bigint('price_micros', { mode: 'number' }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The operator's model per service: primary and ordered fallbacks. No row: the environment's engine. */
export const engineChoices = pgTable('engine_choices', {
  service: text('service', { enum: ['staging', 'removal'] }).primaryKey(),
  primaryModel: text('primary_model').notNull(),
  fallbackModels: text('fallback_models').array().notNull().default([]),
  /** The geometry lock's refusal moves the strict retry to the next model (off by default). */
  fallbackOnRefusal: boolean('fallback_on_refusal').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Daily and monthly spending limits per provider (null: none); the 80 % mail once per day / month. */
export const providerSpendLimits = pgTable('provider_spend_limits', {
  provider: text('provider').primaryKey(),
  dailyMicros: bigint('daily_micros', { mode: 'number' }),
  monthlyMicros: bigint('monthly_micros', { mode: 'number' }),
  fallbackWhenReached: boolean('fallback_when_reached').notNull().default(false),
  warnedDay: date('warned_day'),
  warnedMonth: date('warned_month'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed a choice, price or limit, and to what (the address is kept when the account goes). */
export const engineSettingsLog = pgTable(
  'engine_settings_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['choice', 'price', 'limit'] }).notNull(),
    subject: text('subject').notNull(),
    detail: jsonb('detail').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedByEmail: text('changed_by_email').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('engine_settings_log_changed_idx').on(t.changedAt)],
);

/** One row, bumped with every change above: each process reloads its cached settings when it moved. */
export const engineSettingsVersion = pgTable('engine_settings_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Every engine call, one row per image it returned (or one for a failed call): strict retries and
 * results the lock refused included, since the provider bills them too.
 */
export const engineCalls = pgTable(
  'engine_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id').references(() => stagingRuns.id, { onDelete: 'set null' }),
    service: text('service', { enum: ['staging', 'removal'] }).notNull(),
    plan: text('plan').notNull(),
    provider: text('provider').notNull(),
    modelId: text('model_id').notNull(),
    strict: boolean('strict').notNull().default(false),
    inputWidth: integer('input_width'),
    inputHeight: integer('input_height'),
    outputWidth: integer('output_width'),
    outputHeight: integer('output_height'),
    latencyMs: integer('latency_ms').notNull(),
    /** `returned` until the lock decided: then `delivered` or `refused` (with `reason`); `failed` calls cost nothing. */
    outcome: text('outcome', { enum: ['returned', 'delivered', 'refused', 'failed'] }).notNull(),
    reason: text('reason'),
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('engine_calls_provider_created_idx').on(t.provider, t.createdAt), index('engine_calls_created_idx').on(t.createdAt), index('engine_calls_run_idx').on(t.runId)],
);
