import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountTokens } from '../db/schema/account-tokens.js';
import { sessions } from '../db/schema/sessions.js';
import { users } from '../db/schema/users.js';
import { startTestInbox, tokenIn, linkIn, type TestInbox } from '../../test/support/smtp-inbox.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, sessionCookieFrom, signUp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../test/support/test-app.js';

/** Issue #10 end to end through the API, with every mail delivered over real SMTP. */
let inbox: TestInbox;
let t: TestApp;
beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({
    jobs: true,
    env: { SMTP_URL: inbox.url, MAIL_FROM: 'Raumwerk <mail@raumwerk.test>', ADMIN_EMAILS: 'chief@example.com,late-chief@example.com,target-chief@example.com' },
    services: { engine: new ScriptedEngine() },
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const me = async (cookie: string) => (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json();
const isSignedIn = async (cookie: string) => (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode === 200;

let addresses = 0;
/** Registers from its own client address (sign-ups are limited per address). */
async function register(email = uniqueEmail('trust'), password = 'correct horse battery', headers: Record<string, string> = {}) {
  addresses += 1;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password, firstName: 'Vera' }, headers, remoteAddress: `198.51.100.${addresses}` });
  expect(res.statusCode).toBe(201);
  return { email, password, cookie: sessionCookieFrom(res), user: res.json() };
}
const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('verified e-mail', () => {
  it('mails a verification link at sign-up; staging is refused until it is used, then works', async () => {
    const { email, cookie, user } = await register();
    expect(user.emailVerified).toBe(false);
    const mail = await inbox.waitFor(email);
    expect(mail.subject).toBe('Please confirm your e-mail address');
    expect(mail.html).toContain('/verify-email?token=');
    const link = linkIn(mail, '/verify-email');
    expect(link.origin + link.pathname).toBe(`${TEST_ORIGIN}/verify-email`);

    const refusedUpload = await post('/api/objects/upload', { projectName: 'x' }, cookie);
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json().code).toBe('email_not_verified');
    const projectId = await createProject(t.app, cookie);
    const refusedStaging = await processImage(t.app, cookie, { imageURL: `/objects/users/${user.id}/uploads/00000000-0000-4000-8000-000000000000.jpg`, projectId });
    expect(refusedStaging.statusCode).toBe(403);
    expect(refusedStaging.json().code).toBe('email_not_verified');
    // The free credits stay on the account, untouched.
    expect((await me(cookie)).creditsUsed).toBe(0);

    const verified = await post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email, emailVerified: true });
    expect((await me(cookie)).emailVerified).toBe(true);

    const imageURL = await upload(t.app, cookie, await photo(800, 600));
    const staged = await processImage(t.app, cookie, { imageURL, projectId });
    expect(staged.statusCode).toBe(200);
  });

  it('refuses a used, unknown or expired link with 400 token_invalid', async () => {
    const { email } = await register();
    const token = tokenIn(await inbox.waitFor(email), '/verify-email');
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('token_invalid');
    expect((await post('/api/auth/verify-email', { token: 'A'.repeat(43) })).json().code).toBe('token_invalid');

    const late = await register();
    const lateToken = tokenIn(await inbox.waitFor(late.email), '/verify-email');
    await t.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.userId, late.user.id));
    expect((await post('/api/auth/verify-email', { token: lateToken })).json().code).toBe('token_invalid');
    expect((await me(late.cookie)).emailVerified).toBe(false);
  });

  it('gives the link 24 hours', async () => {
    const { email, user } = await register();
    await inbox.waitFor(email);
    const [row] = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
  });

  it('resends a new link (the old one stops working), rate-limited, and refuses once verified', async () => {
    const { email, cookie } = await register();
    const first = tokenIn(await inbox.waitFor(email), '/verify-email');
    const resent = await post('/api/auth/verify-email/resend', {}, cookie);
    expect(resent.statusCode).toBe(204);
    const second = await inbox.waitFor(email, (m) => !m.text!.includes(first));
    const secondToken = tokenIn(second, '/verify-email');
    expect(secondToken).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post('/api/auth/verify-email/resend', {}, cookie)).statusCode);
    expect(statuses).toEqual([204, 204, 429]);

    await vi.waitFor(() => expect(inbox.to(email)).toHaveLength(4));
    expect((await post('/api/auth/verify-email', { token: tokenIn(inbox.to(email).at(-1)!, '/verify-email') })).statusCode).toBe(200);
    const done = await post('/api/auth/verify-email/resend', {}, cookie);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('email_already_verified');
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });

  it('writes the mail in the sign-up language: the chosen one, else the browser’s', async () => {
    const german = await register(uniqueEmail('de'), 'correct horse battery', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german.user.language).toBe('de');
    expect((await inbox.waitFor(german.email)).subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('en'), password: 'correct horse battery', language: 'en' },
      headers: { 'accept-language': 'de' },
      remoteAddress: '198.51.100.250',
    });
    expect((await inbox.waitFor(chosen.json().email)).subject).toBe('Please confirm your e-mail address');
  });
});

describe('ADMIN_EMAILS only for a verified owner', () => {
  it('does not make an unverified sign-up admin; confirming the address does', async () => {
    const { email, cookie, password } = await register('chief@example.com');
    expect((await me(cookie)).role).toBe('user');
    const relogin = await login(email, password);
    expect(relogin.json().role).toBe('user');
    await post('/api/auth/verify-email', { token: tokenIn(await inbox.waitFor(email), '/verify-email') });
    expect((await me(cookie)).role).toBe('admin');
    expect((await t.app.inject({ url: '/api/admin/stats', headers: { cookie } })).statusCode).not.toBe(403);
  });

  it('never grants admin through a profile e-mail change before the new address is confirmed', async () => {
    const { cookie, password } = await signUp(t.app);
    const change = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { email: 'target-chief@example.com', currentPassword: password } });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ role: 'user', pendingEmail: 'target-chief@example.com' });
    // Signing in again (by the old address; the new one is not the account's yet) changes nothing.
    expect((await login('target-chief@example.com', password)).statusCode).toBe(401);
    expect((await me(cookie)).role).toBe('user');
    const token = tokenIn(await inbox.waitFor('target-chief@example.com'), '/confirm-email');
    expect((await post('/api/auth/confirm-email', { token })).statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({ email: 'target-chief@example.com', role: 'admin', emailVerified: true, pendingEmail: null });
  });
});

describe('password reset', () => {
  it('answers 202 with the same body for known and unknown addresses, and mails only the known one', async () => {
    const { email } = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    const a = await post('/api/auth/password-reset/request', { email });
    const b = await post('/api/auth/password-reset/request', { email: unknown });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({ accepted: true });
    const mail = await inbox.waitFor(email, (m) => m.subject === 'Reset your password');
    expect(linkIn(mail, '/reset-password').origin).toBe(TEST_ORIGIN);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.to(unknown)).toHaveLength(0);
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const { email, password, cookie } = await signUp(t.app);
    const other = sessionCookieFrom(await login(email, password));
    await post('/api/auth/password-reset/request', { email });
    const token = tokenIn(await inbox.waitFor(email, (m) => m.subject === 'Reset your password'), '/reset-password');
    const reset = await post('/api/auth/password-reset', { token, password: 'a brand new secret' });
    expect(reset.statusCode).toBe(204);
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(other)).toBe(false);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'a brand new secret')).statusCode).toBe(200);
    const reuse = await post('/api/auth/password-reset', { token, password: 'yet another secret' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('token_invalid');
  });

  it('gives the link one hour, and refuses it after that', async () => {
    const { email, password, user } = await signUp(t.app);
    await post('/api/auth/password-reset/request', { email });
    const token = tokenIn(await inbox.waitFor(email, (m) => m.subject === 'Reset your password'), '/reset-password');
    const [row] = await t.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'reset_password')));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
    await t.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.userId, user.id));
    expect((await post('/api/auth/password-reset', { token, password: 'too late secret' })).json().code).toBe('token_invalid');
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('validates the new password like sign-up does', async () => {
    const res = await post('/api/auth/password-reset', { token: 'A'.repeat(43), password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('password change', () => {
  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const { email, password, cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: 'not my password', newPassword: 'something new 1' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('wrong_password');
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('sets the new password and ends every OTHER session of the user', async () => {
    const { email, password, cookie } = await signUp(t.app);
    const laptop = sessionCookieFrom(await login(email, password));
    const phone = sessionCookieFrom(await login(email, password));
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: { cookie: laptop }, payload: { currentPassword: password, newPassword: 'something new 1' } });
    expect(res.statusCode).toBe(204);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(cookie)).toBe(false);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'something new 1')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/password', payload: { currentPassword: 'x', newPassword: 'something new 1' } })).statusCode).toBe(401);
  });
});

describe('e-mail change', () => {
  it('needs the current password', async () => {
    const { cookie, email } = await signUp(t.app);
    const target = uniqueEmail('new');
    const missing = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { email: target } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('current_password_required');
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { email: target, currentPassword: 'nope nope', firstName: 'Changed' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('wrong_password');
    expect(await me(cookie)).toMatchObject({ email, pendingEmail: null, firstName: 'Test' });
  });

  it('changes the address only when the link mailed to the new one is used; the old one gets a notice', async () => {
    const { cookie, email, password } = await signUp(t.app);
    const target = uniqueEmail('moved');
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { email: target, currentPassword: password, firstName: 'Moved' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, pendingEmail: target, firstName: 'Moved' });

    const notice = await inbox.waitFor(email, (m) => m.subject === 'Your e-mail address is about to change');
    expect(notice.text).toContain(target);
    const confirm = await inbox.waitFor(target);
    expect(confirm.subject).toBe('Confirm your new e-mail address');
    // Until confirmed, the old address is the account's.
    expect((await login(email, password)).statusCode).toBe(200);

    const done = await post('/api/auth/confirm-email', { token: tokenIn(confirm, '/confirm-email') });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: target, emailVerified: true });
    expect(await me(cookie)).toMatchObject({ email: target, pendingEmail: null, emailVerified: true });
    expect((await login(target, password)).statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(401);
  });

  it('refuses an address another account has', async () => {
    const other = await signUp(t.app);
    const { cookie, password } = await signUp(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { email: other.email, currentPassword: password } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
  });

  it('only the newest change counts: an earlier confirmation link stops working', async () => {
    const { cookie, password } = await signUp(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { email: first, currentPassword: password } });
    const firstToken = tokenIn(await inbox.waitFor(first), '/confirm-email');
    await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { email: second, currentPassword: password } });
    expect((await post('/api/auth/confirm-email', { token: firstToken })).json().code).toBe('token_invalid');
    expect((await me(cookie)).pendingEmail).toBe(second);
  });
});

describe('mail language follows the account', () => {
  it('uses the stored language for later mails', async () => {
    const { cookie, email } = await signUp(t.app);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { language: 'de' } });
    expect(saved.json().language).toBe('de');
    await post('/api/auth/password-reset/request', { email }, undefined, { 'accept-language': 'en' });
    expect((await inbox.waitFor(email, (m) => m.subject === 'Passwort zurücksetzen')).text).toContain('/reset-password?token=');
  });
});

it('keeps no sessions or tokens of a deleted user (cascade)', async () => {
  const { user } = await register();
  await t.database.db.delete(users).where(eq(users.id, user.id));
  expect(await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id))).toHaveLength(0);
  expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
});
