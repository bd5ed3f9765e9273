import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { startTestInbox, tokenIn, type TestInbox } from '../../test/support/smtp-inbox.js';
import { createTestApp, markVerified, sessionCookieFrom, signUp, uniqueEmail, type TestApp } from '../../test/support/test-app.js';
import { grantAdmin } from './accounts.js';

/**
 * Issue #22, items 1 and 7: a queued e-mail change must not survive the owner taking the account
 * back, the admin role follows the verified address, and strangers cannot silence the owner's
 * reset mail. Every mail goes over real SMTP.
 */
let inbox: TestInbox;
let t: TestApp;
beforeAll(async () => {
  inbox = await startTestInbox();
  t = await createTestApp({
    jobs: true,
    env: { SMTP_URL: inbox.url, MAIL_FROM: 'Raumwerk <mail@raumwerk.test>', ADMIN_EMAILS: 'boss@corp.example,boss2@corp.example,listed@corp.example' },
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const post = (url: string, payload: object, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'POST', url, payload, remoteAddress });
const put = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
const me = async (cookie: string) => (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json();
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const adminStatus = async (cookie: string) => (await t.app.inject({ url: '/api/admin/dashboard', headers: { cookie } })).statusCode;
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const isResetMail = (m: { subject?: string }) => m.subject === 'Reset your password';
const settle = () => new Promise((r) => setTimeout(r, 400));

/** The owner asks for a reset link from their own address and uses it. */
async function ownerResets(email: string, password: string, mailsBefore: number) {
  expect((await post('/api/auth/password-reset/request', { email }, '198.51.100.200')).statusCode).toBe(202);
  await expect.poll(() => inbox.to(email).filter(isResetMail).length).toBe(mailsBefore + 1);
  const token = tokenIn(inbox.to(email).filter(isResetMail).at(-1)!, '/reset-password');
  expect((await post('/api/auth/password-reset', { token, password })).statusCode).toBe(204);
}

describe('a queued e-mail change ends when the owner takes the account back', () => {
  it('squatter of an ADMIN_EMAILS address: reset voids the queued change; the owner stays admin and keeps the account', async () => {
    // The squatter registers the boss's address first and queues a change to their own mailbox.
    const squatter = await signUp(t.app, { email: 'boss@corp.example', password: 'squatter password', verified: false });
    const squatterMailbox = uniqueEmail('squatter');
    const queued = await put('/api/auth/profile', squatter.cookie, { email: squatterMailbox, currentPassword: 'squatter password' });
    expect(queued.json()).toMatchObject({ pendingEmail: squatterMailbox, role: 'user' });
    const confirmToken = tokenIn(await inbox.waitFor(squatterMailbox), '/confirm-email');

    // The owner reclaims the account by password reset and signs in as admin.
    await ownerResets('boss@corp.example', 'owner password 1', 0);
    const owner = await login('boss@corp.example', 'owner password 1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ id: squatter.user.id, role: 'admin', emailVerified: true, pendingEmail: null });

    // The squatter's confirmation link is dead: the address stays the owner's.
    const confirm = await post('/api/auth/confirm-email', { token: confirmToken });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().code).toBe('token_invalid');
    // A reset through the squatter's mailbox finds no account and sends nothing.
    expect((await post('/api/auth/password-reset/request', { email: squatterMailbox }, '203.0.113.66')).statusCode).toBe(202);
    await settle();
    expect(inbox.to(squatterMailbox).filter(isResetMail)).toHaveLength(0);

    const ownerCookie = sessionCookieFrom(await login('boss@corp.example', 'owner password 1'));
    expect(await me(ownerCookie)).toMatchObject({ email: 'boss@corp.example', role: 'admin', pendingEmail: null });
    expect(await adminStatus(ownerCookie)).toBe(200);
    expect((await login(squatterMailbox, 'owner password 1')).statusCode).toBe(401);
  });

  it('PUT /api/auth/password voids a queued change and its link', async () => {
    const { cookie, password } = await signUp(t.app);
    const target = uniqueEmail('queued');
    await put('/api/auth/profile', cookie, { email: target, currentPassword: password });
    const token = tokenIn(await inbox.waitFor(target), '/confirm-email');
    expect((await put('/api/auth/password', cookie, { currentPassword: password, newPassword: 'a new password 2' })).statusCode).toBe(204);
    expect((await me(cookie)).pendingEmail).toBeNull();
    const confirm = await post('/api/auth/confirm-email', { token });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().code).toBe('token_invalid');
  });

  it('re-entering the current address cancels a queued change and its link', async () => {
    const { cookie, password, email } = await signUp(t.app);
    const target = uniqueEmail('cancelled');
    await put('/api/auth/profile', cookie, { email: target, currentPassword: password });
    const token = tokenIn(await inbox.waitFor(target), '/confirm-email');
    const cancelled = await put('/api/auth/profile', cookie, { email: email.toUpperCase() });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email, pendingEmail: null });
    const confirm = await post('/api/auth/confirm-email', { token });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().code).toBe('token_invalid');
    expect(await me(cookie)).toMatchObject({ email, pendingEmail: null });
  });
});

describe('the admin role follows the verified address (decision 030)', () => {
  async function changeAddress(cookie: string, password: string, target: string) {
    expect((await put('/api/auth/profile', cookie, { email: target, currentPassword: password })).statusCode).toBe(200);
    const confirm = await post('/api/auth/confirm-email', { token: tokenIn(await inbox.waitFor(target), '/confirm-email') });
    expect(confirm.statusCode).toBe(200);
  }

  it('an ADMIN_EMAILS admin loses the role when the address changes away from the list', async () => {
    const admin = await signUp(t.app, { email: 'boss2@corp.example' });
    expect(await me(admin.cookie)).toMatchObject({ role: 'admin' });
    const moved = uniqueEmail('ex-boss');
    await changeAddress(admin.cookie, admin.password, moved);
    expect(await me(admin.cookie)).toMatchObject({ email: moved, role: 'user' });
    expect(await adminStatus(admin.cookie)).toBe(403);
    // Signing in again changes nothing: the new address is not on the list.
    expect((await login(moved, admin.password)).json().role).toBe('user');
  });

  it('an address changed to a listed one is admin once confirmed', async () => {
    const user = await signUp(t.app);
    await changeAddress(user.cookie, user.password, 'listed@corp.example');
    expect(await me(user.cookie)).toMatchObject({ email: 'listed@corp.example', role: 'admin' });
    expect((await rowOf(user.user.id)).adminSource).toBe('admin_emails');
  });

  it('a CLI admin keeps the role at sign-in, and loses it when the address changes', async () => {
    const admin = await signUp(t.app);
    await grantAdmin(t.database.db, admin.email);
    expect((await login(admin.email, admin.password)).json().role).toBe('admin');
    expect(await adminStatus(admin.cookie)).toBe(200);
    const moved = uniqueEmail('cli-moved');
    await changeAddress(admin.cookie, admin.password, moved);
    expect(await me(admin.cookie)).toMatchObject({ email: moved, role: 'user' });
    expect(await rowOf(admin.user.id)).toMatchObject({ role: 'user', adminSource: null });
  });

  it('a role from ADMIN_EMAILS ends when the address is taken off the list', async () => {
    const admin = await signUp(t.app, { email: 'temp-boss@corp.example', verified: false });
    t.config.ADMIN_EMAILS.push('temp-boss@corp.example');
    try {
      await markVerified(t.app, admin.user.id);
      expect(await adminStatus(admin.cookie)).toBe(200);
    } finally {
      t.config.ADMIN_EMAILS.pop();
    }
    expect(await adminStatus(admin.cookie)).toBe(403);
    expect((await login(admin.email, admin.password)).json().role).toBe('user');
    expect(await rowOf(admin.user.id)).toMatchObject({ role: 'user', adminSource: null });
  });
});

describe('strangers cannot silence the owner’s reset mail (item 7)', () => {
  /** Lets the per-address cooldown run out, as 2 minutes would. */
  const coolDown = (email: string) => t.database.db.execute(sql`UPDATE rate_limits SET window_start = window_start - interval '121 seconds' WHERE key = ${`reset:email:${email}`}`);

  it('after three strangers’ requests the owner’s own request still mails a link, and a stranger’s mail never voids it', async () => {
    const { email, password } = await signUp(t.app);
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await post('/api/auth/password-reset/request', { email }, ip)).statusCode).toBe(202);
    await settle();
    // One mail per address and cooldown: the strangers got one mail sent, not three.
    expect(inbox.to(email).filter(isResetMail)).toHaveLength(1);

    await coolDown(email);
    expect((await post('/api/auth/password-reset/request', { email }, '198.51.100.9')).statusCode).toBe(202);
    await expect.poll(() => inbox.to(email).filter(isResetMail).length).toBe(2);
    const ownerToken = tokenIn(inbox.to(email).filter(isResetMail)[1]!, '/reset-password');

    // A stranger's next mail does not void the owner's link.
    await coolDown(email);
    expect((await post('/api/auth/password-reset/request', { email }, '203.0.113.4')).statusCode).toBe(202);
    await expect.poll(() => inbox.to(email).filter(isResetMail).length).toBe(3);
    expect((await post('/api/auth/password-reset', { token: ownerToken, password: 'owner took it back' })).statusCode).toBe(204);
    expect((await login(email, 'owner took it back')).statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(401);
    // Using one link ends the others.
    const strangersToken = tokenIn(inbox.to(email).filter(isResetMail)[2]!, '/reset-password');
    expect((await post('/api/auth/password-reset', { token: strangersToken, password: 'stranger password' })).json().code).toBe('token_invalid');
  });

  it('within the cooldown a second request sends nothing', async () => {
    const { email } = await signUp(t.app);
    expect((await post('/api/auth/password-reset/request', { email }, '203.0.113.20')).statusCode).toBe(202);
    expect((await post('/api/auth/password-reset/request', { email }, '198.51.100.20')).statusCode).toBe(202);
    await settle();
    expect(inbox.to(email).filter(isResetMail)).toHaveLength(1);
  });

  it('limits each requester: 3 mails per address and hour, then 429 after 10 requests in 15 minutes', async () => {
    const { email } = await signUp(t.app);
    const ip = '203.0.113.30';
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/auth/password-reset/request', { email }, ip)).statusCode).toBe(202);
      await coolDown(email);
    }
    await settle();
    expect(inbox.to(email).filter(isResetMail)).toHaveLength(3);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post('/api/auth/password-reset/request', { email: uniqueEmail('spray') }, ip)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
    const limited = await post('/api/auth/password-reset/request', { email }, ip);
    expect(limited.json().code).toBe('rate_limited');
    // Another requester (the owner) is not affected.
    await coolDown(email);
    expect((await post('/api/auth/password-reset/request', { email }, '198.51.100.30')).statusCode).toBe(202);
    await expect.poll(() => inbox.to(email).filter(isResetMail).length).toBe(4);
  });
});
