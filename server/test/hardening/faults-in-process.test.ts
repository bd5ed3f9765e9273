import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages, projects, stagingRuns } from '../../src/db/schema/projects.js';
import { users } from '../../src/db/schema/users.js';
import { LocalStorage } from '../../src/objects/local-storage.js';
import { createProject, photo, processImage, requestUploadUrl, ScriptedEngine, upload } from '../support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../support/test-app.js';
import { filesUnder } from './hostile/invariants.js';

/**
 * Faults inside one process: an engine that hangs (and ignores its abort signal) past
 * STAGING_TIMEOUT_S, and a storage whose writes fail (disk full, read-only, bucket gone) at each
 * point where the app writes files. Each ends in a clean answer, the credit given back, and no
 * image row without its file (nor a file left without its row).
 *
 * Only the hanging engine's app has the short STAGING_TIMEOUT_S: the storage faults' apps keep the
 * default deadline, so their successful retries never race a 2-second clock on a busy machine
 * (issue 36: a retry answered 504 staging_timeout on a loaded 2-core machine).
 */

/** Local storage whose `put` fails for the keys a test chooses, like a full or read-only disk. */
class FlakyStorage extends LocalStorage {
  failWhen: ((key: string) => boolean) | null = null;
  override async put(key: string, body: Buffer, contentType?: string): Promise<void> {
    if (this.failWhen?.(key)) throw Object.assign(new Error(`EROFS: read-only file system, open '${key}'`), { code: 'EROFS' });
    return super.put(key, body, contentType);
  }
}

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-flaky-storage-'));
const storage = new FlakyStorage(storageDir, 'flaky-storage-secret-flaky-storage-secret');
const engine = new ScriptedEngine();
let t: TestApp;
/** The same storage and engine, with a 2-second staging deadline: only for the engine that hangs. */
let hurried: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine, storage } });
  hurried = await createTestApp({ jobs: true, env: { STAGING_TIMEOUT_S: '2' }, services: { engine, storage } });
});
afterAll(async () => {
  await t?.close();
  await hurried?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

async function account(app = t) {
  const { cookie, user } = await signUp(app.app);
  const projectId = await createProject(app.app, cookie);
  return { cookie, userId: user.id, projectId };
}

async function creditsUsed(userId: string, app = t) {
  const [row] = await app.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, userId));
  return row!.used;
}

/** Every image row of the user has its file and thumbnail on disk, and every project file has its row. */
async function rowsAndFilesAgree(userId: string, app = t) {
  const rows = await app.database.db.select().from(projectImages).where(eq(projectImages.userId, userId));
  const onDisk = filesUnder(path.join(storageDir, 'objects', 'users', userId, 'projects')).map((line) => `/users/${userId}/projects/${line.split(' ')[0]}`);
  const referenced = rows.flatMap((r) => [r.filePath, r.thumbnailPath, r.changeMaskPath].filter((p): p is string => p !== null));
  expect([...onDisk].sort()).toEqual([...referenced].sort());
  return rows;
}

async function projectStatus(projectId: string, app = t) {
  const [row] = await app.database.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
  return row!.status;
}

describe('an engine hanging past STAGING_TIMEOUT_S', () => {
  it('ends in a clean 504, the credit refunded once, the job settled and nothing stored', async () => {
    const { cookie, userId, projectId } = await account(hurried);
    const calls = engine.calls.length;
    // Never answers and ignores its abort signal: only the deadline can end it.
    engine.push(() => new Promise(() => {}));
    const started = Date.now();
    const res = await processImage(hurried.app, cookie, { imageURL: await upload(hurried.app, cookie, await photo(320, 240)), projectId });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ success: false, code: 'staging_timeout', error: expect.stringMatching(/refunded/) });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(engine.calls.length - calls).toBe(1);

    const [run] = await hurried.database.db.select().from(stagingRuns).where(eq(stagingRuns.userId, userId));
    expect(run).toMatchObject({ state: 'refunded', errorCode: 'staging_timeout' });
    expect(await creditsUsed(userId, hurried)).toBe(0);
    expect(await projectStatus(projectId, hurried)).toBe('failed');
    // The job itself gives up at the same deadline: it does not stay active until pg-boss expires it.
    let state = '';
    for (let i = 0; i < 40 && state !== 'completed'; i++) {
      ({ state } = (await hurried.database.pool.query(`SELECT state FROM pgboss.job WHERE id = $1`, [run!.jobId])).rows[0] ?? { state: '' });
      if (state !== 'completed') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('completed');
    expect((await rowsAndFilesAgree(userId, hurried)).filter((r) => !r.isOriginal)).toEqual([]);
  });
});

describe('storage writes failing', () => {
  it('during the upload PUT: a clean 503, the URL stays usable, no file and no charge', async () => {
    const { cookie, userId } = await account();
    const { uploadURL } = await requestUploadUrl(t.app, cookie);
    storage.failWhen = (key) => key.endsWith('.thumb.webp');
    try {
      const res = await t.app.inject({ method: 'PUT', url: uploadURL, payload: await photo(320, 240), headers: { 'content-type': 'image/jpeg' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/try again/i) });
    } finally {
      storage.failWhen = null;
    }
    expect(filesUnder(path.join(storageDir, 'objects', 'users', userId))).toEqual([]);
    const retry = await t.app.inject({ method: 'PUT', url: uploadURL, payload: await photo(320, 240), headers: { 'content-type': 'image/jpeg' } });
    expect(retry.statusCode).toBe(200);
  });

  it('while process-image stores the original: a clean 503, nothing charged, no row and no stray file', async () => {
    const { cookie, userId, projectId } = await account();
    const imageURL = await upload(t.app, cookie, await photo(320, 240));
    storage.failWhen = (key) => key.includes('/projects/') && key.endsWith('.thumb.webp');
    let res;
    try {
      res = await processImage(t.app, cookie, { imageURL, projectId });
    } finally {
      storage.failWhen = null;
    }
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'service_unavailable', error: expect.stringMatching(/try again/i) });
    expect(await creditsUsed(userId)).toBe(0);
    expect(await rowsAndFilesAgree(userId)).toEqual([]);
    // The upload is still there: the same request succeeds once storage is back.
    const again = await processImage(t.app, cookie, { imageURL, projectId });
    expect(again.statusCode, again.body).toBe(200);
    expect(await creditsUsed(userId)).toBe(1);
    expect(await rowsAndFilesAgree(userId)).toHaveLength(2);
  });

  it('while the job stores the staged result: 502, the credit refunded, the original kept, no staged row', async () => {
    const { cookie, userId, projectId } = await account();
    const imageURL = await upload(t.app, cookie, await photo(320, 240));
    let originalsWritten = 0;
    // The original (and its thumbnail) go through; the staged result's thumbnail fails.
    storage.failWhen = (key) => key.includes('/projects/') && key.endsWith('.thumb.webp') && ++originalsWritten > 1;
    let res;
    try {
      res = await processImage(t.app, cookie, { imageURL, projectId });
    } finally {
      storage.failWhen = null;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, code: 'staging_failed', error: expect.stringMatching(/refunded/) });
    expect(await creditsUsed(userId)).toBe(0);
    const rows = await rowsAndFilesAgree(userId);
    expect(rows.map((r) => r.isOriginal)).toEqual([true]);
    expect(await projectStatus(projectId)).toBe('failed');
  });
});
