import Replicate, { type Prediction } from 'replicate';
import sharp from 'sharp';
import { buildStagingPrompt } from '../prompts.js';
import { EngineError, engineMessages, type StageInput, type StageResult, type StagingEngine } from './engine.js';
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  mapGenericError,
  retryAfterFromHeaders,
  runProviderCall,
  transientStatusError,
} from './provider-call.js';
import { fromInputImage } from './input-image.js';
import { multiImageInputsFor } from './replicate-inputs.js';
import { DEFAULT_MAX_REPLY_BYTES, cappedFetch, jsonBudgetFor, readBodyCapped, verifiedImage } from './reply-limits.js';

export interface ReplicateEngineOptions {
  apiToken: string;
  /** e.g. a fake's `http://127.0.0.1:PORT/v1`; the SDK default otherwise. */
  baseUrl?: string;
  /** `owner/name` (official model, latest version) or `owner/name:version`. */
  model: string;
  /** The model's input field for the photo: `input_image` for FLUX Kontext, `image` for many others. */
  imageInputKey?: string;
  /** Model inputs besides prompt and image; defaults suit FLUX Kontext. */
  extraInput?: Record<string, unknown>;
  /** Seconds the create request may be held open (`Prefer: wait=N`, 1..60). */
  waitSeconds?: number;
  pollIntervalMs?: number;
  timeoutMs?: number;
  maxReplyBytes?: number;
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);
const POLICY_FAILURE = /nsfw|safety|sensitive|\bE005\b|flagged|content[ _-]?polic|moderat/i;
const INPUT_FAILURE = /invalid input|input validation|is not a valid|must be (?:one of|a|an|between)/i;
/** Data URIs are meant for small files (reference §3.4); a 2048 px JPEG is plenty for these models. */
const MAX_INPUT_EDGE = 2048;
const MAX_DATA_URI_BYTES = 1_500_000;

/** Replicate predictions API (reference §3): create with `Prefer: wait`, poll, download the output file. */
export class ReplicateStagingEngine implements StagingEngine {
  readonly name: string;
  readonly canDeclutter = true;
  private readonly timeoutMs: number;
  private readonly maxReplyBytes: number;

  constructor(private readonly options: ReplicateEngineOptions) {
    this.name = `replicate:${options.model}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
    this.maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
  }

  /** Multi-image models (replicate-inputs.ts) take the reference as their second image. */
  get maxReferenceImages(): number {
    return multiImageInputsFor(this.options.model) ? 1 : 0;
  }

  async stage(input: StageInput): Promise<StageResult> {
    const multi = multiImageInputsFor(this.options.model);
    const reference = multi && input.reference ? input.reference : undefined;
    const prompt = buildStagingPrompt({ ...input, reference: reference && { kind: reference.kind } });
    const image = await fromInputImage(() => dataUriFor(input.image, input.mimeType));
    const referenceUri = reference ? await dataUriFor(reference.image, reference.mimeType) : undefined;
    const images = multi ? multi(image, referenceUri) : { [this.options.imageInputKey ?? 'input_image']: image };
    const modelInput = {
      aspect_ratio: 'match_input_image',
      output_format: 'jpg',
      ...this.options.extraInput,
      prompt,
      ...images,
    };
    // A client per call: its fetch remembers the call's first failure (see failFastFetch).
    const client = this.client(failFastFetch(jsonBudgetFor(this.maxReplyBytes)));
    let pending: Prediction | undefined;
    try {
      return await runProviderCall(
        { timeoutMs: this.timeoutMs, signal: input.signal },
        async (signal) => {
          pending = await client.predictions.create({
            ...modelRef(this.options.model),
            input: modelInput,
            wait: Math.min(60, Math.max(1, this.options.waitSeconds ?? 60)),
            signal,
          });
          let prediction = pending;
          while (!TERMINAL.has(prediction.status)) {
            await sleep(this.options.pollIntervalMs ?? 1500, signal);
            prediction = await client.predictions.get(prediction.id, { signal });
          }
          pending = prediction;
          const bytes = await downloadOutput(outputUrlOf(prediction), this.maxReplyBytes, signal);
          return { ...(await verifiedImage(bytes, this.maxReplyBytes)), engine: this.name };
        },
        mapReplicateError,
      );
    } finally {
      if (pending && !TERMINAL.has(pending.status)) this.cancelQuietly(pending.id);
    }
  }

  private client(fetchImpl: typeof fetch): Replicate {
    return new Replicate({ auth: this.options.apiToken, baseUrl: this.options.baseUrl, fetch: fetchImpl, useFileOutput: false });
  }

  /** We stop waiting on timeout or cancel; stop paying for the prediction too. Best effort. */
  private cancelQuietly(id: string): void {
    this.client(cappedFetch(1024 * 1024))
      .predictions.cancel(id, { signal: AbortSignal.timeout(10_000) })
      .catch(() => {});
  }
}

function modelRef(model: string): { model: string } | { version: string } {
  const [name, version] = model.split(':');
  if (version) return { version };
  if (/^[0-9a-f]{64}$/.test(name)) return { version: name };
  return { model: name };
}

async function dataUriFor(image: Buffer, mimeType: string): Promise<string> {
  let bytes = image;
  let type = mimeType;
  const meta = await sharp(image).metadata();
  if (image.length > MAX_DATA_URI_BYTES || Math.max(meta.width ?? 0, meta.height ?? 0) > MAX_INPUT_EDGE) {
    bytes = await sharp(image)
      .rotate()
      .resize(MAX_INPUT_EDGE, MAX_INPUT_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
    type = 'image/jpeg';
  }
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/**
 * The SDK retries 429 (and 5xx on GET) up to five times back to back, and swallows fetch errors
 * while doing so. The job queue owns retries, so this fetch turns 429/5xx and network failures into
 * an EngineError and keeps failing with it for the rest of the call: the SDK's extra attempts never
 * reach the network and its final attempt rethrows our error.
 */
export function failFastFetch(maxBytes: number): typeof fetch {
  const capped = cappedFetch(maxBytes);
  let failure: EngineError | undefined;
  return async (input, init) => {
    if (failure) throw failure;
    let response: Response;
    try {
      response = await capped(input as string | URL | Request, init);
    } catch (error) {
      failure = error instanceof EngineError ? error : mapGenericError(error);
      throw failure;
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel().catch(() => {});
      failure = transientStatusError(response.status, retryAfterFromHeaders(response.headers));
      throw failure;
    }
    return response;
  };
}

/** The prediction's output must be one http(s) URL (or a list starting with one). */
export function outputUrlOf(prediction: Prediction): URL {
  if (prediction.status === 'failed') {
    const reason = typeof prediction.error === 'string' ? prediction.error : JSON.stringify(prediction.error ?? '');
    if (POLICY_FAILURE.test(reason)) throw new EngineError(engineMessages.contentPolicy, 'permanent');
    if (INPUT_FAILURE.test(reason)) throw new EngineError(engineMessages.badRequest, 'permanent');
    // Model crashes, out-of-memory and interrupted runs: worth one more try.
    throw new EngineError(engineMessages.failed, 'transient');
  }
  if (prediction.status !== 'succeeded') throw new EngineError('The AI provider cancelled the prediction.', 'transient');
  const output: unknown = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
  if (typeof output !== 'string') throw new EngineError(engineMessages.noImage, 'permanent');
  let url: URL;
  try {
    url = new URL(output);
  } catch {
    throw new EngineError(engineMessages.malformed, 'permanent');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new EngineError(engineMessages.malformed, 'permanent');
  return url;
}

async function downloadOutput(url: URL, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const response = await fetch(url, { signal, redirect: 'follow' });
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel().catch(() => {});
    throw transientStatusError(response.status, retryAfterFromHeaders(response.headers));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    // Output files expire after about an hour; a 404 here will not heal.
    throw new EngineError('The AI provider no longer serves the staged image.', 'permanent');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!/^image\//i.test(type) && !/^application\/octet-stream/i.test(type)) {
    await response.body?.cancel().catch(() => {});
    throw new EngineError(engineMessages.malformed, 'permanent');
  }
  return readBodyCapped(response, maxBytes);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

interface ReplicateApiError extends Error {
  response?: Response;
}

export function mapReplicateError(error: unknown): EngineError {
  const response = (error as ReplicateApiError | undefined)?.response;
  if (!(error instanceof Error) || error.name !== 'ApiError' || !response) return mapGenericError(error);
  const permanent = (message: string) => new EngineError(message, 'permanent', undefined, { cause: error });
  switch (response.status) {
    case 401:
      return permanent(engineMessages.badKey);
    case 402:
      return permanent('The AI provider account has run out of credit.');
    case 403:
      return permanent(engineMessages.forbidden);
    case 404:
      return permanent(engineMessages.unknownModel);
    case 408:
      return new EngineError(engineMessages.timeout, 'transient', undefined, { cause: error });
    default:
      if (response.status === 429 || response.status >= 500) return transientStatusError(response.status, retryAfterFromHeaders(response.headers));
      return permanent(engineMessages.badRequest);
  }
}
