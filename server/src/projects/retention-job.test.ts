import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages, projects } from '../db/schema/projects.js';
import { createProject, photo, processImage, ScriptedEngine, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { expireProjectImages } from './retention-job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { RETENTION_DAYS: '30' }, services: { engine: new ScriptedEngine([], 'ok') } });
});
afterAll(async () => {
  await t?.close();
});

async function stagedProject(cookie: string) {
  const projectId = await createProject(t.app, cookie, 'Retention');
  const imageURL = await upload(t.app, cookie, await photo(800, 600));
  const res = await processImage(t.app, cookie, { imageURL, projectId });
  expect(res.statusCode).toBe(200);
  return projectId;
}

const files = (filePaths: string[]) => filePaths.map((p) => path.join(t.config.dataDir, 'objects', p));

describe('image retention', () => {
  it('deletes the images of projects completed more than RETENTION_DAYS ago and marks them expired', async () => {
    const { cookie } = await signUp(t.app);
    const old = await stagedProject(cookie);
    const recent = await stagedProject(cookie);
    await t.database.db.update(projects).set({ completedAt: sql`now() - interval '31 days'` }).where(eq(projects.id, old));

    const oldImages = await t.database.db.select().from(projectImages).where(eq(projectImages.projectId, old));
    const oldFiles = files(oldImages.flatMap((i) => [i.filePath, i.thumbnailPath!]));
    expect(oldFiles.every(existsSync)).toBe(true);

    expect(await expireProjectImages(t.database.db, t.services.storage, 30)).toBe(1);

    expect(oldFiles.some(existsSync)).toBe(false);
    const detail = (await t.app.inject({ url: `/api/projects/${old}`, headers: { cookie } })).json();
    expect(detail).toMatchObject({ status: 'completed', imagesExpired: true, images: [] });
    const kept = (await t.app.inject({ url: `/api/projects/${recent}`, headers: { cookie } })).json();
    expect(kept.imagesExpired).toBe(false);
    expect(kept.images).toHaveLength(2);
    const listed = (await t.app.inject({ url: '/api/projects', headers: { cookie } })).json() as { id: string; imagesExpired: boolean; processedImagePath: string | null }[];
    expect(listed.find((p) => p.id === old)).toMatchObject({ imagesExpired: true, processedImagePath: null });

    // A second run finds nothing more to do.
    expect(await expireProjectImages(t.database.db, t.services.storage, 30)).toBe(0);
  });

  it('keeps everything with RETENTION_DAYS=0', async () => {
    const { cookie } = await signUp(t.app);
    const project = await stagedProject(cookie);
    await t.database.db.update(projects).set({ completedAt: sql`now() - interval '400 days'` }).where(eq(projects.id, project));
    expect(await expireProjectImages(t.database.db, t.services.storage, 0)).toBe(0);
    expect(await t.database.db.select().from(projectImages).where(eq(projectImages.projectId, project))).toHaveLength(2);
  });
});
