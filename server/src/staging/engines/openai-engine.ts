import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { runImageWork } from '../../images/image-work.js';
import { buildStagingPrompt } from '../prompts.js';
import { EngineError, engineMessages, type StageInput, type StageResult, type StagingEngine } from './engine.js';
import { DEFAULT_PROVIDER_TIMEOUT_MS, mapGenericError, retryAfterFromHeaders, runProviderCall } from './provider-call.js';
import { fromInputImage } from './input-image.js';
import { DEFAULT_MAX_REPLY_BYTES, cappedFetch, decodeBase64Image, jsonBudgetFor, verifiedImage } from './reply-limits.js';

export interface OpenAIEngineOptions {
  apiKey: string;
  /** e.g. a fake's `http://127.0.0.1:PORT/v1`; the SDK default otherwise. */
  baseURL?: string;
  model: string;
  quality?: 'low' | 'medium' | 'high' | 'auto';
  /** 'match' picks the fixed size closest to the photo's aspect ratio. */
  size?: 'match' | 'auto';
  /** 'high' keeps the room's details; null omits the field for models without it (gpt-image-1-mini). */
  inputFidelity?: 'high' | 'low' | null;
  timeoutMs?: number;
  maxReplyBytes?: number;
}

type EditSize = '1536x1024' | '1024x1536' | '1024x1024';

/** OpenAI Images API edit (`POST /v1/images/edits`), reference §1. */
export class OpenAIStagingEngine implements StagingEngine {
  readonly name: string;
  readonly canDeclutter = true;
  /** Edits take a `mask` (reference §1.2, billing-geometry-mail §2.2). */
  readonly takesEditMask = true;
  /** Edits take up to 16 `image[]` (reference §1.2); one reference is all decision 025 sends. */
  readonly maxReferenceImages = 1;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly maxReplyBytes: number;

  constructor(private readonly options: OpenAIEngineOptions) {
    this.name = `openai:${options.model}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
    this.maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      // Retries belong to the job queue, which knows about credits and deadlines.
      maxRetries: 0,
      timeout: this.timeoutMs,
      fetch: cappedFetch(jsonBudgetFor(this.maxReplyBytes)),
    });
  }

  async stage(input: StageInput): Promise<StageResult> {
    const [first] = await this.stageVariations(input, 1);
    return first!;
  }

  /** One edit call with `n` (decision 025): every returned image is a variation. */
  async stageVariations(input: StageInput, count: number): Promise<StageResult[]> {
    const size = this.options.size === 'auto' ? 'auto' : await fromInputImage(() => sizeForAspect(input.image));
    const prompt = buildStagingPrompt({ ...input, reference: input.reference && { kind: input.reference.kind } });
    // With a mask the photo goes as PNG too: the guide wants image and mask in the same format and
    // size, the API reference only the same size; PNG for both satisfies both (reference §2.2).
    const photo = input.editMask
      ? { bytes: await fromInputImage(() => runImageWork(() => sharp(input.image).png({ compressionLevel: 1 }).toBuffer(), { signal: input.signal })), type: 'image/png' }
      : { bytes: input.image, type: input.mimeType };
    const extension = extensionOf(photo.type);
    const fidelity = this.options.inputFidelity === undefined ? 'high' : this.options.inputFidelity;
    return runProviderCall(
      { timeoutMs: this.timeoutMs, signal: input.signal },
      async (signal) => {
        const room = await toFile(photo.bytes, `room.${extension}`, { type: photo.type });
        // The photo first (the mask applies to the first image), the reference second (`image[]`).
        const reference = input.reference
          ? await toFile(input.reference.image, `reference.${extensionOf(input.reference.mimeType)}`, { type: input.reference.mimeType })
          : null;
        const reply = await this.client.images.edit(
          {
            model: this.options.model,
            image: reference ? [room, reference] : room,
            ...(input.editMask ? { mask: await toFile(input.editMask, 'mask.png', { type: 'image/png' }) } : {}),
            prompt,
            n: count,
            size,
            quality: this.options.quality ?? 'high',
            output_format: 'jpeg',
            ...(fidelity ? { input_fidelity: fidelity } : {}),
          },
          { signal },
        );
        if (!reply || typeof reply !== 'object') throw new EngineError(engineMessages.malformed, 'permanent');
        const images = (reply.data ?? []).slice(0, count);
        if (!images.length) throw new EngineError(engineMessages.malformed, 'permanent');
        return Promise.all(
          images.map(async (item) => ({ ...(await verifiedImage(decodeBase64Image(item.b64_json, this.maxReplyBytes), this.maxReplyBytes)), engine: this.name })),
        );
      },
      mapOpenAIError,
    );
  }
}

function extensionOf(mimeType: string): string {
  return mimeType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'jpg';
}

/** The edit endpoint takes three fixed sizes for GPT image models; pick the one nearest the photo's shape. */
export async function sizeForAspect(image: Buffer): Promise<EditSize> {
  const meta = await sharp(image).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 1;
  const height = meta.autoOrient?.height ?? meta.height ?? 1;
  const ratio = width / height;
  if (ratio >= 1.25) return '1536x1024';
  if (ratio <= 0.8) return '1024x1536';
  return '1024x1024';
}

const CONTENT_POLICY_CODES = new Set(['moderation_blocked', 'content_policy_violation']);

export function mapOpenAIError(error: unknown): EngineError {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new EngineError(engineMessages.timeout, 'transient', undefined, { cause: error });
  if (error instanceof OpenAI.APIUserAbortError) return new EngineError(engineMessages.cancelled, 'transient', undefined, { cause: error });
  if (error instanceof OpenAI.APIConnectionError) {
    // The SDK wraps what our capped fetch threw; keep that verdict.
    if (error.cause instanceof EngineError) return error.cause;
    return new EngineError(engineMessages.network, 'transient', undefined, { cause: error });
  }
  if (!(error instanceof OpenAI.APIError)) return mapGenericError(error);
  const status = error.status ?? 0;
  const code = error.code ?? '';
  const retryAfter = retryAfterFromHeaders(error.headers);
  const permanent = (message: string) => new EngineError(message, 'permanent', undefined, { cause: error });
  if (CONTENT_POLICY_CODES.has(code) || error.type === 'image_generation_user_error') return permanent(engineMessages.contentPolicy);
  if (status === 401) return permanent(engineMessages.badKey);
  if (status === 403) return permanent(engineMessages.forbidden);
  if (status === 404) return permanent(engineMessages.unknownModel);
  if (status === 429 && (code === 'insufficient_quota' || error.type === 'insufficient_quota')) {
    return permanent('The AI provider account has run out of quota.');
  }
  if (status === 429) return new EngineError(engineMessages.rateLimited, 'transient', retryAfter, { cause: error });
  if (status === 408 || status === 409 || status >= 500) {
    return new EngineError(status === 408 ? engineMessages.timeout : engineMessages.unavailable, 'transient', retryAfter, { cause: error });
  }
  return permanent(engineMessages.badRequest);
}
