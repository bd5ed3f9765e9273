import type { AppConfig } from '../config.js';
import { createStagingEngine, type StagingEngineSettings } from './engines/create-engine.js';
import type { StagingEngine } from './engines/engine.js';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './engines/provider-call.js';
import type { StructureCheck } from './staging-run.js';
import { fidelityScore, needsStricterRetry, prepareFidelityScore } from './structure-check.js';

/** Engine settings from the one config (STAGING_ENGINE and the provider variables). */
export function engineSettings(config: AppConfig): StagingEngineSettings {
  return {
    engine: config.STAGING_ENGINE,
    openai: { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_IMAGE_MODEL },
    gemini: { apiKey: config.GEMINI_API_KEY, baseUrl: config.GEMINI_BASE_URL, model: config.GEMINI_IMAGE_MODEL },
    replicate: { apiToken: config.REPLICATE_API_TOKEN, baseUrl: config.REPLICATE_BASE_URL, model: config.REPLICATE_MODEL },
    fixedLatencyMs: config.FIXED_LATENCY_MS,
    // One provider call gets at most 2 minutes and leaves room in the staging budget for a retry;
    // the job's deadline (STAGING_TIMEOUT_S) bounds the whole.
    timeoutMs: Math.max(10_000, Math.min(DEFAULT_PROVIDER_TIMEOUT_MS, (config.STAGING_TIMEOUT_S - 10) * 1000)),
  };
}

export function createConfiguredEngine(config: AppConfig): StagingEngine {
  return createStagingEngine(engineSettings(config));
}

/** The structure check with FIDELITY_THRESHOLD: below it, one retry with the strict prompt. */
export function createStructureCheck(config: AppConfig): StructureCheck {
  return {
    score: fidelityScore,
    prepare: prepareFidelityScore,
    needsStricterRetry: (score) => needsStricterRetry(score, config.FIDELITY_THRESHOLD),
  };
}
