import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { apiIdempotency } from '../db/schema/public-api.js';
import { workspaces } from '../db/schema/workspaces.js';
import { AppError } from '../errors/app-error.js';
import { insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { fingerprintOf, idempotent, type Answer } from './idempotency.js';
import type { ApiOwner } from './owner.js';

/**
 * idempotency.ts against PostgreSQL, through a Fastify route of its own (the /api/v1 routes use it
 * the same way: v1-rules.test.ts). `work` is whatever the test queues; `runs` counts how often it ran.
 */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
let app: FastifyInstance;
let runs = 0;
let work: () => Promise<Answer> = async () => ({ statusCode: 201, body: { n: runs } });

beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
  app = Fastify();
  app.setErrorHandler((err, _request, reply) =>
    err instanceof AppError ? reply.code(err.statusCode).headers(err.headers).send({ code: err.code, message: err.message }) : reply.code(500).send({ code: 'internal_error' }),
  );
  app.post('/things/:id', async (request, reply) => {
    const owner: ApiOwner = { id: String(request.headers['x-owner']), billingUserId: 'unused' };
    return idempotent(db, owner, request, reply, fingerprintOf(request, JSON.stringify(request.body ?? {})), () => {
      runs += 1;
      return work();
    });
  });
});
afterAll(async () => {
  await app?.close();
  await handle?.drop();
});

async function newOwner(): Promise<string> {
  const userId = await insertUser(db);
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.billingUserId, userId));
  return row!.id;
}

const post = (owner: string, key: string | string[] | undefined, body: object = { a: 1 }, path = '/things/1') =>
  app.inject({ method: 'POST', url: path, headers: { 'x-owner': owner, ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload: body });
const stored = (owner: string) => db.select().from(apiIdempotency).where(eq(apiIdempotency.ownerId, owner));

describe('Idempotency-Key', () => {
  it('without a key every request does the work and nothing is stored', async () => {
    const owner = await newOwner();
    const before = runs;
    const [a, b] = [await post(owner, undefined), await post(owner, undefined)];
    expect([a.statusCode, b.statusCode, runs - before]).toEqual([201, 201, 2]);
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored(owner)).toEqual([]);
  });

  it('the first answer is stored and replayed (same status and body, marked), the work done once', async () => {
    const owner = await newOwner();
    work = async () => ({ statusCode: 202, body: { id: 'render-1' } });
    const before = runs;
    const first = await post(owner, 'order-1');
    const replay = await post(owner, 'order-1');
    expect([first.statusCode, first.json(), first.headers['idempotent-replayed']]).toEqual([202, { id: 'render-1' }, undefined]);
    expect([replay.statusCode, replay.json(), replay.headers['idempotent-replayed']]).toEqual([202, { id: 'render-1' }, 'true']);
    expect(runs - before).toBe(1);
    expect(await stored(owner)).toEqual([expect.objectContaining({ key: 'order-1', statusCode: 202, body: { id: 'render-1' } })]);
  });

  it('a key belongs to its owner: two owners with the same key and body each get their own answer, on replay too', async () => {
    const [a, b] = [await newOwner(), await newOwner()];
    work = async () => ({ statusCode: 201, body: { run: runs } });
    const bFirst = (await post(b, 'shared')).json();
    const aFirst = (await post(a, 'shared')).json();
    expect(aFirst).not.toEqual(bFirst);
    expect([(await post(a, 'shared')).json(), (await post(b, 'shared')).json()]).toEqual([aFirst, bFirst]);
  });

  it('the same key with another body or path is refused with 422 idempotency_conflict, without work', async () => {
    const owner = await newOwner();
    await post(owner, 'k');
    const before = runs;
    for (const other of [post(owner, 'k', { a: 2 }), post(owner, 'k', { a: 1 }, '/things/2')]) {
      const res = await other;
      expect(res.json()).toEqual({ code: 'idempotency_conflict', message: 'This Idempotency-Key was already used for a different request.' });
      expect(res.statusCode).toBe(422);
    }
    expect(runs).toBe(before);
  });

  it('while the first request still works, the same key answers 409 idempotency_in_progress with Retry-After: 1', async () => {
    const owner = await newOwner();
    let finish!: () => void;
    work = () => new Promise((resolve) => (finish = () => resolve({ statusCode: 201, body: { done: true } })));
    const first = post(owner, 'slow');
    await expect.poll(async () => (await stored(owner)).length).toBe(1);
    const second = await post(owner, 'slow');
    expect([second.statusCode, second.json(), second.headers['retry-after']]).toEqual([
      409,
      { code: 'idempotency_in_progress', message: 'A request with this Idempotency-Key is still being processed.' },
      '1',
    ]);
    finish();
    expect((await first).statusCode).toBe(201);
    expect((await post(owner, 'slow')).headers['idempotent-replayed']).toBe('true');
  });

  it('a failed first attempt frees the key: the retry does the work and is stored', async () => {
    const owner = await newOwner();
    work = async () => {
      throw AppError.badRequest('no credits', 'insufficient_credits');
    };
    const failed = await post(owner, 'retry-me');
    expect([failed.statusCode, failed.json().code]).toEqual([400, 'insufficient_credits']);
    expect(await stored(owner)).toEqual([]);
    work = async () => ({ statusCode: 202, body: { ok: 1 } });
    const before = runs;
    expect((await post(owner, 'retry-me')).statusCode).toBe(202);
    expect((await post(owner, 'retry-me')).headers['idempotent-replayed']).toBe('true');
    expect(runs - before).toBe(1);
  });

  it('a key is kept for 24 hours: a day-old key is free again (also for another body), a younger one is not', async () => {
    const owner = await newOwner();
    work = async () => ({ statusCode: 201, body: { v: runs } });
    await post(owner, 'aged');
    await db.update(apiIdempotency).set({ createdAt: sql`now() - interval '23 hours 59 minutes'` }).where(eq(apiIdempotency.ownerId, owner));
    expect((await post(owner, 'aged', { a: 2 })).statusCode).toBe(422);
    await db.update(apiIdempotency).set({ createdAt: sql`now() - interval '24 hours 1 minute'` }).where(eq(apiIdempotency.ownerId, owner));
    const fresh = await post(owner, 'aged', { a: 2 });
    expect([fresh.statusCode, fresh.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect(await stored(owner)).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['a space inside', 'order 1'],
    ['256 characters', 'k'.repeat(256)],
    ['non-ASCII', 'bestellung-ä'],
    ['a control character', 'a\u0001b'],
  ])('refuses a key that is %s with 400 validation_failed, before any work', async (_case, key) => {
    const owner = await newOwner();
    const before = runs;
    const res = await app.inject({ method: 'POST', url: '/things/1', headers: { 'x-owner': owner, 'idempotency-key': key }, payload: {} }).catch(() => null);
    if (res) expect([res.statusCode, res.json()]).toEqual([400, { code: 'validation_failed', message: 'Idempotency-Key: 1 to 255 visible ASCII characters.' }]);
    expect(runs).toBe(before);
    expect(await stored(owner)).toEqual([]);
  });

  it('accepts 1 and 255 visible ASCII characters', async () => {
    const owner = await newOwner();
    work = async () => ({ statusCode: 201, body: {} });
    expect((await post(owner, '!')).statusCode).toBe(201);
    expect((await post(owner, '~'.repeat(255))).statusCode).toBe(201);
    expect((await stored(owner)).map((r) => r.key).sort()).toEqual(['!', '~'.repeat(255)]);
  });
});

describe('fingerprintOf', () => {
  it('is the method, the path without its query, and the body', async () => {
    const seen: string[] = [];
    const probe = Fastify();
    probe.all('/*', async (request) => {
      seen.push(fingerprintOf(request, String(request.body ?? '')));
      return {};
    });
    for (const [method, url, payload] of [
      ['POST', '/a?x=1', 'body'],
      ['POST', '/a?x=2', 'body'],
      ['PUT', '/a', 'body'],
      ['POST', '/b', 'body'],
      ['POST', '/a', 'other'],
    ] as const) {
      await probe.inject({ method, url, payload, headers: { 'content-type': 'text/plain' } });
    }
    await probe.close();
    expect(seen[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(seen[1]).toBe(seen[0]);
    expect(new Set(seen).size).toBe(4);
  });
});
