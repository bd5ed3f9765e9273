import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectImages, projects } from '../db/schema/projects.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RETENTION_DAYS: '30' } });
});
afterAll(async () => {
  await t?.close();
});

const create = (cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: payload as object });

describe('POST /api/projects', () => {
  it('creates a project with a trimmed title and answers {id}', async () => {
    const { cookie } = await signUp(t.app);
    const res = await create(cookie, { title: '  Altbau Nord  ', category: 'virtual_staging' });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['id']);
    const detail = (await t.app.inject({ url: `/api/projects/${res.json().id}`, headers: { cookie } })).json();
    expect(detail).toMatchObject({ title: 'Altbau Nord', category: 'virtual_staging', status: 'processing', styleName: null, images: [], imagesExpireAt: null, imagesExpired: false });
  });

  it('validates title (1–120 characters after trimming) and category with a readable 400', async () => {
    const { cookie } = await signUp(t.app);
    for (const payload of [{ title: '   ' }, { title: 'x'.repeat(121) }, { title: 'ok', category: 'teleportation' }, {}]) {
      const res = await create(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await create(cookie, { title: 'x'.repeat(120) })).statusCode).toBe(201);
    expect((await create(cookie, { title: 'Default category' })).statusCode).toBe(201);
  });

  it('limits new projects per user and hour: 20 for an unconfirmed account, 200 for a confirmed one, then 429 rate_limited (issue #22)', async () => {
    const create = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Flut' } });
    const unconfirmed = await signUp(t.app, { verified: false });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await create(unconfirmed.cookie)).statusCode);
    expect(statuses).toEqual([...Array<number>(20).fill(201), 429]);
    const refused = await create(unconfirmed.cookie);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM projects WHERE user_id = ${unconfirmed.user.id}`)).rows as [{ n: number }];
    expect(n).toBe(20);

    // A confirmed account: 200 an hour (the first 199 counted directly), then 429; another user is not affected.
    const confirmed = await signUp(t.app);
    expect((await create(confirmed.cookie)).statusCode).toBe(201);
    await t.database.db.execute(sql`UPDATE rate_limits SET hits = 199 WHERE key = ${`project-create:user:${confirmed.user.id}`}`);
    expect((await create(confirmed.cookie)).statusCode).toBe(201);
    expect((await create(confirmed.cookie)).statusCode).toBe(429);
    expect((await create((await signUp(t.app)).cookie)).statusCode).toBe(201);
  });

  it('requires a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/projects', payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/projects' })).statusCode).toBe(401);
  });
});

describe('GET /api/projects', () => {
  it('lists own projects only, newest first, with empty image paths before anything is staged', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const first = (await create(a.cookie, { title: 'First' })).json().id;
    const second = (await create(a.cookie, { title: 'Second' })).json().id;
    await create(b.cookie, { title: 'Not yours' });
    await t.database.db.update(projects).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(projects.id, first));
    const list = (await t.app.inject({ url: '/api/projects', headers: { cookie: a.cookie } })).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([second, first]);
    expect(list[0]).toEqual({
      id: second,
      title: 'Second',
      category: 'virtual_staging',
      status: 'processing',
      createdAt: expect.any(String),
      originalImagePath: null,
      processedImagePath: null,
      originalThumbnailPath: null,
      processedThumbnailPath: null,
      processedEngine: null,
      imagesExpireAt: null,
      imagesExpired: false,
      counts: { photos: 0, staged: 0 },
    });
  });

  it('shows the first original (upload order) and its latest staged image, not another original\'s', async () => {
    const { cookie, user } = await signUp(t.app);
    const id = (await create(cookie, { title: 'Three rooms' })).json().id;
    const base = Date.parse('2026-03-01T10:00:00Z');
    const image = (name: string, seconds: number, originalImageId: string | null = null) => ({
      id: crypto.randomUUID(),
      projectId: id,
      userId: user.id,
      filePath: `/users/${user.id}/projects/${id}/${name}.jpg`,
      thumbnailPath: `/users/${user.id}/projects/${id}/${name}.thumb.webp`,
      isOriginal: originalImageId === null,
      mimeType: 'image/jpeg',
      originalImageId,
      createdAt: new Date(base + seconds * 1000),
    });
    const first = image('first', 0);
    const second = image('second', 10);
    await t.database.db.insert(projectImages).values([second, first]);
    await t.database.db.insert(projectImages).values([image('second-staged', 20, second.id), image('first-staged-old', 30, first.id), image('first-staged-new', 40, first.id)]);
    const [item] = (await t.app.inject({ url: '/api/projects', headers: { cookie } })).json();
    expect(item).toMatchObject({
      originalImagePath: first.filePath,
      originalThumbnailPath: first.thumbnailPath,
      processedImagePath: `/users/${user.id}/projects/${id}/first-staged-new.jpg`,
      processedThumbnailPath: `/users/${user.id}/projects/${id}/first-staged-new.thumb.webp`,
    });
  });

  it('reports when images expire (completedAt + RETENTION_DAYS) and when they have expired', async () => {
    const { cookie } = await signUp(t.app);
    const id = (await create(cookie, { title: 'Done' })).json().id;
    const completedAt = new Date('2026-01-10T12:00:00Z');
    await t.database.db.update(projects).set({ status: 'completed', completedAt }).where(eq(projects.id, id));
    const [item] = (await t.app.inject({ url: '/api/projects', headers: { cookie } })).json();
    expect(item).toMatchObject({ imagesExpireAt: '2026-02-09T12:00:00.000Z', imagesExpired: false });
    await t.database.db.update(projects).set({ imagesExpiredAt: new Date('2026-02-09T12:05:00Z') }).where(eq(projects.id, id));
    const detail = (await t.app.inject({ url: `/api/projects/${id}`, headers: { cookie } })).json();
    expect(detail).toMatchObject({ imagesExpired: true, imagesExpireAt: '2026-02-09T12:05:00.000Z' });
  });
});

describe('GET and DELETE /api/projects/:id', () => {
  it('answers 404 for unknown, malformed and foreign ids alike', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = (await create(owner.cookie, { title: 'Mine' })).json().id;
    for (const path of [`/api/projects/${id}`, '/api/projects/00000000-0000-4000-8000-000000000000', '/api/projects/not-a-uuid', "/api/projects/1'%20OR%201=1"]) {
      const res = await t.app.inject({ url: path, headers: { cookie: other.cookie } });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Project not found' });
      expect((await t.app.inject({ method: 'DELETE', url: path, headers: { cookie: other.cookie } })).statusCode, path).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/projects/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });

  it('deletes an empty project with deletedFiles 0', async () => {
    const { cookie } = await signUp(t.app);
    const id = (await create(cookie, { title: 'Empty' })).json().id;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/projects/${id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedFiles: 0 });
    expect((await t.app.inject({ url: `/api/projects/${id}`, headers: { cookie } })).statusCode).toBe(404);
  });
});
