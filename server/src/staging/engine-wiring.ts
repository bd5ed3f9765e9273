import type { AppConfig } from '../config.js';
import { createStagingEngine, type StagingEngineSettings } from './engines/create-engine.js';
import type { StagingEngine } from './engines/engine.js';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './engines/provider-call.js';
import { configureCvThreads, imageThreadCount, runInCvThread, warmUpCvThreads } from './geometry-lock/threads/cv-threads.js';
import { configureLabelledSigning } from '../images/content-credentials.js';
import type { HeicDecoder } from '../images/heic-port.js';
import { lockResult, protectedRegionsMask } from './geometry-lock/lock.js';
import type { GeometryLock } from './runs/run-render.js';

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

/** The engine of one registry model (`provider:model`, or `offline` / `fixed-latency`), with the provider's key and address from the environment. */
export function createModelEngine(config: AppConfig, modelId: string): StagingEngine {
  const [provider, ...rest] = modelId.split(':');
  const model = rest.join(':');
  const settings = engineSettings(config);
  switch (provider) {
    case 'openai':
      return createStagingEngine({ ...settings, engine: 'openai', openai: { ...settings.openai, model } });
    case 'gemini':
      return createStagingEngine({ ...settings, engine: 'gemini', gemini: { ...settings.gemini, model } });
    case 'replicate':
      return createStagingEngine({ ...settings, engine: 'replicate', replicate: { ...settings.replicate, model } });
    case 'offline':
    case 'fixed-latency':
      return createStagingEngine({ ...settings, engine: provider });
    default:
      throw new Error(`Unknown model "${modelId}".`);
  }
}

/** The geometry lock every engine's result goes through (DESIGN §6, decision 014). */
export function createGeometryLock(config: Pick<AppConfig, 'IMAGE_CONCURRENCY'>): GeometryLock {
  // The image threads (decision 057): one per image slot, at most one per core.
  configureCvThreads(imageThreadCount(config.IMAGE_CONCURRENCY));
  // Labelled downloads' Content Credentials are signed in the same threads (decisions 057, 060).
  configureLabelledSigning((task, signal) => runInCvThread('signLabelled', task, signal));
  return { lock: lockResult, protectedRegions: protectedRegionsMask, warmUp: warmUpCvThreads };
}

/**
 * Uploaded HEIC/HEIF photos are decoded in the image threads (decisions 057, 059): the intake hands
 * this to `configureHeicDecoding`. A decode that runs past its signal has its thread replaced.
 */
export const decodeHeicInImageThread: HeicDecoder = (bytes, limits, signal) => runInCvThread('heicToJpeg', { bytes, limits }, signal);
