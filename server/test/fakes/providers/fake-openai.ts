import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { FakeApi, bulkyImage, delay, fakeStagedImage, header, parseMultipart, preparedAnswer, sendJson, sendRaw, type RecordedRequest } from './fake-http.js';

/**
 * A local stand-in for `POST /v1/images/edits` (reference §1 and the §7 checklist): Bearer check,
 * multipart with `image` or repeated `image[]`, the documented success body with a real image, and
 * switchable failures. Test-only.
 */
export type OpenAIFakeMode =
  | 'success'
  | 'moderation-blocked'
  | 'content-policy-legacy'
  | 'rate-limited'
  | 'quota-exhausted'
  | 'server-error'
  | 'unavailable'
  | 'slow'
  | 'malformed-json'
  | 'missing-image'
  | 'not-an-image'
  | 'oversized'
  /** 403 (the SDK's PermissionDenied, reference §1.4): the key's organisation may not use the model. */
  | 'forbidden';

/** What the fake understood of an edit request (fields and the files' names). */
export interface OpenAIEditCall {
  fields: Record<string, string>;
  files: Array<{ field: string; filename: string; type: string; size: number }>;
  /** The `mask` file's bytes when one was sent (PNG; alpha 0 = editable). */
  mask?: Buffer;
}

export class FakeOpenAI extends FakeApi {
  mode: OpenAIFakeMode = 'success';
  slowMs = 5_000;
  oversizedBytes = 200_000;
  readonly edits: OpenAIEditCall[] = [];
  /**
   * Prepared model outputs (e.g. a real staging drifted by a known transform, or another room): a
   * successful edit answers with the next one, the last one repeats; empty means the generated
   * "staged" picture. Like the API, the answer comes at the requested `size` and `output_format`.
   */
  answers: Buffer[] = [];
  /**
   * The image models this account can call. Any other `model` answers 404 (the SDK's NotFound,
   * reference §1.4) in the documented `error` body, as the real API does for a model it does not know.
   */
  models: string[] = ['gpt-image-1', 'gpt-image-1-mini', 'gpt-image-1.5'];

  constructor(readonly apiKey = 'sk-test-fake') {
    super();
  }

  /** What to pass as the SDK's `baseURL`. */
  get baseURL(): string {
    return `${this.http.url}/v1`;
  }

  protected async handle(request: RecordedRequest, res: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.url !== '/v1/images/edits') {
      return sendJson(res, 404, { error: { message: `Unknown request URL: ${request.method} ${request.url}`, type: 'invalid_request_error', param: null, code: 'unknown_url' } });
    }
    if (header(request, 'authorization') !== `Bearer ${this.apiKey}`) {
      return sendJson(res, 401, { error: { message: 'Incorrect API key provided: sk-****. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
    }
    const form = await parseMultipart(request);
    const call: OpenAIEditCall = { fields: {}, files: [] };
    let firstImage: Buffer | undefined;
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') call.fields[field] = value;
      else {
        call.files.push({ field, filename: value.name, type: value.type, size: value.size });
        if ((field === 'image' || field === 'image[]') && !firstImage) firstImage = Buffer.from(await value.arrayBuffer());
        if (field === 'mask') call.mask = Buffer.from(await value.arrayBuffer());
      }
    }
    this.edits.push(call);
    if (!firstImage) return invalid(res, "Missing required parameter: 'image'.", 'image');
    if (!call.fields.prompt) return invalid(res, "Missing required parameter: 'prompt'.", 'prompt');
    const model = call.fields.model ?? '';
    if (!this.models.includes(model)) {
      return sendJson(res, 404, { error: { message: `The model \`${model}\` does not exist or you do not have access to it.`, type: 'invalid_request_error', param: null, code: 'model_not_found' } });
    }
    const mask = call.files.find((f) => f.field === 'mask');
    if (mask && mask.type !== 'image/png') return invalid(res, 'Invalid mask: must be a PNG.', 'mask');
    // Reference §1.2: PNG, < 4 MB, same dimensions as the (first) image, with an alpha channel.
    if (call.mask && !(await maskFits(call.mask, firstImage))) return invalid(res, 'Invalid mask: it must be a PNG under 4 MB with an alpha channel and the same dimensions as the image.', 'mask');
    return this.answer(res, call, firstImage);
  }

  private async answer(res: ServerResponse, call: OpenAIEditCall, input: Buffer): Promise<void> {
    const retryHeaders = { 'retry-after': '7', 'x-ratelimit-limit-requests': '50', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '7s' };
    switch (this.mode) {
      case 'moderation-blocked':
        return sendJson(res, 400, {
          error: {
            message: 'Your request was rejected by the safety system. If you believe this is an error, contact us.',
            type: 'image_generation_user_error',
            param: null,
            code: 'moderation_blocked',
            moderation_details: { moderation_stage: 'input', categories: ['sexual'] },
          },
        });
      case 'forbidden':
        return sendJson(res, 403, { error: { message: `Your organization must be verified to use the model \`${call.fields.model}\`.`, type: 'invalid_request_error', param: null, code: null } });
      case 'content-policy-legacy':
        return sendJson(res, 400, { error: { message: 'Your request was rejected as a result of our safety system.', type: 'invalid_request_error', param: null, code: 'content_policy_violation' } });
      case 'rate-limited':
        return sendJson(res, 429, { error: { message: 'Rate limit reached for images per minute.', type: 'requests', param: null, code: 'rate_limit_exceeded' } }, retryHeaders);
      case 'quota-exhausted':
        return sendJson(res, 429, { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } });
      case 'server-error':
        return sendJson(res, 500, { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } });
      case 'unavailable':
        return sendJson(res, 503, { error: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', param: null, code: null } }, { 'retry-after-ms': '1500' });
      case 'malformed-json':
        return sendRaw(res, 200, '{"created": 1767225600, "data": [{"b64_json": "iVBOR', 'application/json');
      case 'missing-image':
        return sendJson(res, 200, { created: 1767225600, data: [] });
      case 'not-an-image':
        return sendJson(res, 200, { created: 1767225600, data: [{ b64_json: Buffer.from('<html>definitely not an image</html>').toString('base64') }] });
      case 'oversized':
        return sendJson(res, 200, { created: 1767225600, data: [{ b64_json: (await bulkyImage(this.oversizedBytes)).toString('base64') }] });
      case 'slow':
        if (!(await delay(this.slowMs, res))) return;
        break;
    }
    const size = call.fields.size && call.fields.size !== 'auto' ? call.fields.size : '1024x1024';
    const [width, height] = size.split('x').map(Number);
    const format = call.fields.output_format === 'jpeg' ? 'jpeg' : 'png';
    // `n` images, as the API answers (decision 025's variations); each prepared answer is used once in turn.
    const count = Math.max(1, Math.min(10, Number(call.fields.n ?? 1) || 1));
    const data: Array<{ b64_json: string }> = [];
    for (let i = 0; i < count; i++) {
      const image = (await preparedAnswer(this.answers, width, height, format)) ?? (await fakeStagedImage(input, width, height, format, i));
      data.push({ b64_json: image.toString('base64') });
    }
    return sendJson(res, 200, {
      created: 1767225600,
      background: 'opaque',
      output_format: format,
      quality: call.fields.quality ?? 'medium',
      size,
      data,
      usage: {
        input_tokens: 1345,
        input_tokens_details: { image_tokens: 1300, text_tokens: 45 },
        output_tokens: 4160,
        output_tokens_details: { image_tokens: 4160, text_tokens: 0 },
        total_tokens: 5505,
      },
    });
  }
}

async function maskFits(mask: Buffer, image: Buffer): Promise<boolean> {
  try {
    const [m, i] = await Promise.all([sharp(mask).metadata(), sharp(image).metadata()]);
    return m.format === 'png' && mask.length < 4 * 1024 * 1024 && m.hasAlpha === true && m.width === i.autoOrient.width && m.height === i.autoOrient.height;
  } catch {
    return false;
  }
}

function invalid(res: ServerResponse, message: string, param: string): void {
  sendJson(res, 400, { error: { message, type: 'invalid_request_error', param, code: null } });
}
