import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages, projects } from '../db/schema/projects.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { expireProjectImages } from './retention-job.js';

/**
 * The list's cover lives on the projects row, kept by a trigger on project_images (decision 012).
 * Each step compares GET /api/projects with the cover computed from the images themselves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { RETENTION_DAYS: '30' }, services: { engine: new ScriptedEngine([], 'ok') } });
});
afterAll(async () => {
  await t?.close();
});

type Cover = { originalImagePath: string | null; originalThumbnailPath: string | null; processedImagePath: string | null; processedThumbnailPath: string | null };

/** The first original (upload order) that has a staged image, else the first original (decision 051), and its latest staged image, read from project_images. */
async function coverFromImages(projectId: string): Promise<Cover> {
  const { rows } = await t.database.db.execute<Cover>(sql`
    SELECT o.file_path AS "originalImagePath", o.thumbnail_path AS "originalThumbnailPath",
           s.file_path AS "processedImagePath", s.thumbnail_path AS "processedThumbnailPath"
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT p.id, p.file_path, p.thumbnail_path FROM project_images p
                       WHERE p.project_id = ${projectId} AND p.is_original
                       ORDER BY EXISTS (SELECT 1 FROM project_images r WHERE r.original_image_id = p.id AND NOT r.is_original) DESC, p.created_at, p.id LIMIT 1) o ON true
    LEFT JOIN LATERAL (SELECT file_path, thumbnail_path FROM project_images
                       WHERE original_image_id = o.id AND NOT is_original ORDER BY created_at DESC, id DESC LIMIT 1) s ON true`);
  return rows[0]!;
}

async function listed(cookie: string, projectId: string): Promise<Cover> {
  const list = (await t.app.inject({ url: '/api/projects', headers: { cookie } })).json() as (Cover & { id: string })[];
  const { originalImagePath, originalThumbnailPath, processedImagePath, processedThumbnailPath } = list.find((p) => p.id === projectId)!;
  return { originalImagePath, originalThumbnailPath, processedImagePath, processedThumbnailPath };
}

async function expectCover(cookie: string, projectId: string): Promise<Cover> {
  const cover = await listed(cookie, projectId);
  expect(cover).toEqual(await coverFromImages(projectId));
  return cover;
}

const imagesOf = (projectId: string) => t.database.db.select().from(projectImages).where(eq(projectImages.projectId, projectId));

describe('the project cover', () => {
  it('follows uploads, re-staging, deleted images and the retention job', async () => {
    const { cookie } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie, 'Cover');
    expect(await expectCover(cookie, projectId)).toEqual({ originalImagePath: null, originalThumbnailPath: null, processedImagePath: null, processedThumbnailPath: null });

    // First upload, staged: the cover shows it.
    const first = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
    expect(first.statusCode).toBe(200);
    const staged = await expectCover(cookie, projectId);
    expect(staged.processedImagePath).toBe(first.json().processedImagePath);
    expect(staged.originalImagePath).not.toBeNull();

    // A second upload does not replace the first original.
    const second = await processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, await photo(640, 480)), projectId });
    expect(second.statusCode).toBe(200);
    expect(await expectCover(cookie, projectId)).toEqual(staged);

    // Re-staging the first original: a newer staged image of the same original.
    const again = await processImage(t.app, cookie, { imageURL: `/objects${staged.originalImagePath}`, projectId, isRegeneration: true });
    expect(again.statusCode).toBe(200);
    const restaged = await expectCover(cookie, projectId);
    expect(restaged).toEqual({ ...staged, processedImagePath: again.json().processedImagePath, processedThumbnailPath: expect.any(String) });
    expect(restaged.processedImagePath).not.toBe(staged.processedImagePath);

    // Its staged image deleted: the cover is a photo that still has a staged image (decision 051), the second one.
    await t.database.db.delete(projectImages).where(eq(projectImages.filePath, restaged.processedImagePath!));
    const withoutFirstResult = await expectCover(cookie, projectId);
    expect(withoutFirstResult.originalImagePath).not.toBe(staged.originalImagePath);
    expect(withoutFirstResult.processedImagePath).toEqual(expect.any(String));

    // The first original deleted: the second one and its staged image take over.
    await t.database.db.delete(projectImages).where(eq(projectImages.filePath, staged.originalImagePath!));
    const next = await expectCover(cookie, projectId);
    expect(next.originalImagePath).not.toBe(staged.originalImagePath);
    expect(next.processedImagePath).toBe(second.json().processedImagePath);

    // The retention job deletes the images: no cover, like a project without images.
    await t.database.db.update(projects).set({ completedAt: sql`now() - interval '31 days'` }).where(eq(projects.id, projectId));
    expect(await expireProjectImages(t.database.db, t.services.storage, 30)).toBe(1);
    expect(await imagesOf(projectId)).toHaveLength(0);
    expect(await expectCover(cookie, projectId)).toEqual({ originalImagePath: null, originalThumbnailPath: null, processedImagePath: null, processedThumbnailPath: null });
  });

  it('follows changed image rows and stays right when two transactions add originals at once', async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie, 'Concurrent');
    const base = Date.parse('2026-03-01T10:00:00Z');
    const original = (name: string, seconds: number) => ({
      id: crypto.randomUUID(),
      projectId,
      userId: user.id,
      filePath: `/users/${user.id}/projects/${projectId}/${name}.jpg`,
      thumbnailPath: `/users/${user.id}/projects/${projectId}/${name}.thumb.webp`,
      isOriginal: true,
      mimeType: 'image/jpeg',
      createdAt: new Date(base + seconds * 1000),
    });
    const early = original('early', 0);
    const late = original('late', 10);

    // The earlier original's transaction holds on until the later one has inserted: the later one's
    // trigger must not compute from a snapshot without the earlier image and write last.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const earlyInserted = new Promise<void>((resolve) => (inserted = resolve));
    const first = t.database.db.transaction(async (tx) => {
      await tx.insert(projectImages).values(early);
      inserted();
      await held;
    });
    await earlyInserted;
    const second = t.database.db.insert(projectImages).values(late);
    await new Promise((r) => setTimeout(r, 200));
    release();
    await Promise.all([first, second]);
    expect((await expectCover(cookie, projectId)).originalImagePath).toBe(early.filePath);

    // An image row changed in place (e.g. a thumbnail path rewritten) shows in the cover.
    await t.database.db.update(projectImages).set({ thumbnailPath: `/users/${user.id}/projects/${projectId}/early-2.thumb.webp` }).where(eq(projectImages.id, early.id));
    expect((await expectCover(cookie, projectId)).originalThumbnailPath).toBe(`/users/${user.id}/projects/${projectId}/early-2.thumb.webp`);
    await t.database.db.update(projectImages).set({ createdAt: new Date(base + 20_000) }).where(eq(projectImages.id, early.id));
    expect((await expectCover(cookie, projectId)).originalImagePath).toBe(late.filePath);
  });
});
