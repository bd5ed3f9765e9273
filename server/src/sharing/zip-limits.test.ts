import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { filePathOf, projectImageKey } from '../objects/object-keys.js';
import { createProject, photo } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

/**
 * Issue #22 item 5 over HTTP (decision 032): a client that leaves stops the labelled zip at once,
 * and zips are limited per user (429 too_many_downloads) and per process (503 downloads_busy).
 */
const PER_USER = 2;
const PER_PROCESS = 3;
const PAIRS = 4;
let t: TestApp;
let port: number;
const serverSockets = new Map<number, Socket>();
/** Every storage read of the app, in order; reads wait while `gate` is set. */
const reads: string[] = [];
let gate: Promise<void> | null = null;

beforeAll(async () => {
  t = await createTestApp({ env: { ZIPS_PER_USER: String(PER_USER), ZIPS_PER_PROCESS: String(PER_PROCESS) } });
  const storage = t.services.storage;
  const read = storage.read.bind(storage);
  storage.read = async (key) => {
    reads.push(key);
    if (gate) await gate;
    return read(key);
  };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  t.app.server.on('connection', (socket: Socket) => serverSockets.set(socket.remotePort!, socket));
});
afterAll(async () => {
  await t?.close();
});

/** A Pro user's project with PAIRS originals, each with its staged image, written straight to storage and database. */
async function listingOf() {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ subscriptionPlan: 'pro' }).where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie, 'Zip');
  const bytes = await photo(800, 600);
  for (let i = 0; i < PAIRS; i++) {
    const originalKey = projectImageKey(user.id, projectId, 'jpg');
    const stagedKey = projectImageKey(user.id, projectId, 'jpg');
    await t.services.storage.put(originalKey, bytes, 'image/jpeg');
    await t.services.storage.put(stagedKey, bytes, 'image/jpeg');
    const [original] = await t.database.db
      .insert(projectImages)
      .values({ projectId, userId: user.id, filePath: filePathOf(originalKey), isOriginal: true, mimeType: 'image/jpeg', width: 800, height: 600 })
      .returning();
    await t.database.db
      .insert(projectImages)
      .values({ projectId, userId: user.id, filePath: filePathOf(stagedKey), isOriginal: false, originalImageId: original!.id, mimeType: 'image/jpeg', width: 800, height: 600 });
  }
  return { cookie, projectId };
}

interface ZipRequest {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Destroys the connection and resolves once the server has seen it close. */
  leave(): Promise<void>;
}

/** GET the zip and resolve at the response head (a 200's body stays unread, as a client that does not read). */
function getZip(cookie: string, projectId: string, query = 'label=1&originals=1'): Promise<ZipRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/projects/${projectId}/download.zip?${query}`, headers: { cookie }, agent: false }, (res) => {
      const leave = async () => {
        const server = serverSockets.get(req.socket!.localPort!);
        const closed = server && !server.destroyed ? new Promise((r) => server.once('close', r)) : Promise.resolve();
        req.destroy();
        await closed;
        await new Promise((r) => setImmediate(r));
      };
      if (res.statusCode === 200) return resolve({ status: 200, headers: res.headers, body: '', leave });
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, leave }));
    });
    req.on('error', reject);
  });
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

describe('listing zip limits', () => {
  it('stops reading and labelling when the client leaves: fewer entries rendered than the zip has', async () => {
    const { cookie, projectId } = await listingOf();
    const total = PAIRS * 2;
    reads.length = 0;
    let open = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    const zip = await getZip(cookie, projectId);
    expect(zip.status).toBe(200);
    // The first entry is being read (held by the gate) when the client leaves.
    await until(() => reads.length === 1);
    await zip.leave();
    gate = null;
    open();
    await new Promise((r) => setTimeout(r, 300));
    expect(reads).toHaveLength(1);
    expect(reads.length).toBeLessThan(total);

    // Read to the end, the same zip has every entry (the limit only stops abandoned ones).
    reads.length = 0;
    const full = await new Promise<number>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: `/api/projects/${projectId}/download.zip?label=1&originals=1`, headers: { cookie } }, (res) => {
        res.resume().on('end', () => resolve(res.statusCode!)).on('error', reject);
      }),
    );
    expect(full).toBe(200);
    expect(reads).toHaveLength(total);
  });

  it(`answers a user's zip beyond ${PER_USER} at once 429, the process's beyond ${PER_PROCESS} 503, and a closed zip frees its place`, async () => {
    const a = await listingOf();
    const b = await listingOf();
    const c = await listingOf();
    let open = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    try {
      const held = [await getZip(a.cookie, a.projectId), await getZip(a.cookie, a.projectId)];
      expect(held.map((z) => z.status)).toEqual([200, 200]);
      const refused = await getZip(a.cookie, a.projectId);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('5');
      expect(JSON.parse(refused.body)).toEqual({ message: expect.stringMatching(/zips/), code: 'too_many_downloads' });

      held.push(await getZip(b.cookie, b.projectId));
      expect(held[2]!.status).toBe(200);
      const busy = await getZip(c.cookie, c.projectId);
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(JSON.parse(busy.body)).toMatchObject({ code: 'downloads_busy' });

      await held.shift()!.leave();
      const again = await getZip(a.cookie, a.projectId);
      expect(again.status).toBe(200);
      held.push(again);
      for (const z of held) await z.leave();
    } finally {
      gate = null;
      open();
    }
  });
});
