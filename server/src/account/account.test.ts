import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../../contract/limits.js';
import { projectImages, projects, uploadTokens } from '../db/schema/projects.js';
import { sessions } from '../db/schema/sessions.js';
import { users, type UserRow } from '../db/schema/users.js';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/support/test-app.js';
import { accountPurgeJob, purgeDueAccounts } from './purge.js';

const log = pino({ level: 'silent' });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const deletion = (method: 'GET' | 'POST' | 'DELETE', cookie?: string) =>
  t.app.inject({ method, url: '/api/account/deletion', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A user with a project, an original and a staged image, an upload, and their files in storage. */
async function userWithFiles() {
  const account = await signUp(t.app);
  const userId = account.user.id;
  const { db } = t.database;
  const [project] = await db.insert(projects).values({ userId, title: 'Altbau Wohnzimmer', status: 'completed' }).returning();
  const keys = [
    `users/${userId}/projects/${project!.id}/${randomUUID()}.jpg`,
    `users/${userId}/projects/${project!.id}/${randomUUID()}.thumb.webp`,
    `users/${userId}/uploads/${randomUUID()}`,
  ];
  for (const key of keys) await t.services.storage.put(key, Buffer.from(`bytes of ${key}`), 'image/jpeg');
  const [original] = await db
    .insert(projectImages)
    .values({ projectId: project!.id, userId, filePath: `/${keys[0]}`, isOriginal: true, mimeType: 'image/jpeg' })
    .returning();
  await db.insert(projectImages).values({ projectId: project!.id, userId, filePath: `/${keys[0]}`, isOriginal: false, mimeType: 'image/jpeg', originalImageId: original!.id });
  await db.insert(uploadTokens).values({ userId, objectKey: keys[2]!, expiresAt: new Date(Date.now() + 60_000) });
  return { ...account, userId, projectId: project!.id, keys };
}

async function leftovers(userId: string) {
  const { db } = t.database;
  const count = async (table: typeof users | typeof sessions | typeof projects | typeof projectImages | typeof uploadTokens, column: any) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, userId)))[0]!.n;
  return {
    users: await count(users, users.id),
    sessions: await count(sessions, sessions.userId),
    projects: await count(projects, projects.userId),
    images: await count(projectImages, projectImages.userId),
    uploads: await count(uploadTokens, uploadTokens.userId),
  };
}

const moveScheduleToPast = (userId: string) =>
  t.database.db.update(users).set({ deletionScheduledFor: sql`now() - interval '1 minute'` }).where(eq(users.id, userId));

describe('/api/account/deletion', () => {
  it('needs a signed-in user', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) expect((await deletion(method)).statusCode).toBe(401);
  });

  it('reads none, requests (7 days), keeps the date when asked twice, cancels, requests again', async () => {
    const { cookie } = await signUp(t.app);
    expect((await deletion('GET', cookie)).json()).toEqual({ status: 'none', requestedAt: null, scheduledFor: null });

    const before = Date.now();
    const requested = await deletion('POST', cookie);
    expect(requested.statusCode).toBe(200);
    const state = requested.json();
    expect(state.status).toBe('pending');
    const delay = Date.parse(state.scheduledFor) - Date.parse(state.requestedAt);
    expect(delay).toBe(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
    expect(Date.parse(state.requestedAt)).toBeGreaterThanOrEqual(before - 5_000);

    expect((await deletion('POST', cookie)).json()).toEqual(state);
    expect((await deletion('GET', cookie)).json()).toEqual(state);
    // The signed-in user carries the date, so every screen can show the pending-deletion banner.
    const me = async () => (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().deletionScheduledFor;
    expect(await me()).toBe(state.scheduledFor);

    const cancelled = await deletion('DELETE', cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'none', requestedAt: null, scheduledFor: null });
    expect((await deletion('DELETE', cookie)).json().status).toBe('none');
    expect(await me()).toBeNull();

    expect((await deletion('POST', cookie)).json().status).toBe('pending');
  });

  it('refuses to cancel once the purge date has passed', async () => {
    const { cookie, user } = await signUp(t.app);
    await deletion('POST', cookie);
    await moveScheduleToPast(user.id);
    const res = await deletion('DELETE', cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('conflict');
    // Leave nothing due for the purge tests below.
    await t.database.db.update(users).set({ deletionScheduledFor: null, deletionRequestedAt: null }).where(eq(users.id, user.id));
  });
});

describe('account purge', () => {
  it('request → cancel → request → purge leaves no row and no file of that user, and nobody else is touched', async () => {
    const doomed = await userWithFiles();
    const bystander = await userWithFiles();
    const waiting = await userWithFiles();
    await deletion('POST', doomed.cookie);
    await deletion('DELETE', doomed.cookie);
    await deletion('POST', doomed.cookie);
    await deletion('POST', waiting.cookie); // pending, but not due for 7 days
    await moveScheduleToPast(doomed.userId);

    const cancelSubscription = vi.fn(async (_user: UserRow) => {});
    const job = accountPurgeJob({ db: t.database.db, storage: t.services.storage, cancelSubscription });
    expect(job.name).toBe('account.purge');
    expect(job.cron).toBe('23 3 * * *'); // daily at 03:23 UTC
    const summary = await job.handler({}, { jobId: 'test', log, signal: new AbortController().signal, send: async () => null });
    expect(summary).toEqual({ purged: 1, failed: 0, files: 3 });
    expect(cancelSubscription).toHaveBeenCalledTimes(1);
    expect(cancelSubscription.mock.calls[0]![0].id).toBe(doomed.userId);

    expect(await leftovers(doomed.userId)).toEqual({ users: 0, sessions: 0, projects: 0, images: 0, uploads: 0 });
    for (const key of doomed.keys) expect(await t.services.storage.read(key)).toBeNull();
    expect(await t.services.storage.deletePrefix(`users/${doomed.userId}/`)).toBe(0);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: doomed.cookie } })).statusCode).toBe(401);

    for (const other of [bystander, waiting]) {
      expect(await leftovers(other.userId)).toMatchObject({ users: 1, sessions: 1, projects: 1, images: 2, uploads: 1 });
      for (const key of other.keys) expect(await t.services.storage.read(key)).not.toBeNull();
    }

    // Idempotent: a second run (a retry, or tomorrow's cron) finds nothing to do.
    expect(await purgeDueAccounts({ db: t.database.db, storage: t.services.storage }, log)).toEqual({ purged: 0, failed: 0, files: 0 });
  });

  it('keeps a user whose subscription could not be cancelled, and purges the others of the run', async () => {
    const billed = await userWithFiles();
    const plain = await userWithFiles();
    for (const u of [billed, plain]) {
      await deletion('POST', u.cookie);
      await moveScheduleToPast(u.userId);
    }
    const cancelSubscription = async (user: UserRow) => {
      if (user.id === billed.userId) throw new Error('Stripe unavailable');
    };
    const job = accountPurgeJob({ db: t.database.db, storage: t.services.storage, cancelSubscription });
    await expect(job.handler({}, { jobId: 'test', log, signal: new AbortController().signal, send: async () => null })).rejects.toThrow(/1 account/);
    expect((await leftovers(billed.userId)).users).toBe(1);
    expect(await t.services.storage.read(billed.keys[0]!)).not.toBeNull();
    expect((await leftovers(plain.userId)).users).toBe(0);

    // The next run, with billing reachable again, finishes the job.
    const summary = await purgeDueAccounts({ db: t.database.db, storage: t.services.storage, cancelSubscription: async () => {} }, log);
    expect(summary).toMatchObject({ purged: 1, failed: 0 });
    expect(await leftovers(billed.userId)).toEqual({ users: 0, sessions: 0, projects: 0, images: 0, uploads: 0 });
  });

  it('purges accounts across several pages', async () => {
    const many = [];
    for (let i = 0; i < 5; i++) {
      const { cookie, user } = await signUp(t.app);
      await deletion('POST', cookie);
      await moveScheduleToPast(user.id);
      many.push(user.id);
    }
    const summary = await purgeDueAccounts({ db: t.database.db, storage: t.services.storage }, log, 2);
    expect(summary.purged).toBe(5);
    for (const id of many) expect((await leftovers(id)).users).toBe(0);
  });
});
