import type { ServerResponse } from 'node:http';
import { FakeApi, bulkyImage, fakeStagedImage, header, preparedAnswer, sendJson, sendRaw, type RecordedRequest } from './fake-http.js';

/**
 * A local stand-in for the Replicate predictions API (reference §3 and the §7 checklist): both create
 * routes answer 201, `Prefer: wait[=N]` returns a finished prediction, polling advances
 * starting -> processing -> a terminal state, output files are served by the fake itself. Test-only.
 */
export type ReplicateFakeMode =
  | 'success'
  | 'failed-nsfw'
  | 'failed-crash'
  | 'failed-input'
  | 'canceled'
  | 'rate-limited'
  | 'server-error'
  | 'never-finishes'
  | 'malformed-json'
  | 'output-missing'
  | 'output-bad-url'
  | 'output-not-image'
  | 'output-oversized'
  | 'output-gone'
  /** 403 on create (the SDK's ApiError with that status): the token may not run the model. */
  | 'forbidden';

interface FakePrediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output: unknown;
  error: string | null;
  polls: number;
}

/** What the fake understood of a create call. */
export interface ReplicateCreate {
  route: 'model' | 'version';
  model: string;
  version?: string;
  prefer?: string;
  input: Record<string, unknown>;
}

export class FakeReplicate extends FakeApi {
  mode: ReplicateFakeMode = 'success';
  /** Answer `Prefer: wait` with a finished prediction; off forces the client to poll. */
  finishWhileWaiting = true;
  /** GET polls before a prediction reaches its terminal state. */
  pollsToFinish = 2;
  oversizedBytes = 200_000;
  readonly creates: ReplicateCreate[] = [];
  readonly cancels: string[] = [];
  /** Prepared model outputs answered in turn (the last one repeats); empty: the generated "staged" picture. */
  answers: Buffer[] = [];
  /** Models (owner/name) the model route knows; any other answers 404, as the API does for a model that does not exist. */
  models: string[] = ['black-forest-labs/flux-kontext-pro', 'black-forest-labs/flux-kontext-max', 'google/nano-banana', 'adirik/interior-design'];
  /** Generated pictures so far: like a model's samples, each one differs from the last (fake-http `fakeStagedImage`). */
  private samples = 0;
  private readonly predictions = new Map<string, FakePrediction>();
  private readonly files = new Map<string, Buffer>();
  private sequence = 0;

  constructor(readonly apiToken = 'r8_test_token') {
    super();
  }

  /** What to pass as the SDK's `baseUrl`. */
  get baseUrl(): string {
    return `${this.http.url}/v1`;
  }

  protected async handle(request: RecordedRequest, res: ServerResponse): Promise<void> {
    const path = new URL(request.url, 'http://fake.local').pathname;
    if (request.method === 'GET' && path.startsWith('/files/')) return this.serveFile(path.slice('/files/'.length), res);
    if (header(request, 'authorization') !== `Bearer ${this.apiToken}`) {
      return sendJson(res, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });
    }
    if (this.mode === 'rate-limited') {
      return sendJson(res, 429, { detail: 'Request was throttled. Your rate limit resets in ~30s.', status: 429 }, { 'retry-after': '30' });
    }
    if (this.mode === 'server-error') return sendJson(res, 500, { detail: 'Internal server error', status: 500 });
    const modelRoute = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (request.method === 'POST' && (modelRoute || path === '/v1/predictions')) return this.create(request, res, modelRoute);
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && get) return this.poll(get[1], res);
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(path);
    if (request.method === 'POST' && cancel) return this.cancel(cancel[1], res);
    return sendJson(res, 404, { detail: 'Not found.', status: 404 });
  }

  private async create(request: RecordedRequest, res: ServerResponse, modelRoute: RegExpExecArray | null): Promise<void> {
    let body: { input?: Record<string, unknown>; version?: string };
    try {
      body = JSON.parse(request.body.toString('utf8')) as typeof body;
    } catch {
      return sendJson(res, 400, { detail: 'Invalid JSON.', status: 400 });
    }
    const model = modelRoute ? `${modelRoute[1]}/${modelRoute[2]}` : 'some/model';
    const prefer = header(request, 'prefer');
    this.creates.push({ route: modelRoute ? 'model' : 'version', model, version: body.version, prefer, input: body.input ?? {} });
    if (!modelRoute && !/^[0-9a-f]{64}$/.test(body.version ?? '')) return sendJson(res, 422, { detail: 'Invalid version.', status: 422 });
    if (modelRoute && !this.models.includes(model)) return sendJson(res, 404, { title: 'Not found', detail: 'The requested resource could not be found.', status: 404 });
    if (this.mode === 'forbidden') return sendJson(res, 403, { title: 'Forbidden', detail: 'You do not have permission to perform this action.', status: 403 });
    if (typeof body.input?.prompt !== 'string') return sendJson(res, 422, { detail: '- input: prompt is required', status: 422, title: 'Input validation failed' });
    const prediction: FakePrediction = {
      id: `p${++this.sequence}`,
      model,
      version: body.version ?? 'hidden',
      input: body.input,
      status: 'starting',
      output: null,
      error: null,
      polls: 0,
    };
    this.predictions.set(prediction.id, prediction);
    if (prefer?.startsWith('wait') && this.finishWhileWaiting) await this.finish(prediction);
    if (this.mode === 'malformed-json') return sendRaw(res, 201, `{"id": "${prediction.id}", "status": "succ`, 'application/json');
    return sendJson(res, 201, this.view(prediction));
  }

  private async poll(id: string, res: ServerResponse): Promise<void> {
    const prediction = this.predictions.get(id);
    if (!prediction) return sendJson(res, 404, { detail: 'Not found.', status: 404 });
    prediction.polls += 1;
    if (prediction.status === 'starting' || prediction.status === 'processing') {
      if (this.mode !== 'never-finishes' && prediction.polls >= this.pollsToFinish) await this.finish(prediction);
      else prediction.status = 'processing';
    }
    return sendJson(res, 200, this.view(prediction));
  }

  private cancel(id: string, res: ServerResponse): void {
    const prediction = this.predictions.get(id);
    if (!prediction) return sendJson(res, 404, { detail: 'Not found.', status: 404 });
    this.cancels.push(id);
    if (prediction.status === 'starting' || prediction.status === 'processing') prediction.status = 'canceled';
    return sendJson(res, 200, this.view(prediction));
  }

  private async finish(prediction: FakePrediction): Promise<void> {
    if (this.mode === 'never-finishes') return;
    const failures: Partial<Record<ReplicateFakeMode, string>> = {
      'failed-nsfw': 'Output image was flagged as sensitive (E005). Please try a different input.',
      'failed-crash': 'CUDA out of memory. Tried to allocate 2.00 GiB',
      'failed-input': 'Invalid input: input_image must be a valid image URL or data URI',
    };
    const failure = failures[this.mode];
    if (failure) {
      prediction.status = 'failed';
      prediction.error = failure;
      return;
    }
    if (this.mode === 'canceled') {
      prediction.status = 'canceled';
      return;
    }
    prediction.status = 'succeeded';
    const file = `${prediction.id}.jpg`;
    switch (this.mode) {
      case 'output-missing':
        prediction.output = null;
        return;
      case 'output-bad-url':
        prediction.output = `file:///etc/passwd`;
        return;
      case 'output-gone':
        prediction.output = `${this.http.url}/files/expired.jpg`;
        return;
      default:
        prediction.output = `${this.http.url}/files/${file}`;
    }
    this.files.set(file, await this.outputFor(prediction));
  }

  private async outputFor(prediction: FakePrediction): Promise<Buffer> {
    if (this.mode === 'output-not-image') return Buffer.from('<html><body>Replicate</body></html>');
    if (this.mode === 'output-oversized') return bulkyImage(this.oversizedBytes);
    const dataUri = String(prediction.input.input_image ?? prediction.input.image ?? '');
    const input = dataUri.startsWith('data:') ? Buffer.from(dataUri.slice(dataUri.indexOf(',') + 1), 'base64') : undefined;
    return (await preparedAnswer(this.answers, 1024, 768, 'jpeg')) ?? fakeStagedImage(input, 1024, 768, 'jpeg', this.samples++);
  }

  private serveFile(name: string, res: ServerResponse): void {
    const bytes = this.files.get(name);
    if (!bytes) return sendRaw(res, 404, 'Not found', 'text/plain');
    const type = this.mode === 'output-not-image' ? 'text/html' : this.mode === 'output-oversized' ? 'image/png' : 'image/jpeg';
    // The oversized file goes out chunked (no content-length): the reader must count bytes itself.
    const headers: Record<string, string> = this.mode === 'output-oversized' ? {} : { 'content-length': String(bytes.length) };
    return sendRaw(res, 200, bytes, type, headers);
  }

  private view(p: FakePrediction): Record<string, unknown> {
    const base = this.baseUrl;
    return {
      id: p.id,
      model: p.model,
      version: p.version,
      input: p.input,
      status: p.status,
      output: p.output,
      error: p.error,
      logs: '',
      data_removed: false,
      source: 'api',
      metrics: p.status === 'succeeded' ? { predict_time: 0.4, total_time: 0.5 } : {},
      created_at: '2026-01-01T10:00:00.000Z',
      urls: { get: `${base}/predictions/${p.id}`, cancel: `${base}/predictions/${p.id}/cancel`, web: `https://replicate.com/p/${p.id}` },
    };
  }
}
