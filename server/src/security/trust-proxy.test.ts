import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

/** TRUST_PROXY=1 (one load balancer in front): the client address is the one the proxy saw, and a client cannot choose its own. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t?.close();
});

const PROXY = '10.0.0.1';
const wrongLogin = (email: string, forwardedFor: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong password' }, remoteAddress: PROXY, headers: { 'x-forwarded-for': forwardedFor } });

describe('TRUST_PROXY as a hop count', () => {
  it('limits guesses by the address the proxy appended, whatever the client puts in front of it', async () => {
    const { email, password } = await signUp(t.app);
    const statuses: number[] = [];
    // Each guess claims a different origin; only the last hop (added by the trusted proxy) counts.
    for (let i = 0; i < 11; i++) statuses.push((await wrongLogin(email, `198.51.100.${i + 1}, 203.0.113.5`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another visitor behind the same proxy is a different address.
    const owner = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: PROXY, headers: { 'x-forwarded-for': '192.0.2.44' } });
    expect(owner.statusCode).toBe(200);
  });
});
