import type { EngineService, Provider } from '../../../contract/economics.js';
import type { AppConfig } from '../config.js';

/**
 * The models each engine adapter can really call (issue 38, decision 054), with the list price per
 * image the operator starts from (editable in the admin area, stored in `engine_model_prices`),
 * the sizes the provider answers in and whether it takes an edit mask. Prices are the providers'
 * published per-image prices when this was written (OpenAI: high quality at 1536×1024; Replicate:
 * per output image); the provider's own bill is what counts, so the operator corrects them.
 */
export interface ModelEntry {
  id: string;
  provider: Provider;
  /** The model name the adapter sends. */
  model: string;
  label: string;
  listPriceMicros: number;
  currency: 'USD';
  sizes: string[];
  editMask: boolean;
  canDeclutter: boolean;
}

const OPENAI_SIZES = ['1024×1024', '1536×1024', '1024×1536'];
const GEMINI_SIZES = ['1024×1024', '1248×832', '832×1248', '1344×768', '768×1344'];
const MATCH_INPUT = ['input aspect ratio (≈1 MP)'];

const entry = (provider: Provider, model: string, label: string, dollars: number, sizes: string[], editMask = false): ModelEntry => ({
  id: provider === 'offline' || provider === 'fixed-latency' ? provider : `${provider}:${model}`,
  provider,
  model,
  label,
  listPriceMicros: Math.round(dollars * 1_000_000),
  currency: 'USD',
  sizes,
  editMask,
  canDeclutter: provider !== 'offline' && provider !== 'fixed-latency',
});

export const MODEL_REGISTRY: readonly ModelEntry[] = [
  entry('openai', 'gpt-image-1.5', 'OpenAI GPT Image 1.5', 0.2, OPENAI_SIZES, true),
  entry('openai', 'gpt-image-1', 'OpenAI GPT Image 1', 0.25, OPENAI_SIZES, true),
  entry('openai', 'gpt-image-1-mini', 'OpenAI GPT Image 1 mini', 0.052, OPENAI_SIZES, true),
  entry('gemini', 'gemini-2.5-flash-image', 'Gemini 2.5 Flash Image', 0.039, GEMINI_SIZES),
  entry('gemini', 'gemini-3-pro-image-preview', 'Gemini 3 Pro Image (preview)', 0.134, GEMINI_SIZES),
  entry('replicate', 'black-forest-labs/flux-kontext-pro', 'FLUX.1 Kontext [pro] (Replicate)', 0.04, MATCH_INPUT),
  entry('replicate', 'black-forest-labs/flux-kontext-max', 'FLUX.1 Kontext [max] (Replicate)', 0.08, MATCH_INPUT),
  entry('replicate', 'black-forest-labs/flux-2-pro', 'FLUX.2 [pro] (Replicate)', 0.03, MATCH_INPUT),
  entry('replicate', 'qwen/qwen-image-edit-plus', 'Qwen-Image-Edit-Plus (Replicate)', 0.03, MATCH_INPUT),
  entry('replicate', 'google/nano-banana', 'Nano Banana (Replicate)', 0.039, MATCH_INPUT),
  entry('offline', 'offline', 'Offline preview engine', 0, ['input size']),
  entry('fixed-latency', 'fixed-latency', 'Fixed-latency test engine', 0, ['input size']),
];

/** A model of the registry, or one the environment names that the registry does not list (price 0 until set). */
export function findModel(id: string): ModelEntry | undefined {
  const known = MODEL_REGISTRY.find((m) => m.id === id);
  if (known) return known;
  const [provider, ...rest] = id.split(':');
  const model = rest.join(':');
  if (!model || !['openai', 'gemini', 'replicate'].includes(provider!)) return undefined;
  return entry(provider as Provider, model, model, 0, provider === 'openai' ? OPENAI_SIZES : MATCH_INPUT, provider === 'openai');
}

export function providerOf(modelId: string): string {
  return modelId.split(':')[0]!;
}

/** Providers this server can call: a key is configured (the offline engine always; the test engine outside production). */
export function configuredProviders(config: AppConfig): Set<Provider> {
  const providers = new Set<Provider>(['offline']);
  if (config.OPENAI_API_KEY) providers.add('openai');
  if (config.GEMINI_API_KEY) providers.add('gemini');
  if (config.REPLICATE_API_TOKEN) providers.add('replicate');
  if (config.NODE_ENV !== 'production') providers.add('fixed-latency');
  return providers;
}

/** The environment's engine and model (STAGING_ENGINE and its model variable): every service's default. */
export function environmentModel(config: AppConfig): string {
  switch (config.STAGING_ENGINE) {
    case 'openai':
      return `openai:${config.OPENAI_IMAGE_MODEL}`;
    case 'gemini':
      return `gemini:${config.GEMINI_IMAGE_MODEL}`;
    case 'replicate':
      return `replicate:${config.REPLICATE_MODEL}`;
    default:
      return config.STAGING_ENGINE;
  }
}

/** Why a model cannot serve a service on this server, or null when it can. */
export function unusableFor(config: AppConfig, service: EngineService, modelId: string): string | null {
  const model = findModel(modelId);
  if (!model) return `Unknown model "${modelId}".`;
  if (!configuredProviders(config).has(model.provider)) return `The ${model.provider} provider has no API key on this server.`;
  if (service === 'removal' && !model.canDeclutter) return `${model.label} cannot remove furniture.`;
  return null;
}
