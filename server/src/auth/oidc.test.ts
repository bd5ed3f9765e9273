import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/users.js';
import { createTestApp, sessionCookieFrom, signUp, TEST_ORIGIN, type TestApp } from '../../test/support/test-app.js';
import { CookieJar, startTestIssuer, type TestAccount, type TestIssuer } from '../../test/fakes/oidc-issuer.js';

const accounts = new Map<string, TestAccount>();
let issuer: TestIssuer;
let t: TestApp;

beforeAll(async () => {
  // oidc-provider warns once about its development keys and interactions.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  issuer = await startTestIssuer(`${TEST_ORIGIN}/api/callback`, accounts);
  t = await createTestApp({
    env: { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: issuer.clientId, OIDC_CLIENT_SECRET: issuer.clientSecret, ADMIN_EMAILS: 'oidc-admin@example.com,oidc-admin-unverified@example.com,prehijack-boss@example.com' },
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

/** Drives the whole browser round trip: our /api/login → provider login + consent → our callback. */
async function signInThroughProvider(accountId: string, tamper?: (callbackUrl: URL) => void) {
  const start = await t.app.inject({ url: '/api/login' });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  expect(authorizeUrl.origin).toBe(issuer.issuer);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
  expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
  const oidcCookie = start.cookies.find((c) => c.name === 'rw_oidc')!;

  const jar = new CookieJar();
  let url = authorizeUrl.href;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(TEST_ORIGIN)) break;
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    if (res.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
      const html = await res.text();
      const prompt = html.includes('name="login"') ? 'login' : 'consent';
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
      res = await fetch(url, { method: 'POST', redirect: 'manual', body, headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' } });
      jar.store(res);
    }
    url = new URL(res.headers.get('location')!, url).href;
  }
  const callback = new URL(url);
  expect(callback.pathname).toBe('/api/callback');
  tamper?.(callback);
  return t.app.inject({ url: callback.pathname + callback.search, headers: { cookie: `rw_oidc=${oidcCookie.value}` } });
}

/** Asks for a reset link for `email` and uses it (the mail is read from the outbox of DATA_DIR/mail). */
async function resetByMail(email: string, password: string) {
  const outbox = path.join(t.config.dataDir, 'mail');
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } })).statusCode).toBe(202);
  const token = await vi.waitFor(async () => {
    for (const file of (await readdir(outbox)).filter((f) => f.includes('reset_password'))) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      if (to?.text === email) return /reset-password\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    }
    throw new Error(`no reset mail to ${email} yet`);
  });
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password } })).statusCode).toBe(204);
}

describe('OpenID Connect sign-in', () => {
  it('creates the user from the provider claims and signs in', async () => {
    accounts.set('sub-new', { sub: 'sub-new', email: 'Oidc.New@example.com', email_verified: true, given_name: 'Olga', family_name: 'Neu' });
    const res = await signInThroughProvider('sub-new');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(res) } });
    expect(me.json()).toMatchObject({ email: 'oidc.new@example.com', firstName: 'Olga', lastName: 'Neu', subscriptionPlan: 'free', creditsLimit: 6 });
    const [row] = await t.database.db.select().from(users).where(eq(users.oidcSubject, 'sub-new'));
    expect(row!.passwordHash).toBeNull();
  });

  it('finds the same user by subject on the next sign-in', async () => {
    accounts.set('sub-again', { sub: 'sub-again', email: 'again@example.com', email_verified: true });
    const first = await signInThroughProvider('sub-again');
    const second = await signInThroughProvider('sub-again');
    const a = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(first) } });
    const b = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(second) } });
    expect(a.json().id).toBe(b.json().id);
  });

  it('links an existing password account by verified e-mail', async () => {
    const { user } = await signUp(t.app, { email: 'linked@example.com' });
    accounts.set('sub-link', { sub: 'sub-link', email: 'linked@example.com', email_verified: true });
    const res = await signInThroughProvider('sub-link');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(res) } });
    expect(me.json().id).toBe(user.id);
  });

  it('does not hand an existing account to an unverified e-mail', async () => {
    await signUp(t.app, { email: 'victim@example.com' });
    accounts.set('sub-attacker', { sub: 'sub-attacker', email: 'victim@example.com', email_verified: false });
    const res = await signInThroughProvider('sub-attacker');
    expect(res.statusCode).toBe(409);
    expect(res.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
  });

  it('pre-hijack: an unconfirmed password account with the victim’s address is never joined; a reset by mail gives it back to the owner', async () => {
    // The attacker registers the victim's address with a password and never confirms it.
    const attacker = await signUp(t.app, { email: 'ceo@corp.example', password: 'attacker password', verified: false });
    accounts.set('sub-ceo', { sub: 'sub-ceo', email: 'ceo@corp.example', email_verified: true });
    const res = await signInThroughProvider('sub-ceo');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', message: expect.stringMatching(/reset the password/) });
    expect(res.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, attacker.user.id));
    expect(row!.oidcSubject).toBeNull();

    // The owner resets the password through the mailbox: the attacker's sessions and password end,
    // the address counts as confirmed, and the provider sign-in joins the account from then on.
    const outbox = path.join(t.config.dataDir, 'mail');
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: 'ceo@corp.example' } });
    const token = await vi.waitFor(async () => {
      const file = (await readdir(outbox)).find((f) => f.includes('reset_password'));
      if (!file) throw new Error('no reset mail yet');
      return /reset-password\?token=([\w-]+)/.exec((await simpleParser(await readFile(path.join(outbox, file)))).text ?? '')![1]!;
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'owner password' } })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: attacker.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ceo@corp.example', password: 'attacker password' } })).statusCode).toBe(401);
    const joined = await signInThroughProvider('sub-ceo');
    expect(joined.statusCode).toBe(302);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(joined) } })).json()).toMatchObject({ id: attacker.user.id, emailVerified: true });
  });

  it('creates an unconfirmed account when the provider does not vouch for the address, and never makes it admin', async () => {
    accounts.set('sub-unverified-admin', { sub: 'sub-unverified-admin', email: 'oidc-admin-unverified@example.com', email_verified: false });
    const res = await signInThroughProvider('sub-unverified-admin');
    expect(res.statusCode).toBe(302);
    const user = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(res) } })).json();
    expect(user).toMatchObject({ emailVerified: false, role: 'user' });
    const upload = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: sessionCookieFrom(res) }, payload: {} });
    expect(upload.json().code).toBe('email_not_verified');
  });

  it('pre-hijack through the provider (issue #22): a link made with an unverified address ends at the owner’s password reset', async () => {
    // The squatter signs in with the boss's address, unverified: an unconfirmed account linked to the squatter's subject.
    accounts.set('sub-squatter', { sub: 'sub-squatter', email: 'prehijack-boss@example.com', email_verified: false });
    const squatted = await signInThroughProvider('sub-squatter');
    expect(squatted.statusCode).toBe(302);
    const squatterCookie = sessionCookieFrom(squatted);
    const account = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: squatterCookie } })).json();
    expect(account).toMatchObject({ emailVerified: false, role: 'user' });

    // The owner resets the password by mail (the address is now confirmed) and signs in as admin.
    await resetByMail('prehijack-boss@example.com', 'owner password 1');
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: squatterCookie } })).statusCode).toBe(401);
    const owner = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'prehijack-boss@example.com', password: 'owner password 1' } });
    expect(owner.json()).toMatchObject({ id: account.id, role: 'admin', emailVerified: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ oidcSubject: null, oidcLinkVerified: false });

    // The squatter's next provider sign-in does not land in the (now admin) account.
    const again = await signInThroughProvider('sub-squatter');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('email_taken');
    expect(again.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    const ownerCookie = sessionCookieFrom(owner);
    expect((await t.app.inject({ url: '/api/admin/dashboard', headers: { cookie: ownerCookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'prehijack-boss@example.com', password: 'owner password 1' } })).statusCode).toBe(200);
  });

  it('a link made with a verified address survives a password change', async () => {
    const { user, cookie, password } = await signUp(t.app, { email: 'keeps-link@example.com' });
    accounts.set('sub-keeps', { sub: 'sub-keeps', email: 'keeps-link@example.com', email_verified: true });
    expect((await signInThroughProvider('sub-keeps')).statusCode).toBe(302);
    const changed = await t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: password, newPassword: 'another password 2' } });
    expect(changed.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ oidcSubject: 'sub-keeps', oidcLinkVerified: true });
    const again = await signInThroughProvider('sub-keeps');
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(again) } })).json().id).toBe(user.id);
  });

  it('grants admin to ADMIN_EMAILS', async () => {
    accounts.set('sub-admin', { sub: 'sub-admin', email: 'oidc-admin@example.com', email_verified: true });
    const res = await signInThroughProvider('sub-admin');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookieFrom(res) } });
    expect(me.json().role).toBe('admin');
  });

  it('rejects a callback whose state was tampered with', async () => {
    accounts.set('sub-state', { sub: 'sub-state', email: 'state@example.com', email_verified: true });
    const res = await signInThroughProvider('sub-state', (cb) => cb.searchParams.set('state', 'forged-state'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be completed/);
  });

  it('rejects a callback without the signed pending-login cookie', async () => {
    const res = await t.app.inject({ url: '/api/callback?code=abc&state=def' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });
});
