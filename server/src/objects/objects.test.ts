import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTokens } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { photo, requestUploadUrl, upload } from '../../test/support/staging-fixtures.js';
import type { LocalStorage } from './local-storage.js';

import { removeAbandonedUploads } from './upload-cleanup-job.js';
import { signUploadToken } from './upload-signature.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTER_LIMIT_PER_HOUR: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

function storedFiles(userId: string): string[] {
  const dir = path.join(t.config.dataDir, 'objects', 'users', userId);
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

describe('upload URLs (local driver)', () => {
  it('hands out a signed URL and an objectPath under the user, and stores a validated, normalised image', async () => {
    const { cookie, user } = await signUp(t.app);
    const { uploadURL, objectPath } = await requestUploadUrl(t.app, cookie);
    expect(objectPath).toMatch(new RegExp(`^/objects/users/${user.id}/uploads/[0-9a-f-]{36}$`));
    expect(uploadURL).toMatch(/^\/api\/objects\/upload\/[0-9a-f-]{36}\.\d+\.[\w-]+$/);

    const res = await t.app.inject({ method: 'PUT', url: uploadURL, payload: await photo(800, 600, 'png'), headers: { 'content-type': 'image/png' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ objectPath, width: 800, height: 600 });
    const [row] = await t.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, user.id));
    expect(row).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 600 });
    expect(row!.completedAt).toBeInstanceOf(Date);
    expect(storedFiles(user.id)).toHaveLength(2); // the image and its thumbnail
  });

  it('accepts an empty body for POST /api/objects/upload and refuses signed-out callers', async () => {
    const { cookie } = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/objects/upload' })).statusCode).toBe(401);
  });

  it('refuses a reused URL with 403', async () => {
    const { cookie } = await signUp(t.app);
    const { uploadURL } = await requestUploadUrl(t.app, cookie);
    const bytes = await photo(400, 300);
    const first = await t.app.inject({ method: 'PUT', url: uploadURL, payload: bytes, headers: { 'content-type': 'image/jpeg' } });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'PUT', url: uploadURL, payload: bytes, headers: { 'content-type': 'image/jpeg' } });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'upload_url_invalid', message: expect.stringMatching(/already used/) });
  });

  it('refuses an expired URL with 403, whether the signature or the row says so', async () => {
    const { cookie } = await signUp(t.app);
    const { uploadURL } = await requestUploadUrl(t.app, cookie);
    const id = uploadURL.split('/').pop()!.split('.')[0]!;
    const storage = t.services.storage as LocalStorage;
    const stale = `/api/objects/upload/${signUploadToken(storage.signingKey, id, new Date(Date.now() - 1000))}`;
    const res = await t.app.inject({ method: 'PUT', url: stale, payload: await photo(400, 300), headers: { 'content-type': 'image/jpeg' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/expired/);

    await t.database.db.update(uploadTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(uploadTokens.id, id));
    const late = await t.app.inject({ method: 'PUT', url: uploadURL, payload: await photo(400, 300), headers: { 'content-type': 'image/jpeg' } });
    expect(late.statusCode).toBe(403);
  });

  it('refuses tampered URLs with 403', async () => {
    const { cookie } = await signUp(t.app);
    const { uploadURL } = await requestUploadUrl(t.app, cookie);
    const [base, token] = [uploadURL.slice(0, uploadURL.lastIndexOf('/') + 1), uploadURL.slice(uploadURL.lastIndexOf('/') + 1)];
    const [id, exp, sig] = token.split('.') as [string, string, string];
    const variants = [
      `${id}.${Number(exp) + 3600}.${sig}`, // longer life
      `${id.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}.${exp}.${sig}`, // another upload
      `${id}.${exp}.${sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `${id}.${exp}`,
      'garbage',
    ];
    for (const v of variants) {
      const res = await t.app.inject({ method: 'PUT', url: base + v, payload: await photo(200, 200), headers: { 'content-type': 'image/jpeg' } });
      expect(res.statusCode, v).toBe(403);
    }
  });
});

describe('bad uploads: a clear 4xx, nothing stored, nothing charged', () => {
  async function truncatedJpeg() {
    const full = await photo(1200, 900);
    return full.subarray(0, Math.floor(full.length * 0.6));
  }
  function pngClaiming(width: number, height: number, png: Buffer) {
    const forged = Buffer.from(png);
    forged.writeUInt32BE(width, 16);
    forged.writeUInt32BE(height, 20);
    return forged;
  }
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#abc"/></svg>');

  const cases: Array<{ name: string; bytes: () => Promise<Buffer>; type: string; status: number; message: RegExp }> = [
    { name: 'text bytes sent as image/png', bytes: async () => Buffer.from('just some text, not an image at all'), type: 'image/png', status: 422, message: /not an image Raumwerk can read.*JPEG, PNG, WebP and HEIC/ },
    { name: 'a 31 MB body', bytes: async () => Buffer.alloc(31 * 1024 * 1024, 7), type: 'image/jpeg', status: 413, message: /30 MB/ },
    { name: 'a truncated JPEG', bytes: truncatedJpeg, type: 'image/jpeg', status: 422, message: /damaged or incomplete/ },
    { name: 'an SVG', bytes: async () => svg, type: 'image/svg+xml', status: 415, message: /JPEG, PNG, WebP and HEIC/ },
    { name: 'an SVG sent as image/png', bytes: async () => svg, type: 'image/png', status: 415, message: /an SVG drawing.*export it as JPEG/ },
    { name: 'a PNG header claiming 30000x30000', bytes: async () => pngClaiming(30000, 30000, await photo(64, 64, 'png')), type: 'image/png', status: 422, message: /dimensions/ },
    { name: 'a wrong content type', bytes: () => photo(400, 300), type: 'text/plain', status: 415, message: /JPEG, PNG, WebP and HEIC/ },
    { name: 'a tiny image', bytes: () => photo(20, 20, 'png'), type: 'image/png', status: 422, message: /dimensions/ },
    { name: 'an empty body', bytes: async () => Buffer.alloc(0), type: 'image/jpeg', status: 422, message: /empty|damaged/ },
  ];

  for (const c of cases) {
    it(`refuses ${c.name}`, async () => {
      const { cookie, user } = await signUp(t.app);
      const { uploadURL } = await requestUploadUrl(t.app, cookie);
      const res = await t.app.inject({ method: 'PUT', url: uploadURL, payload: await c.bytes(), headers: { 'content-type': c.type } });
      expect(res.statusCode).toBe(c.status);
      expect(res.json().message).toMatch(c.message);
      expect(storedFiles(user.id)).toEqual([]);
      const [u] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(u!.creditsUsed).toBe(0);
      // A refused file leaves the URL usable for a proper one.
      const retry = await t.app.inject({ method: 'PUT', url: uploadURL, payload: await photo(400, 300), headers: { 'content-type': 'image/jpeg' } });
      expect(retry.statusCode).toBe(200);
    });
  }
});

describe('normalisation', () => {
  it('auto-orients, strips EXIF (GPS included), caps the long side at 3840 and makes a WebP thumbnail', async () => {
    const { cookie, user } = await signUp(t.app);
    const source = await sharp(await photo(4000, 1000))
      .withExif({ IFD0: { Copyright: 'someone', Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const objectPath = await upload(t.app, cookie, source);
    const key = objectPath.replace('/objects/', '');
    const stored = await t.services.storage.read(key);
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([960, 3840]); // rotated upright, then capped
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored!.includes(Buffer.from('GPS'))).toBe(false);
    const thumb = await sharp((await t.services.storage.read(`${key}.thumb.webp`))!).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 120, 480]); // the upright 960x3840, long side 480
    // The stored size is what the upload row records (staging and the plan limits read it there).
    const [row] = await t.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, user.id));
    expect(row).toMatchObject({ objectKey: key, width: 960, height: 3840 });
  });
});

describe('abandoned uploads', () => {
  it('are removed (files and row) a few hours (UNUSED_UPLOAD_HOURS) after they were handed out', async () => {
    const { cookie, user } = await signUp(t.app);
    await upload(t.app, cookie, await photo(400, 300));
    const fresh = await upload(t.app, cookie, await photo(400, 300));
    expect(storedFiles(user.id)).toHaveLength(4);
    const freshKey = fresh.replace('/objects/', '');
    await t.database.db
      .update(uploadTokens)
      .set({ createdAt: sql`now() - interval '4 hours'`, expiresAt: sql`now() - interval '4 hours' + interval '15 minutes'` })
      .where(sql`${uploadTokens.userId} = ${user.id} AND ${uploadTokens.objectKey} <> ${freshKey}`);
    expect(await removeAbandonedUploads(t.database.db, t.services.storage, pino({ level: 'silent' }), 5)).toBe(0);
    expect(await removeAbandonedUploads(t.database.db, t.services.storage, pino({ level: 'silent' }), 3)).toBe(1);
    expect(storedFiles(user.id)).toHaveLength(2);
    const rows = await t.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, user.id));
    expect(rows.map((r) => r.objectKey)).toEqual([freshKey]);
  });
});

describe('quota for unused uploads', () => {
  it('hands out links while unused uploads stay within UPLOAD_QUOTA_MB, then 409 upload_quota_exceeded until some are used or gone', async () => {
    const { cookie, user } = await signUp(t.app);
    const ask = () => t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { size: 10 * 1024 * 1024, contentType: 'image/jpeg' } });
    // 200 MB by default: twenty open links for 10 MB files.
    for (let i = 0; i < 20; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'upload_quota_exceeded', message: expect.stringMatching(/not used in a project/) });
    // An expired local link that never received a file holds nothing.
    const [open] = await t.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, user.id)).limit(1);
    await t.database.db.update(uploadTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(uploadTokens.id, open!.id));
    expect((await ask()).statusCode).toBe(200);
    // Other users are not affected.
    const other = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: other.cookie }, payload: {} })).statusCode).toBe(200);
  });

  it('60 links for 10 MB files asked for at once: exactly the 20 the quota allows are handed out (issue 36 item 3)', async () => {
    const { cookie, user } = await signUp(t.app);
    const ask = () => t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { size: 10 * 1024 * 1024, contentType: 'image/jpeg' } });
    const answers = await Promise.all(Array.from({ length: 60 }, ask));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().code}`))).toEqual(new Set(['409 upload_quota_exceeded']));
    expect(await t.database.db.$count(uploadTokens, eq(uploadTokens.userId, user.id))).toBe(20);
  });

  it('refuses a declared file over 30 MB or of another type with 400', async () => {
    const { cookie } = await signUp(t.app);
    const big = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { size: 31 * 1024 * 1024, contentType: 'image/jpeg' } });
    expect(big.statusCode).toBe(400);
    const html = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { size: 1000, contentType: 'text/html' } });
    expect(html.statusCode).toBe(400);
    expect(html.json().code).toBe('validation_failed');
  });
});

describe('unverified accounts', () => {
  it('get no upload link: 403 email_not_verified', async () => {
    const { cookie } = await signUp(t.app, { verified: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('email_not_verified');
  });
});
