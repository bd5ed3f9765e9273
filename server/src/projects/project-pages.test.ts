import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../db/schema/projects.js';
import { createProject } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';

/** GET /api/projects?limit=&cursor=: keyset pages (contract/project-pages.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function page(cookie: string, query: string) {
  const res = await t.app.inject({ url: `/api/projects?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; createdAt: string }[]; nextCursor: string | null; total?: number };
}

describe('project list pages', () => {
  it('returns every project exactly once, newest first, while projects are added between page fetches', async () => {
    const { cookie, user } = await signUp(t.app);
    const existing: string[] = [];
    for (let i = 0; i < 9; i++) existing.push(await createProject(t.app, cookie, `Projekt ${i}`));
    // Ten created in the same instant: the id breaks the tie, no row is skipped or repeated.
    const sameInstant = new Date();
    const tied = await t.database.db
      .insert(projects)
      .values(Array.from({ length: 10 }, (_, i) => ({ userId: user.id, title: `Gleichzeitig ${i}`, createdAt: sameInstant })))
      .returning({ id: projects.id });
    existing.push(...tied.map((r) => r.id));
    const stranger = await signUp(t.app);
    await createProject(t.app, stranger.cookie, 'Nicht meins');

    const seen: { id: string; createdAt: string }[] = [];
    let first = await page(cookie, 'limit=4');
    expect(first.total).toBe(19);
    seen.push(...first.items);
    let cursor = first.nextCursor;
    let added = 0;
    // Projects keep arriving while the user scrolls.
    while (cursor) {
      await createProject(t.app, cookie, `Neu ${added++}`);
      const next = await page(cookie, `limit=4&cursor=${encodeURIComponent(cursor)}`);
      expect(next.total).toBeUndefined();
      seen.push(...next.items);
      cursor = next.nextCursor;
    }
    const ids = seen.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...existing].sort());
    const times = seen.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // The newcomers are on a fresh first page, not lost.
    first = await page(cookie, 'limit=24');
    expect(first.items).toHaveLength(19 + added);
    expect(first.nextCursor).toBeNull();
  }, 30_000);

  it('keeps the plain array without limit and cursor, and refuses a forged cursor or a zero limit', async () => {
    const { cookie } = await signUp(t.app);
    await createProject(t.app, cookie, 'Eins');
    const plain = await t.app.inject({ url: '/api/projects', headers: { cookie } });
    expect(Array.isArray(plain.json())).toBe(true);
    const bad = await t.app.inject({ url: '/api/projects?cursor=bm9wZQ', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_request' });
    expect((await t.app.inject({ url: '/api/projects?limit=0', headers: { cookie } })).statusCode).toBe(400);
  });

  it('refuses a NUL byte in the cursor with 400 {message, code}, raw or inside the encoded cursor (issue #22)', async () => {
    const { cookie } = await signUp(t.app);
    await createProject(t.app, cookie, 'Zwei');
    const raw = await t.app.inject({ url: '/api/projects?cursor=%00', headers: { cookie } });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual({ message: expect.stringContaining('cursor'), code: 'validation_failed' });
    // A NUL inside the timestamp once reached PostgreSQL's ::timestamptz and answered 500.
    const forged = Buffer.from(JSON.stringify(['2026-01-01 10:00:00.123456+00\u0000', '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    const inside = await t.app.inject({ url: `/api/projects?limit=4&cursor=${forged}`, headers: { cookie } });
    expect(inside.statusCode).toBe(400);
    expect(inside.json()).toEqual({ message: 'The page cursor is not valid.', code: 'bad_request' });
  });
});
