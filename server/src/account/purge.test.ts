import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { projectImageKey, uploadKey } from '../objects/object-keys.js';
import { createStorage, type ObjectStorage } from '../objects/storage.js';
import { loadConfig } from '../config.js';
import { insertProject, insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { accountPurgeJob, purgeDueAccounts, purgeUser } from './purge.js';

/**
 * purge.ts function by function against PostgreSQL and real local storage (the routes, the wiring
 * and the team cases are in account.test.ts, purge-wiring.test.ts and purge-workspaces.test.ts).
 */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
let dataDir: string;
let storage: ObjectStorage;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-purge-'));
  // The local driver, as production builds it from the environment.
  storage = createStorage(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'purge-test-secret-of-32-characters!' }));
});
afterAll(async () => {
  await handle?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
const due = (userId: string) => db.update(users).set({ deletionScheduledFor: sql`now() - interval '1 minute'` }).where(eq(users.id, userId));
const exists = async (key: string) => (await storage.read(key)) !== null;
const userRows = async (id: string) => (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length;
const projectRows = async (id: string) => (await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id))).length;

/** A user with a project holding one image, one upload, and a file a crashed deletion left under the prefix. */
async function userWithFiles() {
  const userId = await insertUser(db);
  const projectId = await insertProject(db, userId);
  const keys = { image: projectImageKey(userId, projectId, 'jpg'), upload: uploadKey(userId), stray: projectImageKey(userId, randomUUID(), 'jpg') };
  for (const key of Object.values(keys)) await storage.put(key, JPEG, 'image/jpeg');
  return { userId, projectId, keys };
}

describe('purgeUser', () => {
  it('does nothing for a user whose deletion date has not come, or who does not exist', async () => {
    const { userId, keys } = await userWithFiles();
    await db.update(users).set({ deletionScheduledFor: sql`now() + interval '1 day'` }).where(eq(users.id, userId));
    expect(await purgeUser({ db, storage }, userId)).toBeNull();
    expect(await purgeUser({ db, storage }, randomUUID())).toBeNull();
    expect(await userRows(userId)).toBe(1);
    for (const key of Object.values(keys)) expect(await exists(key)).toBe(true);
  });

  it('removes the user, their personal projects and every file under their prefix, and counts them exactly', async () => {
    const { userId, projectId, keys } = await userWithFiles();
    await due(userId);
    expect(await purgeUser({ db, storage }, userId)).toBe(3);
    expect([await userRows(userId), await projectRows(projectId)]).toEqual([0, 0]);
    for (const key of Object.values(keys)) expect(await exists(key)).toBe(false);
  });

  it('a file written while the rows went away (a late staging run) is removed by the second sweep and counted', async () => {
    const { userId, projectId } = await userWithFiles();
    await due(userId);
    const late = projectImageKey(userId, projectId, 'jpg');
    let sweeps = 0;
    const real = storage;
    const racing: ObjectStorage = Object.assign(Object.create(real) as ObjectStorage, {
      async deletePrefix(prefix: string) {
        const removed = await real.deletePrefix(prefix);
        // The first sweep's last call is the whole prefix: the late run writes right after it.
        if (prefix === `users/${userId}/` && ++sweeps === 1) await real.put(late, JPEG, 'image/jpeg');
        return removed;
      },
    });
    expect(await purgeUser({ db, storage: racing }, userId)).toBe(4);
    expect(await exists(late)).toBe(false);
  });
});

describe('purgeDueAccounts', () => {
  it('purges every due account across pages; one whose subscription cannot be cancelled is kept and counted as failed', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => userWithFiles()));
    for (const p of people) await due(p.userId);
    const failing = people[1]!.userId;
    const summary = await purgeDueAccounts(
      {
        db,
        storage,
        cancelSubscription: async (user) => {
          if (user.id === failing) throw new Error('stripe is down');
        },
      },
      log,
      2,
    );
    expect(summary).toEqual({ purged: 4, failed: 1, files: 4 * 3 });
    for (const p of people) expect(await userRows(p.userId)).toBe(p.userId === failing ? 1 : 0);
    await db.update(users).set({ deletionScheduledFor: null }).where(eq(users.id, failing));
  });

  it('runs daily with two retries ten minutes apart and an hour to finish', () => {
    const job = accountPurgeJob({ db, storage });
    expect([job.cron, job.queue]).toEqual(['23 3 * * *', { retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 }]);
  });
});
