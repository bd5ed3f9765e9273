/**
 * Issue #22 item 6: declaring `size: 1` and PUTting 3.2 MB held 532 MB against a 200 MB quota,
 * because the local PUT never compared the body with the declared size. Now the body is held to
 * it while it streams in, and the quota counts the bytes really stored once uploaded.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTokens } from '../db/schema/projects.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { photo, requestUploadUrl, upload } from '../../test/support/staging-fixtures.js';
import type { LocalStorage } from './local-storage.js';
import { thumbnailKeyOf } from './object-keys.js';
import { unusedUploadBytes } from './uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function storedFiles(userId: string): string[] {
  const dir = path.join(t.config.dataDir, 'objects', 'users', userId);
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

describe('issue #22 item 6: the PUT body is held to the declared size', () => {
  const MB = 1024 * 1024;
  const put = (url: string, payload: Buffer | Readable, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': 'image/jpeg', ...headers } });
  const rowsOf = (userId: string) => t.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, userId));

  it('declaring size 1 and PUTting 3.2 MB is refused with 413 upload_size_mismatch, nothing stored, the quota still holds', async () => {
    const { cookie, user } = await signUp(t.app);
    const body = Buffer.alloc(Math.round(3.2 * MB), 0xff);
    for (let i = 0; i < 3; i++) {
      const { uploadURL } = await requestUploadUrl(t.app, cookie, { size: 1, contentType: 'image/jpeg' });
      const res = await put(uploadURL, body);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'upload_size_mismatch', message: 'The file is larger than the size declared for this upload link. Please start the upload again.' });
    }
    expect(storedFiles(user.id)).toEqual([]);
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => ({ declaredSize: r.declaredSize, usedAt: r.usedAt, completedAt: r.completedAt, byteSize: r.byteSize }))).toEqual(
      Array.from({ length: 3 }, () => ({ declaredSize: 1, usedAt: null, completedAt: null, byteSize: null })),
    );
  });

  it("cuts off a body without Content-Length while it streams in (before the parser's own 30 MB limit would)", async () => {
    const { cookie, user } = await signUp(t.app);
    const { uploadURL } = await requestUploadUrl(t.app, cookie, { size: 1000, contentType: 'image/jpeg' });
    let sent = 0;
    const chunks = Readable.from(
      (function* () {
        for (let i = 0; i < 512; i++) {
          sent += 64 * 1024;
          yield Buffer.alloc(64 * 1024, 0xff);
        }
      })(),
    );
    const res = await put(uploadURL, chunks);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'upload_size_mismatch' });
    // Refused a few chunks past the 1000 bytes: the 32 MB offered were never read, let alone buffered
    // (a check after buffering would have read 30 MB and met Fastify's own limit, payload_too_large).
    expect(sent).toBeLessThan(1 * MB);
    expect(storedFiles(user.id)).toEqual([]);
  });

  it('a Content-Length over the declared size is refused before the body is read; the exact size is stored', async () => {
    const { cookie, user } = await signUp(t.app);
    const bytes = await photo(800, 600);
    const { uploadURL } = await requestUploadUrl(t.app, cookie, { size: bytes.length - 1, contentType: 'image/jpeg' });
    const over = await put(uploadURL, bytes);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'upload_size_mismatch' });
    expect(storedFiles(user.id)).toEqual([]);

    const exact = await requestUploadUrl(t.app, cookie, { size: bytes.length, contentType: 'image/jpeg' });
    expect((await put(exact.uploadURL, bytes)).statusCode).toBe(200);
  });

  it('once uploaded, the quota counts the bytes really stored (image and thumbnail), not the declared size', async () => {
    const { cookie, user } = await signUp(t.app);
    const bytes = await photo(1200, 900);
    const objectPath = await upload(t.app, cookie, bytes);
    const key = objectPath.replace('/objects/', '');
    const storage = t.services.storage as LocalStorage;
    const stored = (await storage.head(key))!.size + (await storage.head(thumbnailKeyOf(key)))!.size;
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ declaredSize: bytes.length, byteSize: stored });
    expect(await unusedUploadBytes(t.database.db, user.id, 'local')).toBe(stored);
  });
});

