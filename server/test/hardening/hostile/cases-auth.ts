import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../src/db/schema/users.js';
import { uniqueEmail } from '../../support/test-app.js';
import { call, EVIL_ORIGIN, NUL, oversizedJson, rawBody, RTL_OVERRIDE, SCRIPT, type HostileCase } from './case.js';
import type { World } from './world.js';

/** Registrations come from documentation addresses, so the per-IP sign-up limit is not what answers. */
let ip = 0;
const fromElsewhere = () => ({ remoteAddress: `198.51.100.${(ip += 1)}` });

async function userByEmail(world: World, email: string) {
  const [row] = await world.kit.t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

const newEmail = uniqueEmail('hostile');
const sneakyEmail = uniqueEmail('sneaky');

export const authCases: HostileCase[] = [
  {
    name: 'register: malformed JSON',
    route: 'POST /api/auth/register',
    request: () => ({ ...rawBody('POST', '/api/auth/register', null, '{"email": "a@b.c", "password": '), ...fromElsewhere() }),
    expectStatus: 400,
    expectCode: 'bad_request',
  },
  {
    name: 'register: e-mail of the wrong type',
    route: 'POST /api/auth/register',
    request: () => ({ ...call('POST', '/api/auth/register', null, { email: 12345, password: 'long enough pw' }), ...fromElsewhere() }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'register: a 2 MB body',
    route: 'POST /api/auth/register',
    request: () => ({ ...rawBody('POST', '/api/auth/register', null, oversizedJson()), ...fromElsewhere() }),
    expectStatus: 413,
    expectCode: 'payload_too_large',
  },
  {
    name: 'register: NUL in the first name never reaches PostgreSQL',
    route: 'POST /api/auth/register',
    request: () => ({ ...call('POST', '/api/auth/register', null, { email: uniqueEmail('nul'), password: 'long enough pw', firstName: `Eve${NUL}` }), ...fromElsewhere() }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'register: HTML and an RTL override in the name are stored verbatim and returned as JSON',
    route: 'POST /api/auth/register',
    request: () => ({ ...call('POST', '/api/auth/register', null, { email: newEmail, password: 'long enough pw', firstName: `${SCRIPT}${RTL_OVERRIDE}gpj.exe` }), ...fromElsewhere() }),
    expectStatus: 201,
    async verify(response, world) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().firstName).toBe(`${SCRIPT}${RTL_OVERRIDE}gpj.exe`);
      expect((await userByEmail(world, newEmail))!.firstName).toBe(`${SCRIPT}${RTL_OVERRIDE}gpj.exe`);
    },
  },
  {
    name: 'register: the victim’s e-mail in other letter case',
    route: 'POST /api/auth/register',
    request: (w) => ({ ...call('POST', '/api/auth/register', null, { email: `  ${w.a.email.toUpperCase()} `, password: 'attacker password' }), ...fromElsewhere() }),
    expectStatus: 409,
    expectCode: 'email_taken',
  },
  {
    name: 'register: role, plan and credits in the body are ignored (no mass assignment)',
    route: 'POST /api/auth/register',
    request: () => ({
      ...call('POST', '/api/auth/register', null, { email: sneakyEmail, password: 'long enough pw', role: 'admin', subscriptionPlan: 'business', creditsLimit: 1_000_000, creditsUsed: -50 }),
      ...fromElsewhere(),
    }),
    expectStatus: 201,
    async verify(_response, world) {
      expect(await userByEmail(world, sneakyEmail)).toMatchObject({ role: 'user', subscriptionPlan: 'free', creditsLimit: 6, creditsUsed: 0 });
    },
  },
  {
    name: 'login: SQL in the password of the victim’s e-mail',
    route: 'POST /api/auth/login',
    request: (w) => call('POST', '/api/auth/login', null, { email: w.a.email, password: `' OR '1'='1` }),
    expectStatus: 401,
    expectCode: 'invalid_credentials',
  },
  {
    name: 'login: SQL comment in the e-mail',
    route: 'POST /api/auth/login',
    request: () => call('POST', '/api/auth/login', null, { email: `admin'--@example.com`, password: 'whatever123' }),
    expectStatus: 401,
    expectCode: 'invalid_credentials',
  },
  {
    name: 'login: an array body',
    route: 'POST /api/auth/login',
    request: () => rawBody('POST', '/api/auth/login', null, '[{"email":"a@b.c"}]'),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'login: a form post (what a cross-site HTML form sends)',
    route: 'POST /api/auth/login',
    request: (w) => rawBody('POST', '/api/auth/login', null, `email=${encodeURIComponent(w.a.email)}&password=x`, 'application/x-www-form-urlencoded'),
    expectStatus: 415,
    expectCode: 'unsupported_media_type',
  },
  {
    name: 'user: a forged session cookie',
    route: 'GET /api/auth/user',
    request: () => call('GET', '/api/auth/user', 'rw_session=' + 'A'.repeat(43)),
    expectStatus: 401,
    expectCode: 'unauthorized',
  },
  {
    name: 'user: the victim’s logged-out session replayed',
    route: 'GET /api/auth/user',
    request: (w) => call('GET', '/api/auth/user', w.a.loggedOutCookie),
    expectStatus: 401,
    expectCode: 'unauthorized',
  },
  {
    name: 'user: an expired session',
    route: 'GET /api/auth/user',
    request: (w) => call('GET', '/api/auth/user', w.b.expiredCookie),
    expectStatus: 401,
    expectCode: 'unauthorized',
  },
  {
    name: 'user: a 6 KB cookie of quotes, semicolons and unicode',
    route: 'GET /api/auth/user',
    request: () => call('GET', '/api/auth/user', `rw_session="${'\';--é'.repeat(1000)}"; rw_session=../../etc/passwd`),
    expectStatus: 401,
    expectCode: 'unauthorized',
  },
  {
    name: 'profile: the victim’s e-mail',
    route: 'PUT /api/auth/profile',
    request: (w) => call('PUT', '/api/auth/profile', w.b.cookie, { email: w.a.email, currentPassword: w.b.password }),
    expectStatus: 409,
    expectCode: 'email_taken',
  },
  {
    name: 'profile: NUL in the last name',
    route: 'PUT /api/auth/profile',
    request: (w) => call('PUT', '/api/auth/profile', w.b.cookie, { lastName: `Mallory${NUL}` }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'profile: a bell and an escape character in the first name',
    route: 'PUT /api/auth/profile',
    request: (w) => call('PUT', '/api/auth/profile', w.b.cookie, { firstName: 'Mal\u0007lory\u001b[31m' }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'profile: role and credits in the body are ignored',
    route: 'PUT /api/auth/profile',
    request: (w) => call('PUT', '/api/auth/profile', w.b.cookie, { firstName: 'Mallory', role: 'admin', creditsUsed: -100, creditsLimit: 100000, subscriptionPlan: 'business' }),
    expectStatus: 200,
    verify(response) {
      expect(response.json()).toMatchObject({ firstName: 'Mallory', role: 'user', creditsLimit: 6, subscriptionPlan: 'free' });
      expect(response.json().creditsUsed).toBeGreaterThanOrEqual(0);
    },
  },
  {
    name: 'profile: an unknown profile role',
    route: 'PUT /api/auth/profile',
    request: (w) => call('PUT', '/api/auth/profile', w.b.cookie, { profileRole: 'superuser' }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'profile: SQL in the last name is stored verbatim',
    route: 'PUT /api/auth/profile',
    request: (w) => call('PUT', '/api/auth/profile', w.b.cookie, { lastName: `'; DROP TABLE users; --` }),
    expectStatus: 200,
    async verify(response, world) {
      expect(response.json().lastName).toBe(`'; DROP TABLE users; --`);
      expect((await userByEmail(world, world.a.email))!.id).toBe(world.a.id);
    },
  },
  {
    name: 'logout (GET): an open-redirect attempt with a forged cookie',
    route: 'GET /api/logout',
    request: () => call('GET', '/api/logout?redirect=https://evil.example&next=//evil.example', 'rw_session=forged'),
    expectStatus: 302,
    verify: (response) => expect(response.headers.location).toBe('/'),
  },
  {
    name: 'logout (GET /api/auth/logout): the victim’s replayed session',
    route: 'GET /api/auth/logout',
    request: (w) => call('GET', '/api/auth/logout?returnTo=//evil.example', w.a.loggedOutCookie),
    expectStatus: 302,
    verify: (response) => expect(response.headers.location).toBe('/'),
  },
  {
    name: 'logout (POST): cross-site logout of the victim',
    route: 'POST /api/auth/logout',
    request: (w) => call('POST', '/api/auth/logout', w.a.cookie, undefined, { origin: EVIL_ORIGIN }),
    expectStatus: 403,
    expectCode: 'foreign_origin',
  },
  {
    name: 'login redirect: no open redirect',
    route: 'GET /api/login',
    request: () => call('GET', '/api/login?returnTo=//evil.example/&redirect_uri=https://evil.example'),
    expectStatus: 302,
    verify: (response) => expect(response.headers.location).toBe('/login'),
  },
  {
    name: 'OIDC callback without OIDC configured',
    route: 'GET /api/callback',
    request: () => call('GET', '/api/callback?code=stolen&state=forged'),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'OIDC callback with a traversal in the code',
    route: 'GET /api/auth/callback',
    request: () => call('GET', '/api/auth/callback?code=..%2F..%2Fetc%2Fpasswd&state=%00'),
    expectStatus: 404,
    expectCode: 'not_found',
  },
];
