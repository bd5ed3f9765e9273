import { vi } from 'vitest';

/** A request as the fetch mock sees it. */
export interface MockRequest {
  url: string;
  method: string;
  body: unknown;
  init: RequestInit | undefined;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch` (the network boundary) with a router: the first route whose method and path
 * pattern match answers. Unmatched requests fail the test loudly with a 599.
 */
export function mockFetch(routes: Array<[method: string, pattern: string | RegExp, handler: MockHandler]>) {
  const calls: MockRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep the text */
      }
    }
    const request = { url, method, body, init };
    calls.push(request);
    const path = url.split('?')[0]!;
    const route = routes.find(([m, pattern]) => m === method && (typeof pattern === 'string' ? pattern === path : pattern.test(url)));
    if (!route) return new Response(`no mock for ${method} ${url}`, { status: 599 });
    return route[2](request);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** A PNG header claiming the given size: enough for the client's size check. */
export function pngFile(name: string, width: number, height: number): File {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}

/** A promise with its resolve handle, to hold a mocked reply until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export function testUser(overrides: Record<string, unknown> = {}) {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Berg',
    profileRole: null,
    industry: null,
    role: 'user',
    subscriptionPlan: 'free',
    creditsUsed: 0,
    creditsLimit: 6,
    emailVerified: true,
    pendingEmail: null,
    language: null,
    deletionScheduledFor: null,
    creditsResetAt: '2026-04-01T00:00:00.000Z',
    ...overrides,
  };
}
