import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareLinks } from '../db/schema/share-links.js';
import type { Database } from '../db/client.js';
import { insertProject, insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { ensureLink, linkOfProject, projectOfToken, revokeLink, shareUrl } from './share-links.js';

/** share-links.ts against PostgreSQL, function by function (the routes are in sharing.test.ts). */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
});
afterAll(async () => {
  await handle?.drop();
});

/** A database that fails the test if it is asked anything. */
const untouchable = new Proxy({} as Database, {
  get(_target, property) {
    throw new Error(`a malformed token must not reach the database (db.${String(property)})`);
  },
});

describe('share links', () => {
  it('the public address is the origin, /s/ and the token', () => {
    expect(shareUrl('https://raumwerk.example', 'abc')).toBe('https://raumwerk.example/s/abc');
  });

  it('one 43-character base64url token per project: created once, the same on every later call, revoked once', async () => {
    const owner = await insertUser(db);
    const project = await insertProject(db, owner);
    expect(await linkOfProject(db, project)).toBeNull();

    const { token, publicTitle } = await ensureLink(db, owner, project);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(publicTitle).toBeNull();
    expect(await ensureLink(db, owner, project)).toEqual({ token, publicTitle: null, imageIds: null });
    expect(await linkOfProject(db, project)).toBe(token);
    const rows = await db.select().from(shareLinks).where(eq(shareLinks.projectId, project));
    expect(rows.map((r) => ({ userId: r.userId, token: r.token }))).toEqual([{ userId: owner, token }]);
    expect((await projectOfToken(db, token))?.id).toBe(project);

    expect(await revokeLink(db, project)).toBe(true);
    expect(await linkOfProject(db, project)).toBeNull();
    expect(await projectOfToken(db, token)).toBeNull();
    expect(await revokeLink(db, project)).toBe(false);

    const { token: next } = await ensureLink(db, owner, project);
    expect(next).not.toBe(token);
    expect((await projectOfToken(db, next))?.id).toBe(project);
  });

  it('two concurrent requests for a link agree on one token', async () => {
    const owner = await insertUser(db);
    const project = await insertProject(db, owner);
    const [a, b] = await Promise.all([ensureLink(db, owner, project), ensureLink(db, owner, project)]);
    expect(a.token).toBe(b.token);
  });

  it('a public title is stored with the link and changed by sharing again with another; none keeps it', async () => {
    const owner = await insertUser(db);
    const project = await insertProject(db, owner);
    const first = await ensureLink(db, owner, project, { publicTitle: 'Altbauwohnung Prenzlauer Berg' });
    expect(first.publicTitle).toBe('Altbauwohnung Prenzlauer Berg');
    const renamed = await ensureLink(db, owner, project, { publicTitle: 'Dachgeschoss mit Blick' });
    expect(renamed).toEqual({ token: first.token, publicTitle: 'Dachgeschoss mit Blick', imageIds: null });
    expect(await ensureLink(db, owner, project)).toEqual(renamed);
    expect((await projectOfToken(db, first.token))?.publicTitle).toBe('Dachgeschoss mit Blick');
  });

  it("another project's token never opens this project; a well-formed unknown token is not found", async () => {
    const owner = await insertUser(db);
    const first = await insertProject(db, owner);
    const second = await insertProject(db, owner);
    const { token: firstToken } = await ensureLink(db, owner, first);
    const { token: secondToken } = await ensureLink(db, owner, second);
    expect((await projectOfToken(db, firstToken))?.id).toBe(first);
    expect((await projectOfToken(db, secondToken))?.id).toBe(second);
    expect(await projectOfToken(db, 'A'.repeat(43))).toBeNull();
  });

  it('a malformed token is not found without asking the database', async () => {
    const owner = await insertUser(db);
    const { token } = await ensureLink(db, owner, await insertProject(db, owner));
    for (const bad of ['', token.slice(1), `${token}A`, `x${token}`, `${token.slice(0, 42)}=`, `${token.slice(0, 42)}/`, `${token.slice(0, 21)}.${token.slice(22)}`]) {
      expect(await projectOfToken(untouchable, bad)).toBeNull();
    }
  });
});
