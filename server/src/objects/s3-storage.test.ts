import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { createProject, photo, processImage, requestUploadUrl, ScriptedEngine } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import type { S3Storage } from './s3-storage.js';

/** The s3 driver against a local S3-compatible server (s3rver checks expiry, not signatures). */
const BUCKET = 'raumwerk-test';
let dir: string;
let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
let endpoint: string;
let t: TestApp;
let storage: S3Storage;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({
    jobs: true,
    env: { STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    services: { engine: new ScriptedEngine() },
  });
  storage = t.services.storage as S3Storage;
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const key = (userId: string, name: string) => `users/${userId}/projects/00000000-0000-4000-8000-000000000000/${name}`;
const USER = '11111111-1111-4111-8111-111111111111';
const id = (n: number) => `2222222${n}-2222-4222-8222-222222222222`;

describe('S3Storage adapter', () => {
  it('puts, heads, gets, reads, deletes and deletes by prefix', async () => {
    const a = key(USER, `${id(1)}.jpg`);
    const b = key(USER, `${id(2)}.thumb.webp`);
    await storage.put(a, Buffer.from('aaaa'), 'image/jpeg');
    await storage.put(b, Buffer.from('bb'), 'image/webp');
    expect(await storage.head(a)).toMatchObject({ size: 4, contentType: 'image/jpeg', etag: expect.stringMatching(/^".+"$/) });
    expect((await storage.read(b))!.toString()).toBe('bb');
    const got = await storage.get(a);
    const chunks: Buffer[] = [];
    for await (const chunk of got!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('aaaa');
    expect(await storage.get(key(USER, `${id(3)}.jpg`))).toBeNull();
    expect(await storage.delete([a, key(USER, `${id(3)}.jpg`)])).toBe(1);
    expect(await storage.deletePrefix(`users/${USER}/`)).toBe(1);
    expect(await storage.head(b)).toBeNull();
  });

  it('presigns a PUT without checksum parameters (browsers could not satisfy them), valid for its lifetime only', async () => {
    const k = `users/${USER}/uploads/${id(4)}`;
    const url = await storage.uploadUrl({ id: id(4), key: k, expiresAt: new Date(Date.now() + 1000), size: 1234, contentType: 'image/jpeg' });
    expect(url.startsWith(`${endpoint}/${BUCKET}/${k}?`)).toBe(true);
    expect(url).not.toMatch(/checksum/i);
    expect(url).toMatch(/X-Amz-Expires=1\b/);
    await new Promise((r) => setTimeout(r, 2100));
    const late = await fetch(url, { method: 'PUT', body: new Uint8Array(await photo(64, 64)), headers: { 'content-type': 'image/jpeg' } });
    expect(late.status).toBe(403);
  });
});

describe('s3 upload links are bound to the declared size and type', () => {
  it('signs Content-Length and Content-Type (S3 refuses a PUT of another size or type)', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { size: 123456, contentType: 'image/png' } });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().uploadURL);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
  });

  it('the signature covers the declared size itself: the same link for one byte more is signed differently', async () => {
    const upload = { id: id(9), key: key(USER, 'sized.jpg'), expiresAt: new Date(Date.now() + 600_000), contentType: 'image/jpeg' };
    const sign = async (size: number) => new URL(await storage.uploadUrl({ ...upload, size })).searchParams;
    /** Everything but the signature (date and expiry move with the clock). */
    const unsigned = (p: URLSearchParams) => [...p.entries()].filter(([k]) => k !== 'X-Amz-Signature').join('&');
    for (let attempt = 0; attempt < 5; attempt++) {
      const [a, again, bigger] = await Promise.all([sign(1000), sign(1000), sign(1001)]);
      if (unsigned(a) !== unsigned(again) || unsigned(a) !== unsigned(bigger)) continue; // crossed a second
      expect(again.get('X-Amz-Signature')).toBe(a.get('X-Amz-Signature'));
      expect(bigger.get('X-Amz-Signature')).not.toBe(a.get('X-Amz-Signature'));
      return;
    }
    throw new Error('could not sign three links with the same date and expiry');
  });

  it('refuses to hand out a link without the declared size and type', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { projectName: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/size and contentType/) });
  });
});

describe('the upload flow with STORAGE_DRIVER=s3', () => {
  async function putToS3(uploadURL: string, bytes: Buffer, contentType: string) {
    const res = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
    expect(res.status).toBe(200);
  }

  it('browser PUT to the presigned URL, then process-image validates, normalises, stages and serves from S3', async () => {
    const { cookie, user } = await signUp(t.app);
    const { uploadURL, objectPath } = await requestUploadUrl(t.app, cookie);
    expect(uploadURL.startsWith(endpoint)).toBe(true);
    const uploadKey = objectPath.replace('/objects/', '');
    const source = await sharp(await photo(1200, 900)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await putToS3(uploadURL, source, 'image/jpeg');

    const projectId = await createProject(t.app, cookie);
    const res = await processImage(t.app, cookie, { imageURL: objectPath, projectId });
    expect(res.statusCode).toBe(200);
    expect(await storage.head(uploadKey)).toBeNull(); // the raw upload is gone once it became the original

    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const original = detail.images.find((i: { isOriginal: boolean }) => i.isOriginal);
    expect(original).toMatchObject({ width: 900, height: 1200 }); // auto-oriented
    const served = await t.app.inject({ url: `/objects${res.json().processedImagePath}`, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers.etag).toBeTruthy();
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { cookie } });
    expect(deleted.json()).toEqual({ deletedFiles: 2 });
    expect(await storage.deletePrefix(`users/${user.id}/projects/`)).toBe(0);
  });

  it('refuses bad uploads at process-image with a clear 4xx, deletes them and charges nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const cases: Array<[Buffer, string, number]> = [
      [Buffer.from('plain text pretending to be a picture'), 'image/png', 422],
      [Buffer.alloc(31 * 1024 * 1024, 1), 'image/jpeg', 413],
      [(await photo(900, 600)).subarray(0, 4000), 'image/jpeg', 422],
      [await photo(400, 300), 'text/html', 415],
    ];
    for (const [bytes, type, status] of cases) {
      const { uploadURL, objectPath } = await requestUploadUrl(t.app, cookie);
      await putToS3(uploadURL, bytes, type);
      const res = await processImage(t.app, cookie, { imageURL: objectPath, projectId });
      expect(res.statusCode, type).toBe(status);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      expect(await storage.head(objectPath.replace('/objects/', ''))).toBeNull();
    }
    const [u] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.creditsUsed).toBe(0);
    expect(await storage.deletePrefix(`users/${user.id}/projects/`)).toBe(0);
  });

  it('a stored object larger than the size its link was signed for is refused at process-image (413 upload_size_mismatch), deleted, nothing charged', async () => {
    // Real S3 refuses such a PUT (Content-Length is signed, see above); s3rver does not check signatures.
    const { cookie, user } = await signUp(t.app);
    const bytes = await photo(900, 600);
    const { uploadURL, objectPath } = await requestUploadUrl(t.app, cookie, { size: 2000, contentType: 'image/jpeg' });
    await putToS3(uploadURL, bytes, 'image/jpeg');
    const res = await processImage(t.app, cookie, { imageURL: objectPath, projectId: await createProject(t.app, cookie) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'upload_size_mismatch' });
    expect(await storage.head(objectPath.replace('/objects/', ''))).toBeNull();
    const [u] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.creditsUsed).toBe(0);
  });

  it('answers 404 when the browser never uploaded the file', async () => {
    const { cookie } = await signUp(t.app);
    const { objectPath } = await requestUploadUrl(t.app, cookie);
    const res = await processImage(t.app, cookie, { imageURL: objectPath, projectId: await createProject(t.app, cookie) });
    expect(res.statusCode).toBe(404);
  });
});
