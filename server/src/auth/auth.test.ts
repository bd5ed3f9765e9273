import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/sessions.js';
import { users } from '../db/schema/users.js';
import { createTestApp, sessionCookieFrom, signUp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../test/support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
});
afterAll(async () => {
  await t?.close();
});

describe('who is signed in', () => {
  it('answers a signed-out visitor 401, or 200 null when asked with optional=1 (no console error on public pages, issue #26)', async () => {
    expect((await t.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);
    const optional = await t.app.inject({ url: '/api/auth/user?optional=1' });
    expect(optional.statusCode).toBe(200);
    expect(optional.json()).toBeNull();
    const { cookie } = await signUp(t.app);
    const me = await t.app.inject({ url: '/api/auth/user?optional=1', headers: { cookie } });
    expect(me.json()).toMatchObject({ subscriptionPlan: 'free' });
  });
});

describe('registration', () => {
  it('creates a free account with 6 credits, signs in and returns the user', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: email.toUpperCase(), password: 'long enough', firstName: 'Anna', lastName: 'Berg' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email,
      firstName: 'Anna',
      lastName: 'Berg',
      role: 'user',
      subscriptionPlan: 'free',
      creditsUsed: 0,
      creditsLimit: 6,
    });
    const cookie = res.cookies.find((c) => c.name === 'rw_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    // The monthly renewal date comes with the user (issue #26): a month after the credit period began.
    const resetAt = new Date(me.json().creditsResetAt as string).getTime();
    expect(resetAt - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(resetAt - Date.now()).toBeLessThan(32 * 86_400_000);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a duplicate e-mail regardless of case with 409', async () => {
    const { email } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: email.toUpperCase(), password: 'another one' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'email_taken', message: expect.stringContaining('already exists') });
  });

  it('validates e-mail and password length with a readable 400', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'not-an-email', password: 'long enough' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: uniqueEmail(), password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/8 characters/);
  });

  it('does not grant admin to an ADMIN_EMAILS address at sign-up: nobody has shown it is theirs yet', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'Boss@Example.com', password: 'long enough' } });
    expect(res.json()).toMatchObject({ role: 'user', emailVerified: false });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@example.com', password: 'long enough' } });
    expect(again.json().role).toBe('user');
  });
});

describe('sign-in', () => {
  it('signs in with the right password and rotates the session id', async () => {
    const { email, password, cookie: first } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { cookie: first } });
    expect(res.statusCode).toBe(200);
    const second = sessionCookieFrom(res);
    expect(second).not.toBe(first);
    // The pre-login session is gone: the old cookie no longer authenticates.
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('answers wrong password and unknown user with the same generic 401', async () => {
    const { email } = await signUp(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong password' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail(), password: 'whatever1' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it('allows 10 wrong passwords per account from one address, then 429 with retry-after', async () => {
    const { email, password } = await signUp(t.app);
    const statuses: number[] = [];
    const firstTry = Date.now();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong password' }, remoteAddress: '198.51.100.7' });
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '198.51.100.7' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    // The 15-minute window opened with the first wrong password: what is left of it, in seconds.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(retryAfter).toBeGreaterThanOrEqual(15 * 60 - Math.ceil((Date.now() - firstTry) / 1000) - 1);
  });

  it('never locks the owner out: their correct password from their own address works however many guesses others send', async () => {
    const { email, password } = await signUp(t.app);
    // Strangers from several addresses, each up to and past its own limit.
    for (const stranger of ['203.0.113.21', '203.0.113.22', '203.0.113.23']) {
      for (let i = 0; i < 12; i++) {
        await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `guess ${i}` }, remoteAddress: stranger });
      }
      const strangerBlocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'guess again' }, remoteAddress: stranger });
      expect(strangerBlocked.statusCode).toBe(429);
    }
    const owner = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '192.0.2.50' });
    expect(owner.statusCode).toBe(200);
    // A typo of the owner's is counted for the owner's address alone and cleared by the right password.
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'typo' }, remoteAddress: '192.0.2.50' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '192.0.2.50' })).statusCode).toBe(200);
  });

  it('rate-limits one IP across many e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('spray'), password: 'whatever1' },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(res.statusCode);
    }
    // 30 attempts per address in 15 minutes (auth/routes.ts LOGIN_LIMIT_PER_IP): the 31st is refused.
    expect(statuses).toEqual([...Array<number>(30).fill(401), 429, 429]);
  });
});

describe('session', () => {
  it('answers 401 JSON when signed out', async () => {
    const res = await t.app.inject({ url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });

  it('logs out via both GET paths: redirect to / and the session row is deleted', async () => {
    for (const url of ['/api/logout', '/api/auth/logout']) {
      const { cookie, user } = await signUp(t.app);
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.cookies.find((c) => c.name === 'rw_session')?.value).toBe('');
      expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    }
  });

  it('keeps the session when a foreign site links to GET /api/logout; a same-site link still logs out', async () => {
    const { cookie } = await signUp(t.app);
    for (const url of ['/api/logout', '/api/auth/logout']) {
      const foreign = await t.app.inject({ url, headers: { cookie, 'sec-fetch-site': 'cross-site' } });
      expect(foreign.statusCode).toBe(302);
      expect(foreign.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
      expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    }
    const own = await t.app.inject({ url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(302);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ignores a forged cookie', async () => {
    const res = await t.app.inject({ url: '/api/auth/user', headers: { cookie: 'rw_session=forged-token-value' } });
    expect(res.statusCode).toBe(401);
  });

  it('saves the profile on the server', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie },
      payload: { firstName: 'Lena', lastName: 'Vogel', profileRole: 'photographer', industry: 'photography' },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ firstName: 'Lena', lastName: 'Vogel', profileRole: 'photographer', industry: 'photography' });
  });
});

describe('request guards', () => {
  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'https://evil.example' },
      payload: { email: uniqueEmail(), password: 'long enough' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('foreign_origin');
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: TEST_ORIGIN },
      payload: { email: uniqueEmail(), password: 'long enough' },
    });
    expect(same.statusCode).toBe(201);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'bad_request' });
  });

  it('reports health with the database status', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
  });

  it('redirects /api/login to the built-in sign-in page without OIDC', async () => {
    const res = await t.app.inject({ url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});
