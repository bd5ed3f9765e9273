import type { ServerResponse } from 'node:http';
import { FakeApi, bulkyImage, delay, fakeStagedImage, header, preparedAnswer, sendJson, sendRaw, type RecordedRequest } from './fake-http.js';

/**
 * A local stand-in for `POST /v1beta/models/{model}:generateContent` (reference §2 and the §7
 * checklist): `x-goog-api-key` or `?key=`, unknown model 404, both casings of inline data, camelCase
 * answers with a real image, "200 but blocked" variants and Google RPC errors. A model outside
 * `models` answers 404 `NOT_FOUND` (the recorded envelope of reference §2.5) before anything else of
 * the request is looked at; `forbidden` answers 403 `PERMISSION_DENIED` for a known one. Test-only.
 */
export type GeminiFakeMode =
  | 'success'
  | 'thought-first'
  | 'prompt-blocked'
  | 'image-safety'
  | 'prohibited-text-only'
  | 'text-only'
  | 'no-image'
  | 'rate-limited'
  | 'unavailable'
  | 'internal'
  | 'slow'
  | 'malformed-json'
  | 'oversized'
  /** 403 `PERMISSION_DENIED` (reference §2.5: the key lacks permission for the model). */
  | 'forbidden';

/** What the fake understood of a generateContent call. */
export interface GeminiCall {
  model: string;
  apiKeyVia: 'header' | 'query';
  text: string;
  image: { mimeType: string; bytes: number } | null;
  /** Part kinds in order, e.g. ['text', 'image']. */
  partOrder: string[];
  responseModalities: string[];
  aspectRatio?: string;
  casing: 'camel' | 'snake';
}

type Json = Record<string, unknown>;

export class FakeGemini extends FakeApi {
  mode: GeminiFakeMode = 'success';
  slowMs = 5_000;
  oversizedBytes = 200_000;
  readonly models = new Set(['gemini-2.5-flash-image', 'gemini-3.1-flash-image']);
  readonly calls: GeminiCall[] = [];
  /** Prepared model outputs answered in turn (the last one repeats); empty: the generated "staged" picture. */
  answers: Buffer[] = [];
  /** Generated pictures so far: like a model's samples, each one differs from the last (fake-http `fakeStagedImage`). */
  private samples = 0;

  constructor(readonly apiKey = 'gemini-test-key') {
    super();
  }

  /** What to pass as the SDK's `httpOptions.baseUrl`. */
  get baseUrl(): string {
    return this.http.url;
  }

  protected async handle(request: RecordedRequest, res: ServerResponse): Promise<void> {
    const url = new URL(request.url, 'http://fake.local');
    const match = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) return rpcError(res, 404, 'NOT_FOUND', `Unknown path ${url.pathname}.`);
    const viaHeader = header(request, 'x-goog-api-key');
    const key = viaHeader ?? url.searchParams.get('key');
    if (key !== this.apiKey) {
      return rpcError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
      ]);
    }
    const model = decodeURIComponent(match[1]);
    if (!this.models.has(model)) {
      return rpcError(res, 404, 'NOT_FOUND', `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`);
    }
    // The exact wording of a real 403 is not in the reference and no code reads it.
    if (this.mode === 'forbidden') return rpcError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
    let body: Json;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Json;
    } catch {
      return rpcError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const call = readCall(model, viaHeader ? 'header' : 'query', body);
    this.calls.push(call);
    if (!call.image || !call.text) return rpcError(res, 400, 'INVALID_ARGUMENT', 'Request must contain a text part and an inline image.');
    return this.answer(res, call, body);
  }

  private async answer(res: ServerResponse, call: GeminiCall, body: Json): Promise<void> {
    const usage = { promptTokenCount: 1300, candidatesTokenCount: 1290, totalTokenCount: 2590 };
    const envelope = (candidate: Json) => ({ candidates: [{ index: 0, ...candidate }], usageMetadata: usage, modelVersion: call.model, responseId: 'fake-response' });
    const text = { text: 'Here is the staged room.' };
    switch (this.mode) {
      case 'prompt-blocked':
        return sendJson(res, 200, { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 1300, totalTokenCount: 1300 }, modelVersion: call.model });
      case 'image-safety':
        return sendJson(res, 200, envelope({ content: { role: 'model', parts: [] }, finishReason: 'IMAGE_SAFETY', finishMessage: 'The generated image was blocked.' }));
      case 'prohibited-text-only':
        return sendJson(res, 200, envelope({ content: { role: 'model', parts: [{ text: 'I cannot help with that.' }] }, finishReason: 'PROHIBITED_CONTENT' }));
      case 'text-only':
        return sendJson(res, 200, envelope({ content: { role: 'model', parts: [{ text: 'Sure! Imagine a cosy sofa by the window.' }] }, finishReason: 'STOP' }));
      case 'no-image':
        return sendJson(res, 200, envelope({ content: { role: 'model', parts: [] }, finishReason: 'NO_IMAGE' }));
      case 'rate-limited':
        return rpcError(res, 429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota, please check your plan and billing details.', [
          { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_requests', quotaId: 'GenerateRequestsPerMinutePerProjectPerModel' }] },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '28s' },
        ]);
      case 'unavailable':
        return rpcError(res, 503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
      case 'internal':
        return rpcError(res, 500, 'INTERNAL', 'An internal error has occurred.');
      case 'malformed-json':
        return sendRaw(res, 200, '{"candidates": [{"content": {"parts": [{"inlineData": {"mimeType": "image/png", "data": "iVBOR', 'application/json');
      case 'oversized': {
        const data = (await bulkyImage(this.oversizedBytes)).toString('base64');
        return sendJson(res, 200, envelope({ content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data } }] }, finishReason: 'STOP' }));
      }
      case 'slow':
        if (!(await delay(this.slowMs, res))) return;
        break;
    }
    const input = imageBytes(body);
    const image = ((await preparedAnswer(this.answers, 1024, 768, 'png')) ?? (await fakeStagedImage(input, 1024, 768, 'png', this.samples++))).toString('base64');
    const parts: Json[] = [text, { inlineData: { mimeType: 'image/png', data: image } }];
    if (this.mode === 'thought-first') {
      const draft = (await fakeStagedImage(undefined, 64, 48, 'png')).toString('base64');
      parts.unshift({ thought: true, inlineData: { mimeType: 'image/png', data: draft } });
    }
    return sendJson(res, 200, envelope({ content: { role: 'model', parts }, finishReason: 'STOP' }));
  }
}

function rpcError(res: ServerResponse, code: number, status: string, message: string, details: Json[] = []): void {
  sendJson(res, code, { error: { code, message, status, ...(details.length ? { details } : {}) } });
}

function partsOf(body: Json): Json[] {
  const contents = (body.contents as Json[] | undefined) ?? [];
  return contents.flatMap((c) => (c.parts as Json[] | undefined) ?? []);
}

/** Accepts `inlineData`/`inline_data` and `mimeType`/`mime_type`, as the REST API does. */
function inlineOf(part: Json): { mimeType: string; data: string; snake: boolean } | null {
  const inline = (part.inlineData ?? part.inline_data) as Json | undefined;
  if (!inline) return null;
  return { mimeType: String(inline.mimeType ?? inline.mime_type ?? ''), data: String(inline.data ?? ''), snake: 'inline_data' in part || 'mime_type' in inline };
}

function imageBytes(body: Json): Buffer | undefined {
  for (const part of partsOf(body)) {
    const inline = inlineOf(part);
    if (inline) return Buffer.from(inline.data, 'base64');
  }
  return undefined;
}

function readCall(model: string, apiKeyVia: 'header' | 'query', body: Json): GeminiCall {
  const parts = partsOf(body);
  const config = (body.generationConfig ?? body.generation_config ?? {}) as Json;
  const imageConfig = (config.imageConfig ?? config.image_config ?? {}) as Json;
  const image = parts.map(inlineOf).find((i) => i !== null) ?? null;
  return {
    model,
    apiKeyVia,
    text: parts.map((p) => (typeof p.text === 'string' ? p.text : '')).join(''),
    image: image ? { mimeType: image.mimeType, bytes: Buffer.from(image.data, 'base64').length } : null,
    partOrder: parts.map((p) => (typeof p.text === 'string' ? 'text' : inlineOf(p) ? 'image' : 'other')),
    responseModalities: ((config.responseModalities ?? config.response_modalities ?? []) as string[]).map(String),
    aspectRatio: (imageConfig.aspectRatio ?? imageConfig.aspect_ratio) as string | undefined,
    casing: image?.snake || 'generation_config' in body ? 'snake' : 'camel',
  };
}
