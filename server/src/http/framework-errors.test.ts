import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

/**
 * Issue #22 item 12: a URL whose percent-encoding does not decode is refused by Fastify before
 * routing; it still answers `{message, code}` with the security headers (and noindex on share
 * pages), and every API JSON answer says `cache-control: no-store`.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUp(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe('malformed URL encoding', () => {
  it.each(['/api/projects/%E0%A4%A', '/api/health%E0%A4%A', '/objects/users/%E0%A4%A.jpg', '/api/share/%C0%AF/images/x', '/%E0%A4%A'])(
    '%s → 400 {message, code} with the security headers',
    async (url) => {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ message: 'The address is not valid (its percent-encoding cannot be decoded).', code: 'bad_request' });
      expectSecurityHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBeUndefined();
    },
  );

  it('keeps share pages out of search engines', async () => {
    const res = await t.app.inject({ url: '/s/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expectSecurityHeaders(res.headers);
  });
});

describe('cache-control of API answers', () => {
  it.each([
    ['GET', '/api/health', false, 200],
    ['GET', '/api/config', false, 200],
    ['GET', '/api/auth/user', true, 200],
    ['GET', '/api/auth/user', false, 401],
    ['GET', '/api/projects', true, 200],
    ['GET', '/api/no-such-route', false, 404],
    ['POST', '/api/projects', true, 400],
  ] as const)('%s %s (signed in: %s) → %i with no-store', async (method, url, signedIn, status) => {
    const res = await t.app.inject({ method, url, headers: signedIn ? { cookie } : {}, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
