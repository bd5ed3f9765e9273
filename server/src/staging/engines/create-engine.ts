import type { StagingEngine } from './engine.js';
import { FixedLatencyStagingEngine } from './fixed-latency-engine.js';
import { GeminiStagingEngine } from './gemini-engine.js';
import { OfflineStagingEngine } from './offline-engine.js';
import { OpenAIStagingEngine } from './openai-engine.js';
import { ReplicateStagingEngine } from './replicate-engine.js';

export type EngineChoice = 'offline' | 'openai' | 'gemini' | 'replicate' | 'fixed-latency';

/** Everything the engines need, mapped from the environment by the caller (config.ts stays the one reader). */
export interface StagingEngineSettings {
  engine: EngineChoice;
  openai?: { apiKey?: string; baseURL?: string; model: string };
  gemini?: { apiKey?: string; baseUrl?: string; model: string };
  replicate?: { apiToken?: string; baseUrl?: string; model: string };
  fixedLatencyMs: number;
  /** Overall deadline of one provider call. */
  timeoutMs: number;
}

export function createStagingEngine(settings: StagingEngineSettings): StagingEngine {
  const { timeoutMs } = settings;
  switch (settings.engine) {
    case 'offline':
      return new OfflineStagingEngine();
    case 'fixed-latency':
      return new FixedLatencyStagingEngine(settings.fixedLatencyMs);
    case 'openai': {
      const [openai, apiKey] = withSecret(settings.openai, (o) => o.apiKey, 'openai', 'OPENAI_API_KEY');
      return new OpenAIStagingEngine({ apiKey, baseURL: openai.baseURL, model: openai.model, timeoutMs });
    }
    case 'gemini': {
      const [gemini, apiKey] = withSecret(settings.gemini, (o) => o.apiKey, 'gemini', 'GEMINI_API_KEY');
      return new GeminiStagingEngine({ apiKey, baseUrl: gemini.baseUrl, model: gemini.model, timeoutMs });
    }
    case 'replicate': {
      const [replicate, apiToken] = withSecret(settings.replicate, (o) => o.apiToken, 'replicate', 'REPLICATE_API_TOKEN');
      return new ReplicateStagingEngine({ apiToken, baseUrl: replicate.baseUrl, model: replicate.model, timeoutMs });
    }
    default: {
      const unknown: never = settings.engine;
      throw new Error(`Unknown staging engine "${String(unknown)}".`);
    }
  }
}

/** A provider chosen without its key is a configuration mistake: say which variable is missing. */
function withSecret<T>(options: T | undefined, secretOf: (o: T) => string | undefined, engine: string, variable: string): [T, string] {
  const secret = options ? secretOf(options)?.trim() : undefined;
  if (!options || !secret) throw new Error(`STAGING_ENGINE=${engine} needs ${variable}; set it or choose STAGING_ENGINE=offline.`);
  return [options, secret];
}
