import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, businessUser, multipartPhoto } from '../../test/support/api-client.js';
import { createProject, photo, processImage, requestUploadUrl, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { renderSampleRoom } from './engines/sample-room.js';
import type { ObjectStorage } from '../objects/storage.js';

/**
 * Issue 39: photos as phones take them. Real HEIC files made by a real HEVC encoder
 * (server/test/support/fixtures/heic/README.md), through the app as the web and the API send them,
 * decoded in the image threads (services.ts wires them), staged by the offline engine.
 */
const fixture = (name: string) => readFileSync(new URL(`../../test/support/fixtures/heic/${name}`, import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { REGISTER_LIMIT_PER_HOUR: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

async function stored(objectPath: string): Promise<Buffer> {
  const bytes = await (t.services.storage as ObjectStorage).read(objectPath.replace(/^\/objects\//, ''));
  if (!bytes) throw new Error(`nothing stored at ${objectPath}`);
  return bytes;
}

/** Mean absolute difference of two images' 48×64 greyscale versions (0–255). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (image: Buffer) => sharp(image).resize(48, 64, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  return x.reduce((sum, v, i) => sum + Math.abs(v - y[i]!), 0) / x.length;
}

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

describe('HEIC/HEIF photos', () => {
  it('stages an iPhone-style portrait HEIC (landscape pixels, EXIF orientation 6) upright and delivers a JPEG', async () => {
    const { cookie } = await signUp(t.app);
    const heic = fixture('portrait-exif6.heic');
    const upright = await renderSampleRoom(3, 600, 800); // what the fixture shows, drawn again

    const objectPath = await upload(t.app, cookie, heic, 'image/heic');
    const original = await stored(objectPath);
    expect(await sharp(original).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
    // Upright, not merely portrait: the stored photo is the room as drawn, not turned either way.
    const asDrawn = await difference(original, upright);
    expect(asDrawn).toBeLessThan(12);
    expect(asDrawn * 3).toBeLessThan(await difference(original, await sharp(upright).rotate(180).toBuffer()));

    const projectId = await createProject(t.app, cookie);
    const res = await processImage(t.app, cookie, { imageURL: objectPath, projectId, styleName: 'Scandinavian' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const staged = detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal);
    const delivered = await t.app.inject({ url: `/objects${staged.filePath}`, headers: { cookie } });
    expect(delivered.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(delivered.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width!).toBeLessThan(meta.height!);
    // Furniture was added, the room around it is the upright one.
    expect(await difference(delivered.rawPayload, upright)).toBeLessThan(await difference(delivered.rawPayload, await sharp(upright).rotate(180).toBuffer()));
  }, 120_000);

  it('converts a Display P3 photo to sRGB: the colour the encoder was given comes back', async () => {
    const { cookie } = await signUp(t.app);
    const objectPath = await upload(t.app, cookie, fixture('display-p3.heic'), 'image/heic');
    const [r, g, b] = await pixel(await stored(objectPath), 128, 96);
    // The source was sRGB (30, 170, 60) converted into P3; read without its profile the values are P3's.
    const p3 = await pixel(await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 30, g: 170, b: 60 } } }).withIccProfile('p3').raw().toBuffer().then((raw) => sharp(raw, { raw: { width: 4, height: 4, channels: 3 } }).png().toBuffer()), 1, 1);
    expect(Math.abs(p3[0]! - 30) + Math.abs(p3[1]! - 170) + Math.abs(p3[2]! - 60)).toBeGreaterThan(30);
    expect(Math.abs(r! - 30) + Math.abs(g! - 170) + Math.abs(b! - 60)).toBeLessThanOrEqual(8);
  });

  it('takes the primary image of a file with several', async () => {
    const { cookie } = await signUp(t.app);
    const objectPath = await upload(t.app, cookie, fixture('two-images.heic'), 'application/octet-stream');
    const original = await stored(objectPath);
    expect(await sharp(original).metadata()).toMatchObject({ width: 320, height: 240 });
    const [r, g, b] = await pixel(original, 160, 120);
    expect(Math.abs(r! - 40) + Math.abs(g! - 90) + Math.abs(b! - 200)).toBeLessThanOrEqual(12);
  });

  it('refuses a damaged HEIC with what it is and how to send it, while the JPEG and PNG beside it stage', async () => {
    const { cookie } = await signUp(t.app);
    const heic = fixture('portrait-exif6.heic');
    const damaged = heic.subarray(0, Math.floor(heic.length * 0.6));
    const put = async (bytes: Buffer, contentType: string) => {
      const { uploadURL, objectPath } = await requestUploadUrl(t.app, cookie, { size: bytes.length, contentType });
      return { objectPath, res: await t.app.inject({ method: 'PUT', url: uploadURL, payload: bytes, headers: { 'content-type': contentType } }) };
    };
    const [bad, jpeg, png] = await Promise.all([
      put(damaged, 'image/heic'),
      put(await renderSampleRoom(1, 800, 600), 'image/jpeg'),
      put(await sharp(await renderSampleRoom(2, 800, 600)).png().toBuffer(), 'image/png'),
    ]);
    expect(bad.res.statusCode).toBe(422);
    expect(bad.res.json()).toEqual({ code: 'heic_unreadable', message: expect.stringMatching(/HEIC.*could not be read.*JPEG/s) });
    expect([jpeg.res.statusCode, png.res.statusCode]).toEqual([200, 200]);

    const projectId = await createProject(t.app, cookie);
    for (const good of [jpeg, png]) {
      const res = await processImage(t.app, cookie, { imageURL: good.objectPath, projectId, styleName: 'Scandinavian' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const detail = (await t.app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail.images.filter((i: { isOriginal: boolean }) => !i.isOriginal)).toHaveLength(2);
  }, 120_000);

  it('names another format and says how to send it', async () => {
    const { cookie } = await signUp(t.app);
    const tiff = await sharp(await photo(200, 150)).tiff().toBuffer();
    const { uploadURL } = await requestUploadUrl(t.app, cookie, { size: tiff.length, contentType: 'image/jpeg' });
    const res = await t.app.inject({ method: 'PUT', url: uploadURL, payload: tiff, headers: { 'content-type': 'image/jpeg' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'unsupported_media_type', message: expect.stringMatching(/TIFF.*export it as JPEG/s) });
  });

  it('accepts HEIC through the public API photo upload, and names a damaged one there too', async () => {
    const caller = await businessUser(t.app);
    const heic = fixture('portrait-exif6.heic');
    const send = (bytes: Buffer) => {
      const body = multipartPhoto(bytes, 'image/heic', 'IMG_0001.HEIC');
      return t.app.inject({ method: 'POST', url: '/api/v1/photos', headers: { ...bearer(caller.key), ...body.headers }, payload: body.payload });
    };
    const ok = await send(heic);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ width: 600, height: 800 });
    const damaged = await send(heic.subarray(0, 4000));
    expect([damaged.statusCode, damaged.json().code]).toEqual([422, 'heic_unreadable']);
  });
});

describe('large phone photos', () => {
  it('accepts a 48 MP JPEG and stores it at the stored size without decoding it whole', async () => {
    const { cookie } = await signUp(t.app);
    // 8000×6000 as a 48 MP main camera takes it: a room with grain (a flat image would be tiny).
    const room = await renderSampleRoom(2, 1000, 750);
    const big = await sharp(room).resize(8000, 6000, { kernel: 'nearest' }).jpeg({ quality: 85 }).toBuffer();
    expect(big.length).toBeGreaterThan(500_000);
    const before = process.memoryUsage().rss;
    let peak = before;
    const probe = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const objectPath = await upload(t.app, cookie, big, 'image/jpeg').finally(() => clearInterval(probe));
    const meta = await sharp(await stored(objectPath)).metadata();
    expect([meta.width, meta.height]).toEqual([3840, 2880]);
    // The whole decoded frame would be 8000×6000×3 = 144 MB; shrink-on-load decodes a quarter of it.
    expect(peak - before).toBeLessThan(8000 * 6000 * 3);
  });
});
