import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { helmetOptions } from './security-headers.js';

/** The headers a plain @fastify/helmet registration with the app's options sets (the reference). */
async function helmetReference(publicUrl: string): Promise<Record<string, string>> {
  const reference = Fastify({ logger: false });
  await reference.register(fastifyHelmet, helmetOptions({ publicUrl }));
  reference.get('/', async () => ({ ok: true }));
  const res = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  return securityPart(res.headers as Record<string, string>);
}

/** Everything but the headers Fastify itself sets for a body. */
function securityPart(headers: Record<string, unknown>): Record<string, string> {
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'set-cookie', 'cache-control', 'etag', 'last-modified', 'accept-ranges', 'vary']);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !own.has(name)).map(([name, value]) => [name, String(value)]));
}

describe.each([
  ['http', 'http://raumwerk.test'],
  ['https', 'https://app.raumwerk.test'],
])('security headers (%s)', (_scheme, publicUrl) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
  });
  afterAll(() => t.close());

  it('are exactly the ones @fastify/helmet sets, on answers, errors and 404s alike', async () => {
    const expected = await helmetReference(publicUrl);
    expect(expected['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(expected['strict-transport-security'] !== undefined).toBe(publicUrl.startsWith('https:'));
    for (const request of [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/auth/user' },
      { method: 'GET', url: '/api/no-such-route' },
      { method: 'POST', url: '/api/projects', headers: { origin: 'https://evil.example' } },
    ] as const) {
      const res = await t.app.inject(request);
      expect(securityPart(res.headers), `${request.method} ${request.url} (${res.statusCode})`).toEqual(expected);
    }
  });
});
