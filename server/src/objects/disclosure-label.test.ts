import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { labelLanguage } from '../../test/support/label-reading.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, services: { engine: new ScriptedEngine([], 'ok') } });
});
afterAll(async () => {
  await t?.close();
});

/** A pro user's staged project: results without the brand watermark. */
async function stagedPair() {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ subscriptionPlan: 'pro', creditsLimit: 200 }).where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie, 'Altbau Süd');
  const res = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(1600, 1200)), projectId });
  expect(res.statusCode).toBe(200);
  const images = await t.database.db.select().from(projectImages).where(eq(projectImages.projectId, projectId));
  return { cookie, staged: images.find((i) => !i.isOriginal)!, original: images.find((i) => i.isOriginal)! };
}

const download = (cookie: string, path: string, label?: string) =>
  t.app.inject({ url: `/api/objects/download?path=${encodeURIComponent(path)}${label ? `&label=${label}` : ''}`, headers: { cookie } });

describe('download with the "Virtually staged" disclosure label', () => {
  it('labels the bottom-left corner of a staged image and names the file accordingly', async () => {
    const { cookie, staged } = await stagedPair();
    const clean = await download(cookie, staged.filePath);
    const labelled = await download(cookie, staged.filePath, 'en');
    expect(labelled.statusCode).toBe(200);
    expect(labelled.headers['content-type']).toBe('image/jpeg');
    expect(labelled.headers['content-disposition']).toContain('-staged-1-labelled.jpg');

    // Same size; the label region changed, the rest of the picture did not.
    const a = await sharp(clean.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const b = await sharp(labelled.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(b.info.width).toBe(a.info.width);
    expect(b.info.height).toBe(a.info.height);
    const diff = (x0: number, y0: number, w: number, h: number) => {
      let sum = 0;
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) {
        const i = (y * a.info.width + x) * a.info.channels;
        sum += Math.abs(a.data[i]! - b.data[i]!);
      }
      return sum / (w * h);
    };
    const { width, height } = a.info;
    expect(diff(Math.round(width * 0.05), Math.round(height * 0.9), Math.round(width * 0.1), Math.round(height * 0.04))).toBeGreaterThan(20);
    expect(diff(Math.round(width * 0.6), Math.round(height * 0.1), Math.round(width * 0.3), Math.round(height * 0.3))).toBeLessThan(4);
    expect(await labelLanguage(clean.rawPayload, labelled.rawPayload)).toBe('en');
  });

  it('prints the label in the language asked for (de: "Virtuell eingerichtet")', async () => {
    const { cookie, staged } = await stagedPair();
    const clean = (await download(cookie, staged.filePath)).rawPayload;
    const german = await download(cookie, staged.filePath, 'de');
    expect(german.statusCode).toBe(200);
    expect(await labelLanguage(clean, german.rawPayload)).toBe('de');
    expect(await labelLanguage(clean, (await download(cookie, staged.filePath, 'en')).rawPayload)).toBe('en');
  });

  it('refuses the label on originals and thumbnails, and rejects unknown label languages', async () => {
    const { cookie, original, staged } = await stagedPair();
    expect((await download(cookie, original.filePath, 'de')).statusCode).toBe(400);
    expect((await download(cookie, staged.thumbnailPath!, 'de')).statusCode).toBe(400);
    const bad = await download(cookie, staged.filePath, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it("does not label another user's image (404)", async () => {
    const { staged } = await stagedPair();
    const { cookie: other } = await signUp(t.app);
    expect((await download(other, staged.filePath, 'en')).statusCode).toBe(404);
  });
});
