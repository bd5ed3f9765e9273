import { z } from 'zod';
import { PLAN_IDS } from './plans.js';

/**
 * Running the business (issue 38, decisions 054, 055): the model registry and the operator's
 * choice per service, provider spending limits, and the cost analytics of the admin area.
 * Money on the wire is in micros (millionths) of the named currency, so sums stay exact.
 */
export const ENGINE_SERVICES = ['staging', 'removal'] as const;
export type EngineService = (typeof ENGINE_SERVICES)[number];

export const PROVIDERS = ['openai', 'gemini', 'replicate', 'offline', 'fixed-latency'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Most fallbacks one service lists (each model is tried at most once per run). */
export const MAX_FALLBACKS = 4;
/** Share of a spending limit at which the operators get a mail. */
export const SPEND_WARNING_SHARE = 0.8;

const modelId = z.string().trim().min(1).max(200);
const micros = z.number().int().min(0).max(1_000_000_000_000);

export const registryModel = z.object({
  /** `provider:model` (also what a delivered image records as its engine). */
  id: z.string(),
  provider: z.enum(PROVIDERS),
  label: z.string(),
  /** Price per image in micros of `currency`: the operator's, else the registry's list price. */
  priceMicros: z.number().int(),
  listPriceMicros: z.number().int(),
  currency: z.string(),
  sizes: z.array(z.string()),
  editMask: z.boolean(),
  canDeclutter: z.boolean(),
  /** The provider's key is configured on this server: the model can be chosen. */
  available: z.boolean(),
});
export type RegistryModel = z.infer<typeof registryModel>;

export const engineChoice = z.object({
  service: z.enum(ENGINE_SERVICES),
  primary: z.string(),
  fallbacks: z.array(z.string()),
  fallbackOnRefusal: z.boolean(),
  /** False: nobody chose yet, the environment's engine applies. */
  chosen: z.boolean(),
});
export type EngineChoice = z.infer<typeof engineChoice>;

export const settingsLogEntry = z.object({
  kind: z.enum(['choice', 'price', 'limit']),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
  changedBy: z.string(),
  changedAt: z.string(),
});

export const adminModelsResponse = z.object({
  models: z.array(registryModel),
  choices: z.array(engineChoice),
  log: z.array(settingsLogEntry),
});
export type AdminModelsResponse = z.infer<typeof adminModelsResponse>;

export const engineChoiceRequest = z.object({
  primary: modelId,
  fallbacks: z.array(modelId).max(MAX_FALLBACKS).default([]),
  fallbackOnRefusal: z.boolean().default(false),
});
export type EngineChoiceRequest = z.infer<typeof engineChoiceRequest>;

export const modelPriceRequest = z.object({ priceMicros: micros });

export const spendLimitRequest = z.object({
  dailyMicros: micros.nullable(),
  monthlyMicros: micros.nullable(),
  fallbackWhenReached: z.boolean().default(false),
});
export type SpendLimitRequest = z.infer<typeof spendLimitRequest>;

export const providerSpend = z.object({
  provider: z.enum(PROVIDERS),
  currency: z.string(),
  dailyMicros: z.number().int().nullable(),
  monthlyMicros: z.number().int().nullable(),
  fallbackWhenReached: z.boolean(),
  spentTodayMicros: z.number().int(),
  spentMonthMicros: z.number().int(),
  /** `warning` from 80 % of either limit, `reached` at 100 %: new runs stop (or fall back). */
  state: z.enum(['ok', 'warning', 'reached']),
});
export type ProviderSpend = z.infer<typeof providerSpend>;
export const adminBudgetsResponse = z.object({ providers: z.array(providerSpend) });
export type AdminBudgetsResponse = z.infer<typeof adminBudgetsResponse>;

export const costsQuery = z.object({
  /** yyyy-MM-dd, UTC, inclusive. Default: the last 30 days. */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});

export const adminCostsResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** Costs are shown in EUR, converted at this rate (USD_EUR_RATE). */
  usdToEur: z.number(),
  byModel: z.array(
    z.object({
      modelId: z.string(),
      calls: z.number().int(),
      delivered: z.number().int(),
      refused: z.number().int(),
      failed: z.number().int(),
      /** Refused ÷ (delivered + refused): the geometry lock's refusal rate for this model. */
      refusalRate: z.number().nullable(),
      costEurCents: z.number(),
      /** Every call's cost (refused and failed ones too) ÷ delivered images. */
      costPerDeliveredEurCents: z.number().nullable(),
      avgLatencyMs: z.number().int().nullable(),
    }),
  ),
  byPlan: z.array(
    z.object({
      plan: z.enum(PLAN_IDS),
      delivered: z.number().int(),
      creditsCharged: z.number().int(),
      costEurCents: z.number(),
      costPerDeliveredEurCents: z.number().nullable(),
      /** The plan's subscription revenue over the period (estimated from the plan prices and subscribers). */
      revenueEurCents: z.number(),
      revenuePerCreditEurCents: z.number().nullable(),
      marginEurCents: z.number(),
    }),
  ),
  totals: z.object({ calls: z.number().int(), delivered: z.number().int(), costEurCents: z.number(), costPerDeliveredEurCents: z.number().nullable() }),
  /**
   * Credit packs (decision 061): bought in the period, their revenue excluding VAT and less refunds
   * (also counted in the buyer pool's plan revenue above), the pack credits charged by runs in the
   * period, and the pack credits all accounts hold now (sold, not yet used).
   */
  creditPacks: z.object({
    sold: z.number().int(),
    creditsSold: z.number().int(),
    revenueEurCents: z.number(),
    refundedEurCents: z.number(),
    creditsCharged: z.number().int(),
    creditsOutstanding: z.number().int(),
  }),
});
export type AdminCostsResponse = z.infer<typeof adminCostsResponse>;
