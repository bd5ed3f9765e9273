import { ApiError, GoogleGenAI, type GenerateContentResponse, type Part } from '@google/genai';
import sharp from 'sharp';
import { buildStagingPrompt } from '../prompts.js';
import { EngineError, engineMessages, type StageInput, type StageResult, type StagingEngine } from './engine.js';
import { DEFAULT_PROVIDER_TIMEOUT_MS, durationToMs, mapGenericError, runProviderCall } from './provider-call.js';
import { fromInputImage } from './input-image.js';
import { DEFAULT_MAX_REPLY_BYTES, cappedFetch, decodeBase64Image, jsonBudgetFor, verifiedImage } from './reply-limits.js';

export interface GeminiEngineOptions {
  apiKey: string;
  /** e.g. a fake's `http://127.0.0.1:PORT`; the SDK appends `/v1beta/models/...`. */
  baseUrl?: string;
  model: string;
  /** 'match' sends the supported aspect ratio nearest the photo's; 'omit' lets the model follow the input. */
  aspectRatio?: 'match' | 'omit';
  timeoutMs?: number;
  maxReplyBytes?: number;
}

/** Finish reasons that mean "refused for safety/policy" rather than "forgot to draw" (reference §2.4). */
const BLOCKED_FINISH_REASONS = new Set([
  'SAFETY',
  'IMAGE_SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'IMAGE_RECITATION',
]);

/** Google Gemini image editing via `models.generateContent` with an inline image, reference §2. */
export class GeminiStagingEngine implements StagingEngine {
  /** Gemini image models take several inline images (2.5 Flash Image: best with up to 3). */
  readonly maxReferenceImages = 1;
  readonly name: string;
  readonly canDeclutter = true;
  private readonly client: GoogleGenAI;
  private readonly timeoutMs: number;
  private readonly maxReplyBytes: number;

  constructor(private readonly options: GeminiEngineOptions) {
    this.name = `gemini:${options.model}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
    this.maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    this.client = new GoogleGenAI({
      apiKey: options.apiKey,
      vertexai: false,
      httpOptions: {
        baseUrl: options.baseUrl,
        timeout: this.timeoutMs,
        fetch: cappedFetch(jsonBudgetFor(this.maxReplyBytes)),
      },
    });
  }

  async stage(input: StageInput): Promise<StageResult> {
    const aspectRatio = this.options.aspectRatio === 'omit' ? undefined : await fromInputImage(() => nearestAspectRatio(input.image));
    const prompt = buildStagingPrompt({ ...input, reference: input.reference && { kind: input.reference.kind } });
    const photo = { inlineData: { mimeType: input.mimeType, data: input.image.toString('base64') } };
    // The edit command first, then the photo: the order most working clients use. With a reference
    // (decision 025) the images go first, photo then reference, and the text names them by position
    // (billing-geometry-mail §2.1).
    const parts = input.reference
      ? [photo, { inlineData: { mimeType: input.reference.mimeType, data: input.reference.image.toString('base64') } }, { text: prompt }]
      : [{ text: prompt }, photo];
    return runProviderCall(
      { timeoutMs: this.timeoutMs, signal: input.signal },
      async (signal) => {
        const response = await this.client.models.generateContent({
          model: this.options.model,
          contents: [{ role: 'user', parts }],
          config: {
            responseModalities: ['TEXT', 'IMAGE'],
            ...(aspectRatio ? { imageConfig: { aspectRatio } } : {}),
            abortSignal: signal,
          },
        });
        const bytes = decodeBase64Image(imageDataOf(response), this.maxReplyBytes);
        return { ...(await verifiedImage(bytes, this.maxReplyBytes)), engine: this.name };
      },
      mapGeminiError,
    );
  }
}

/**
 * The first non-thought image part; a 200 without one is a failure, told apart as a policy block
 * (prompt feedback or a safety finish reason) or a plain "no image" (text-only STOP, NO_IMAGE, OTHER).
 */
export function imageDataOf(response: GenerateContentResponse): string {
  if (!response || typeof response !== 'object') throw new EngineError(engineMessages.malformed, 'permanent');
  if (response.promptFeedback?.blockReason) throw new EngineError(engineMessages.contentPolicy, 'permanent');
  const candidates = response.candidates ?? [];
  for (const candidate of candidates) {
    for (const part of candidate.content?.parts ?? []) {
      const data = inlineDataOf(part);
      if (data !== undefined && part.thought !== true) return data;
    }
  }
  if (candidates.some((c) => c.finishReason && BLOCKED_FINISH_REASONS.has(c.finishReason))) {
    throw new EngineError(engineMessages.contentPolicy, 'permanent');
  }
  throw new EngineError(engineMessages.noImage, 'permanent');
}

function inlineDataOf(part: Part): string | undefined {
  // The SDK hands back camelCase; tolerate the REST snake_case form too (cheap insurance).
  const snake = (part as { inline_data?: { data?: string } }).inline_data;
  const inline = part.inlineData ?? snake;
  return inline ? (inline.data ?? '') : undefined;
}

const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'] as const;

export async function nearestAspectRatio(image: Buffer): Promise<string> {
  const meta = await sharp(image).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 1;
  const height = meta.autoOrient?.height ?? meta.height ?? 1;
  const target = Math.log(width / height);
  const ratioOf = (r: string) => {
    const [w, h] = r.split(':').map(Number);
    return Math.abs(Math.log(w / h) - target);
  };
  return [...ASPECT_RATIOS].sort((a, b) => ratioOf(a) - ratioOf(b))[0];
}

interface GoogleRpcError {
  error?: { code?: number; status?: string; message?: string; details?: Array<Record<string, unknown>> };
}

export function mapGeminiError(error: unknown): EngineError {
  if (!(error instanceof ApiError)) {
    if (error instanceof Error && error.cause instanceof EngineError) return error.cause;
    return mapGenericError(error);
  }
  const body = parseRpcError(error.message);
  const details = body.error?.details ?? [];
  const permanent = (message: string) => new EngineError(message, 'permanent', undefined, { cause: error });
  const status = error.status;
  if (details.some((d) => d.reason === 'API_KEY_INVALID') || status === 401) return permanent(engineMessages.badKey);
  if (status === 403) return permanent(engineMessages.forbidden);
  if (status === 404) return permanent(engineMessages.unknownModel);
  if (status === 429 || status === 408 || status >= 500) {
    const retryInfo = details.find((d) => String(d['@type'] ?? '').endsWith('google.rpc.RetryInfo'));
    const retryAfter = durationToMs(retryInfo?.retryDelay);
    const message = status === 429 ? engineMessages.rateLimited : status === 504 || status === 408 ? engineMessages.timeout : engineMessages.unavailable;
    return new EngineError(message, 'transient', retryAfter, { cause: error });
  }
  if (body.error?.status === 'FAILED_PRECONDITION') {
    return permanent('The AI provider does not serve this account or region (billing or availability).');
  }
  return permanent(engineMessages.badRequest);
}

function parseRpcError(message: string): GoogleRpcError {
  try {
    const parsed: unknown = JSON.parse(message);
    return parsed && typeof parsed === 'object' ? (parsed as GoogleRpcError) : {};
  } catch {
    return {};
  }
}
