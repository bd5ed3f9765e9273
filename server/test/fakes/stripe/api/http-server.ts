/**
 * The HTTP side of the fake: Bearer auth, Stripe-Version check, form/query decoding,
 * Idempotency-Key replay, `expand[]`, error envelopes and injected 5xx failures.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { FakeStripeError, stripeErrors } from './errors.js';
import { portalPage } from './billing-portal.js';
import { checkoutPage } from './checkout-sessions.js';
import { applyExpansions } from './expand.js';
import { FormParamError, parseStripeForm, type ParamObject } from './form-params.js';
import { FAKE_STRIPE_API_VERSION } from './objects.js';
import { ParamReader } from './params.js';
import { matchRoute, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';

const MAX_BODY_BYTES = 1_000_000;

export interface RecordedRequest {
  method: string;
  path: string;
  params: ParamObject;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  status: number;
}

interface ApiRequest {
  method: string;
  path: string;
  params: ParamObject;
}

interface Answer {
  status: number;
  body: string;
  replayed?: boolean;
}

interface SavedResponse {
  fingerprint: string;
  status: number;
  body: string;
}

export interface FakeStripeHttpOptions {
  store: FakeStripeStore;
  /** Routes under /v1 (API key required). */
  apiRoutes: Route[];
  /** Routes under /_fake (test control; no key, CORS open so a browser page can call them). */
  controlRoutes: Route[];
  apiKey: string;
}

export class FakeStripeHttp {
  readonly requests: RecordedRequest[] = [];
  private readonly idempotent = new Map<string, SavedResponse>();
  private injectedFailures: number[] = [];
  private readonly server: Server;

  constructor(private readonly options: FakeStripeHttpOptions) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        const body = {
          error: { type: 'api_error', message: `fake-stripe crashed: ${String(error)}` },
        };
        sendRaw(res, 500, JSON.stringify(body));
      });
    });
  }

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('fake-stripe: no port');
    return address.port;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` API requests answer `status` with an `api_error` envelope. */
  failNextRequests(count: number, status: number) {
    this.injectedFailures.push(...Array.from({ length: count }, () => status));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    const portal = method === 'GET' ? /^\/_fake\/portal\/([A-Za-z0-9_]+)$/.exec(url.pathname) : null;
    if (portal) {
      const page = portalPage(this.options.store, portal[1]);
      res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(page ?? 'Unknown portal session');
    }
    const checkout = method === 'GET' ? /^\/_fake\/checkout\/([A-Za-z0-9_]+)$/.exec(url.pathname) : null;
    if (checkout) {
      const page = checkoutPage(this.options.store, checkout[1]);
      res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(page ?? 'Unknown checkout session');
    }
    const isControl = url.pathname.startsWith('/_fake/');
    if (isControl) {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'content-type');
      if (method === 'OPTIONS') return void res.writeHead(204).end();
    }
    res.setHeader('request-id', this.options.store.newId('req', 14));
    res.setHeader('stripe-version', FAKE_STRIPE_API_VERSION);

    let params: ParamObject = {};
    let answer: Answer;
    try {
      if (!isControl) this.authenticate(req);
      // GET and DELETE carry their params in the query string, as stripe-node sends them.
      params = parseStripeForm(
        method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body,
      );
      const injected = isControl ? undefined : this.injectedFailures.shift();
      if (injected !== undefined) throw stripeErrors.apiError(injected);
      const idempotencyKey =
        method === 'POST' && !isControl ? header(req, 'idempotency-key') : null;
      const routes = isControl ? this.options.controlRoutes : this.options.apiRoutes;
      const request = { method, path: url.pathname, params };
      answer = idempotencyKey
        ? this.answerIdempotently(
            `${bearerKey(req)}:${idempotencyKey}`,
            idempotencyKey,
            routes,
            request,
          )
        : this.answer(routes, request);
    } catch (error) {
      answer = errorAnswer(error);
    }
    this.requests.push({
      method,
      path: url.pathname,
      params,
      idempotencyKey: header(req, 'idempotency-key'),
      stripeVersion: header(req, 'stripe-version'),
      status: answer.status,
    });
    if (answer.replayed) res.setHeader('idempotent-replayed', 'true');
    sendRaw(res, answer.status, answer.body);
  }

  /** Same key and same request: the saved answer. Same key, other request: idempotency_error. */
  private answerIdempotently(
    savedKey: string,
    key: string,
    routes: Route[],
    request: ApiRequest,
  ): Answer {
    const fingerprint = `${request.method} ${request.path} ${JSON.stringify(request.params)}`;
    const saved = this.idempotent.get(savedKey);
    if (saved) {
      if (saved.fingerprint !== fingerprint) throw stripeErrors.idempotencyMismatch(key);
      return { status: saved.status, body: saved.body, replayed: true };
    }
    const answer = this.answer(routes, request);
    // Stripe saves a result once the endpoint ran (card declines included), not validation errors.
    if (answer.status < 400 || answer.status === 402) {
      this.idempotent.set(savedKey, { fingerprint, status: answer.status, body: answer.body });
    }
    return answer;
  }

  private answer(routes: Route[], request: ApiRequest): Answer {
    const match = matchRoute(routes, request.method, request.path);
    if (!match) {
      throw new FakeStripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.path}). fake-stripe implements only the calls Raumwerk uses.`,
      });
    }
    try {
      const reader = new ParamReader(request.params);
      const result = match.route.handle({ params: reader, path: match.path });
      const expanded = applyExpansions(this.options.store, result, reader.strings('expand') ?? []);
      return { status: 200, body: JSON.stringify(expanded) };
    } catch (error) {
      return errorAnswer(error);
    }
  }

  private authenticate(req: IncomingMessage) {
    const authorization = header(req, 'authorization');
    if (!authorization) {
      throw stripeErrors.authentication(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    const key = bearerKey(req);
    if (key !== this.options.apiKey)
      throw stripeErrors.authentication(`Invalid API Key provided: ${redact(key)}`);
    const version = header(req, 'stripe-version');
    // The fake renders one API version only; a client pinned to another would get other shapes.
    if (version !== null && version !== FAKE_STRIPE_API_VERSION) {
      throw stripeErrors.invalidRequest(
        `fake-stripe renders API version ${FAKE_STRIPE_API_VERSION} only, but the client sent Stripe-Version: ${version}.`,
      );
    }
  }
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** Bearer token, or the username of Basic auth (curl -u sk_test_...:). */
function bearerKey(req: IncomingMessage): string {
  const authorization = header(req, 'authorization') ?? '';
  const [scheme, value = ''] = authorization.split(' ');
  if (scheme.toLowerCase() === 'bearer') return value.trim();
  if (scheme.toLowerCase() === 'basic')
    return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return authorization;
}

function redact(key: string): string {
  if (key.length <= 12) return '*'.repeat(key.length);
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Stripe's error envelope for the errors the fake raises; anything else is a bug in the fake. */
function errorAnswer(error: unknown): Answer {
  const failure =
    error instanceof FakeStripeError
      ? error
      : error instanceof FormParamError
        ? stripeErrors.invalidParam(error.param, error.message)
        : null;
  if (!failure) throw error;
  return { status: failure.status, body: JSON.stringify(failure.envelope()) };
}

function sendRaw(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
