import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTokens } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { bearer, businessUser, createKey, multipartPhoto, uploadPhoto, type ApiUser } from '../../test/support/api-client.js';
import { photo } from '../../test/support/staging-fixtures.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';

/**
 * The rules every /api/v1 endpoint follows (keys, scopes, owners, limits, idempotency) and the
 * SSRF rules of photo URLs. Staging jobs are queued but not worked here, so renders stay queued.
 */
const RATE = 40;
let t: TestApp;
let hostile: http.Server;
let hostilePort = 0;
let photoBytes: Buffer;

beforeAll(async () => {
  photoBytes = await photo(800, 600);
  // A server the operator allowed (API_OUTBOUND_ALLOW) that misbehaves in every way a URL can.
  hostile = http.createServer((req, res) => {
    if (req.url === '/redirect-loopback') return res.writeHead(302, { location: 'http://127.0.0.1:9/x.jpg' }).end();
    if (req.url === '/redirect-private') return res.writeHead(301, { location: 'https://10.1.2.3/x.jpg' }).end();
    if (req.url === '/redirect-metadata') return res.writeHead(307, { location: 'https://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(31 * 1024 * 1024) }).end();
    if (req.url === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 31; i++) res.write(chunk);
      return res.end();
    }
    if (req.url === '/slow') return; // never answers
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (req.url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photoBytes);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  hostilePort = (hostile.address() as AddressInfo).port;
  t = await createTestApp({
    jobs: 'send-only',
    env: {
      API_RATE_LIMIT_PER_MIN: String(RATE),
      API_CONCURRENT_RENDERS: '2',
      API_OUTBOUND_ALLOW: `127.0.0.1:${hostilePort}`,
      API_OUTBOUND_TIMEOUT_MS: '2000',
      REGISTER_LIMIT_PER_HOUR: '1000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  hostile.closeAllConnections();
  await new Promise((resolve) => hostile.close(resolve));
});

const render = (caller: ApiUser, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/renders', headers: bearer(caller.key, headers), payload });

async function creditsUsed(userId: string) {
  const [row] = await t.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, userId));
  return row!.used;
}

describe('every endpoint: valid key, revoked key, wrong scope, another owner', () => {
  it('answers as documented', async () => {
    const owner = await businessUser(t.app);
    const photoId = await uploadPhoto(t.app, owner.key, photoBytes);
    const created = await render(owner, { photoId });
    expect(created.statusCode).toBe(202);
    const renderId = created.json().id;

    const readOnly = await createKey(t.app, owner.cookie, ['read'], 'read only');
    const stageOnly = await createKey(t.app, owner.cookie, ['stage'], 'stage only');
    const revoked = await createKey(t.app, owner.cookie, ['stage', 'read'], 'old');
    await t.app.inject({ method: 'POST', url: `/api/settings/api/keys/${revoked.keyId}/revoke`, headers: { cookie: owner.cookie } });
    const stranger = await businessUser(t.app);
    const upload = multipartPhoto(photoBytes);

    const endpoints: Array<{ scope: 'stage' | 'read'; request: InjectOptions; ok: number; foreign?: number }> = [
      { scope: 'stage', request: { method: 'POST', url: '/api/v1/photos', headers: upload.headers, payload: upload.payload }, ok: 201 },
      { scope: 'stage', request: { method: 'POST', url: '/api/v1/photos/from-url', payload: { url: `http://127.0.0.1:${hostilePort}/photo.jpg` } }, ok: 201 },
      { scope: 'stage', request: { method: 'POST', url: '/api/v1/renders', payload: { photoId, variations: 1 } }, ok: 409, foreign: 404 },
      { scope: 'read', request: { method: 'GET', url: '/api/v1/renders' }, ok: 200 },
      { scope: 'read', request: { method: 'GET', url: `/api/v1/renders/${renderId}` }, ok: 200, foreign: 404 },
      { scope: 'read', request: { method: 'GET', url: `/api/v1/renders/${renderId}/results/1` }, ok: 404, foreign: 404 },
      { scope: 'read', request: { method: 'GET', url: '/api/v1/account' }, ok: 200 },
      { scope: 'stage', request: { method: 'POST', url: `/api/v1/renders/${renderId}/cancel` }, ok: 200, foreign: 404 },
    ];
    for (const { scope, request, ok, foreign } of endpoints) {
      const as = async (key: string) => t.app.inject({ ...request, headers: { ...(request.headers as object), ...bearer(key) } } as InjectOptions);
      const label = `${request.method} ${request.url}`;
      expect([label, (await as(revoked.key)).statusCode]).toEqual([label, 401]);
      const wrongScope = await as(scope === 'stage' ? readOnly.key : stageOnly.key);
      expect([label, wrongScope.statusCode, wrongScope.json().code]).toEqual([label, 403, 'insufficient_scope']);
      if (foreign) {
        const other = await as(stranger.key);
        expect([label, other.statusCode, other.json().code]).toEqual([label, foreign, 'not_found']);
      }
      expect([label, (await as(scope === 'stage' ? stageOnly.key : readOnly.key)).statusCode]).toEqual([label, ok]);
    }
    // The stranger's attempts charged nobody; the owner's one render was cancelled and refunded.
    expect([await creditsUsed(owner.userId), await creditsUsed(stranger.userId)]).toEqual([0, 0]);
  });
});

describe('limits', () => {
  it(`a key's ${RATE + 1}st request within a minute answers 429 with Retry-After`, async () => {
    const caller = await businessUser(t.app);
    for (let i = 0; i < RATE; i++) expect((await t.app.inject({ url: '/api/v1/account', headers: bearer(caller.key) })).statusCode).toBe(200);
    const limited = await t.app.inject({ url: '/api/v1/account', headers: bearer(caller.key) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same account has its own budget.
    const second = await createKey(t.app, caller.cookie, ['read'], 'second');
    expect((await t.app.inject({ url: '/api/v1/account', headers: bearer(second.key) })).statusCode).toBe(200);
  });

  it('a third queued render answers 429 concurrency_limit; cancelling one refunds it and frees a slot', async () => {
    const caller = await businessUser(t.app);
    const photos = [];
    for (let i = 0; i < 3; i++) photos.push(await uploadPhoto(t.app, caller.key, photoBytes));
    const a = (await render(caller, { photoId: photos[0] })).json();
    const b = await render(caller, { photoId: photos[1], variations: 2 });
    expect(b.statusCode).toBe(202);
    expect(await creditsUsed(caller.userId)).toBe(3);
    const third = await render(caller, { photoId: photos[2] });
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('concurrency_limit');
    expect(third.headers['retry-after']).toBe('10');
    const account = (await t.app.inject({ url: '/api/v1/account', headers: bearer(caller.key) })).json();
    expect(account).toEqual({ plan: 'business', credits: { used: 3, limit: 1000, remaining: 997, packs: 0 }, concurrency: { limit: 2, running: 2 }, rateLimit: { requestsPerMinute: RATE } });

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/renders/${a.id}/cancel`, headers: bearer(caller.key) });
    expect(cancelled.json()).toMatchObject({ id: a.id, status: 'cancelled', error: { code: 'render_cancelled' } });
    expect(await creditsUsed(caller.userId)).toBe(2);
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/renders/${a.id}/cancel`, headers: bearer(caller.key) });
    expect([again.statusCode, again.json().code]).toEqual([409, 'not_cancellable']);
    expect((await render(caller, { photoId: photos[2] })).statusCode).toBe(202);

    // Three renders, two per page, newest first.
    const page1 = (await t.app.inject({ url: '/api/v1/renders?limit=2', headers: bearer(caller.key) })).json();
    expect(page1.data).toHaveLength(2);
    const page2 = (await t.app.inject({ url: `/api/v1/renders?limit=2&cursor=${page1.nextCursor}`, headers: bearer(caller.key) })).json();
    expect(page2).toMatchObject({ data: [{ id: a.id, status: 'cancelled' }], nextCursor: null });
    expect([...page1.data, ...page2.data].map((r: { photoId: string }) => r.photoId).sort()).toEqual([...photos].sort());
  });

  it('six simultaneous creates against a cap of 2: exactly two 202 and four 429, two credits', async () => {
    const caller = await businessUser(t.app);
    const photos = [];
    for (let i = 0; i < 6; i++) photos.push(await uploadPhoto(t.app, caller.key, photoBytes));
    const answers = await Promise.all(photos.map((photoId) => render(caller, { photoId })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([202, 202, 429, 429, 429, 429]);
    expect(answers.filter((a) => a.statusCode === 429).map((a) => a.json().code)).toEqual(Array(4).fill('concurrency_limit'));
    expect(await creditsUsed(caller.userId)).toBe(2);
    const account = (await t.app.inject({ url: '/api/v1/account', headers: bearer(caller.key) })).json();
    expect(account.concurrency).toEqual({ limit: 2, running: 2 });
    // The refused creates gave their slots back: cancelling one render lets exactly one more in.
    const [first] = answers.filter((a) => a.statusCode === 202);
    await t.app.inject({ method: 'POST', url: `/api/v1/renders/${first!.json().id}/cancel`, headers: bearer(caller.key) });
    const refused = photos.filter((_, i) => answers[i]!.statusCode === 429);
    const retried = await Promise.all(refused.map((photoId) => render(caller, { photoId })));
    expect(retried.map((a) => a.statusCode).sort()).toEqual([202, 429, 429, 429]);
  });
});

describe('Idempotency-Key', () => {
  it('the same key with another body is refused; without a key every POST is new', async () => {
    const caller = await businessUser(t.app);
    const first = await uploadPhoto(t.app, caller.key, photoBytes, { 'idempotency-key': 'photo-1' });
    const replay = await uploadPhoto(t.app, caller.key, photoBytes, { 'idempotency-key': 'photo-1' });
    expect(replay).toBe(first);
    const other = multipartPhoto(await photo(640, 480));
    const clash = await t.app.inject({ method: 'POST', url: '/api/v1/photos', headers: { ...bearer(caller.key, { 'idempotency-key': 'photo-1' }), ...other.headers }, payload: other.payload });
    expect([clash.statusCode, clash.json().code]).toEqual([422, 'idempotency_conflict']);
    expect(await uploadPhoto(t.app, caller.key, photoBytes)).not.toBe(first);
  });

  it('a key is per workspace: two workspaces sending the same key and body each get their own photo, on replay too', async () => {
    const [a, b] = [await businessUser(t.app), await businessUser(t.app)];
    const body = multipartPhoto(photoBytes);
    const send = (caller: ApiUser) =>
      t.app.inject({ method: 'POST', url: '/api/v1/photos', headers: { ...bearer(caller.key, { 'idempotency-key': 'listing-7' }), ...body.headers }, payload: body.payload });
    const bFirst = await send(b);
    const aFirst = await send(a);
    expect([bFirst.statusCode, aFirst.statusCode]).toEqual([201, 201]);
    expect(aFirst.json().id).not.toBe(bFirst.json().id);
    const [aReplay, bReplay] = [await send(a), await send(b)];
    expect([aReplay.headers['idempotent-replayed'], aReplay.json().id]).toEqual(['true', aFirst.json().id]);
    expect([bReplay.headers['idempotent-replayed'], bReplay.json().id]).toEqual(['true', bFirst.json().id]);
  });

  it('a render creation that failed frees its key: the retry does the work, once', async () => {
    const caller = await businessUser(t.app, { creditsLimit: 0 });
    const photoId = await uploadPhoto(t.app, caller.key, photoBytes);
    const refused = await render(caller, { photoId }, { 'idempotency-key': 'r-1' });
    expect(refused.statusCode).toBe(402);
    await t.database.db.update(users).set({ creditsLimit: 5 }).where(eq(users.id, caller.userId));
    const created = await render(caller, { photoId }, { 'idempotency-key': 'r-1' });
    expect(created.statusCode).toBe(202);
    const replay = await render(caller, { photoId }, { 'idempotency-key': 'r-1' });
    expect(replay.json().id).toBe(created.json().id);
    expect(await creditsUsed(caller.userId)).toBe(1);
  });
});

describe('photo URLs: public https only, small and quick', () => {
  const fromUrl = (caller: ApiUser, url: string) => t.app.inject({ method: 'POST', url: '/api/v1/photos/from-url', headers: bearer(caller.key), payload: { url } });

  it.each([
    ['loopback', 'https://127.0.0.1/x.jpg'],
    ['loopback by name (after DNS)', 'https://localhost/x.jpg'],
    ['IPv6 loopback', 'https://[::1]/x.jpg'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/x.jpg'],
    ['private 10/8', 'https://10.0.0.5/x.jpg'],
    ['private 192.168/16', 'https://192.168.1.20/x.jpg'],
    ['private 172.16/12', 'https://172.16.4.4/x.jpg'],
    ['carrier-grade NAT', 'https://100.64.0.1/x.jpg'],
    ['link-local metadata', 'https://169.254.169.254/latest/meta-data/'],
    ['unique local IPv6', 'https://[fd00::1]/x.jpg'],
    ['plain http', 'http://example.com/x.jpg'],
    ['a private port next to an allowed one', `http://127.0.0.1:${hostilePort + 1}/x.jpg`],
    ['redirect to loopback', 'REDIRECT/redirect-loopback'],
    ['redirect to a private address', 'REDIRECT/redirect-private'],
    ['redirect to the metadata service', 'REDIRECT/redirect-metadata'],
  ])('%s → 400 url_not_allowed', async (_name, target) => {
    const caller = await businessUser(t.app);
    const url = target.replace('REDIRECT', `http://127.0.0.1:${hostilePort}`);
    const response = await fromUrl(caller, url);
    expect([response.statusCode, response.json().code]).toEqual([400, 'url_not_allowed']);
  });

  it('oversized (declared or streamed), slow and non-image answers are refused; nothing is stored', async () => {
    const caller = await businessUser(t.app);
    const at = (path: string) => fromUrl(caller, `http://127.0.0.1:${hostilePort}${path}`);
    const declared = await at('/big');
    expect([declared.statusCode, declared.json().code]).toEqual([413, 'payload_too_large']);
    const streamed = await at('/big-chunked');
    expect([streamed.statusCode, streamed.json().code]).toEqual([413, 'payload_too_large']);
    const slow = await at('/slow');
    expect([slow.statusCode, slow.json().code]).toEqual([400, 'url_fetch_failed']);
    const page = await at('/page');
    expect([page.statusCode, page.json().code]).toEqual([415, 'unsupported_media_type']);
    const missing = await at('/nothing');
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'url_fetch_failed']);
    expect(await t.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, caller.userId))).toEqual([]);
  });

  it('a multipart photo over 30 MB is refused with 413 and nothing is stored', async () => {
    const caller = await businessUser(t.app);
    const big = multipartPhoto(Buffer.concat([photoBytes, Buffer.alloc(30 * 1024 * 1024)]));
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/photos', headers: { ...bearer(caller.key), ...big.headers }, payload: big.payload });
    expect([response.statusCode, response.json().code]).toEqual([413, 'payload_too_large']);
    expect(await t.database.db.select().from(uploadTokens).where(eq(uploadTokens.userId, caller.userId))).toEqual([]);
  });

  it('callback URLs and webhook endpoints follow the same rules', async () => {
    const caller = await businessUser(t.app);
    const photoId = await uploadPhoto(t.app, caller.key, photoBytes);
    const callback = await render(caller, { photoId, callbackUrl: 'https://10.0.0.1/hook' });
    expect([callback.statusCode, callback.json().code]).toEqual([400, 'url_not_allowed']);
    expect(await creditsUsed(caller.userId)).toBe(0);
    const endpoint = await t.app.inject({ method: 'POST', url: '/api/settings/api/webhooks', headers: { cookie: caller.cookie }, payload: { url: 'http://example.com/hook' } });
    expect([endpoint.statusCode, endpoint.json().code]).toEqual([400, 'url_not_allowed']);
  });
});
