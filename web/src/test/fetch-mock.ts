import { vi } from 'vitest';
import type { ProjectDetailResponse, ProjectImage } from '@contract/projects';
import type { PublicConfigResponse } from '@contract/public-config';
import { contractCheckedFetch } from './contract-routes';

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
 * pattern match answers. Unmatched requests fail the test loudly with a 599. Every `/api/` reply,
 * also one from an implementation a test puts on `fn`, is checked against the operation's
 * `contract/` schema (contract-routes.ts): a reply the server never sends fails the test.
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
  const checked = contractCheckedFetch((input, init) => fn(input, init));
  vi.stubGlobal('fetch', checked);
  vi.stubGlobal('XMLHttpRequest', xhrOver(checked));
  return { fn, calls };
}

/**
 * An XMLHttpRequest (what uploads use, for their progress events) answered by the same routes as
 * `fetch`: one upload progress event with every byte, then the reply; `abort()` ends it as a browser does.
 */
function xhrOver(send: typeof fetch) {
  return class MockXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      this.onabort?.();
    }
    send(body?: Blob | string | null) {
      const size = body instanceof Blob ? body.size : typeof body === 'string' ? body.length : 0;
      void send(this.url, { method: this.method, headers: this.headers, body: body ?? undefined })
        .then(async (response) => {
          if (this.aborted) return;
          this.upload.onprogress?.({ loaded: size, total: size });
          this.status = response.status;
          this.responseText = await response.text();
          if (!this.aborted) this.onload?.();
        })
        .catch(() => {
          if (!this.aborted) this.onerror?.();
        });
    }
  };
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

/**
 * GET /api/config as the server sends it (contract/public-config.ts): the development defaults
 * (offline engine, no billing, no OIDC), with what a test sets on top.
 */
export function testConfig(overrides: Partial<PublicConfigResponse> = {}): PublicConfigResponse {
  return {
    oidcEnabled: false,
    billingEnabled: false,
    stripePublishableKey: null,
    stagingEngine: 'offline',
    furnitureRemoval: false,
    stagingConcurrency: 3,
    retentionDays: 30,
    logRetentionDays: 7,
    operator: {
      name: 'Raumwerk GmbH',
      address: 'Musterstraße 1, 10115 Berlin, Germany',
      representative: 'Anna Berg',
      register: 'HRB 000000, Amtsgericht Charlottenburg',
      vatId: 'DE000000000',
      email: 'hello@raumwerk.example',
      phone: null,
      privacyEmail: 'privacy@raumwerk.example',
      salesEmail: 'sales@raumwerk.example',
      placeholder: false,
    },
    ...overrides,
  };
}

/** GET /api/projects/:id as the server sends it (contract/projects.ts), with what a test sets on top. */
export function testProject(overrides: Partial<ProjectDetailResponse> = {}): ProjectDetailResponse {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    title: 'Flat 3',
    category: 'virtual_staging',
    status: 'processing',
    counts: { photos: 0, staged: 0 },
    createdAt: '2026-04-01T09:00:00.000Z',
    styleName: 'Modern Staging',
    styleDescription: 'Professional virtual staging with modern furniture and decor.',
    instructions: null,
    imagesExpireAt: null,
    imagesExpired: false,
    images: [],
    ...overrides,
  };
}

/** One image of a project detail (contract/projects.ts `projectImage`): an original unless set otherwise. */
export function testImage(overrides: Partial<ProjectImage> & { id: string; filePath: string }): ProjectImage {
  return {
    thumbnailPath: null,
    isOriginal: true,
    mimeType: 'image/jpeg',
    originalImageId: null,
    width: 1600,
    height: 1200,
    geometryLock: null,
    engine: null,
    createdAt: '2026-04-01T09:00:00.000Z',
    ...overrides,
  };
}
