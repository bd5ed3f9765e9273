import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsDaily } from '../db/schema/analytics.js';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/support/test-app.js';
import { BurstLimiter } from './burst-limiter.js';
import { normalisePagePath } from './page-paths.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`TRUNCATE analytics_daily`);
});

let client = 0;
/** Each call comes from its own address, so the burst limit only bites where a test wants it to. */
function send(payload: unknown, headers: Record<string, string> = {}, remoteAddress = `10.0.0.${++client % 250}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, ...headers },
    remoteAddress,
  });
}

const rows = () =>
  t.database.db
    .select({ event: analyticsDaily.event, path: analyticsDaily.path, count: analyticsDaily.count })
    .from(analyticsDaily)
    .orderBy(analyticsDaily.event, analyticsDaily.path);

describe('POST /api/analytics/events', () => {
  it('counts pageviews per UTC day and page in one row per (day, event, path)', async () => {
    for (let i = 0; i < 3; i++) expect((await send({ event: 'pageview', path: '/' })).statusCode).toBe(204);
    await send({ event: 'pageview', path: '/privacy' });
    await send({ event: 'cta_click', path: '/' });
    await send({ event: 'checkout_click', path: '/subscribe' });
    expect(await rows()).toEqual([
      { event: 'checkout_click', path: '', count: 1 },
      { event: 'cta_click', path: '', count: 1 },
      { event: 'pageview', path: '/', count: 3 },
      { event: 'pageview', path: '/privacy', count: 1 },
    ]);
    const [day] = await t.database.db.execute<{ utc_today: boolean }>(
      sql`SELECT bool_and(day = (now() AT TIME ZONE 'UTC')::date) AS utc_today FROM analytics_daily`,
    ).then((r) => r.rows);
    expect(day!.utc_today).toBe(true);
  });

  it('stores nothing personal: the table holds only day, event, path and count, and no cookie is set', async () => {
    const { cookie } = await signUp(t.app);
    const res = await send({ event: 'pageview', path: '/my-projects' }, { cookie, 'user-agent': 'Fingerprint/1.0', 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    const columns = await t.database.db.execute<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'analytics_daily' ORDER BY ordinal_position`,
    );
    expect(columns.rows.map((c) => c.column_name)).toEqual(['day', 'event', 'path', 'count']);
    const dump = JSON.stringify(await t.database.db.execute(sql`SELECT * FROM analytics_daily`).then((r) => r.rows));
    expect(dump).not.toMatch(/203\.0\.113|127\.0\.0|10\.0\.0|Fingerprint|@example\.com/);
  });

  it('normalises paths: no query strings, fragments or ids, capped, unknown pages as /other', async () => {
    const id = '3f0c8a1e-5b7d-4c2a-9e61-0d4b8f2a7c11';
    await send({ event: 'pageview', path: `/projects/${id}?token=secret&email=a@b.de` });
    await send({ event: 'pageview', path: '/Impressum#top' });
    await send({ event: 'pageview', path: '/users/anna.berg@example.com' });
    await send({ event: 'pageview', path: `/${'a'.repeat(1500)}` });
    await send({ event: 'pageview', path: 'https://elsewhere.example/terms?x=1' });
    await send({ event: 'pageview' });
    expect(await rows()).toEqual([
      { event: 'pageview', path: '/impressum', count: 1 },
      { event: 'pageview', path: '/other', count: 3 },
      { event: 'pageview', path: '/projects/:id', count: 1 },
      { event: 'pageview', path: '/terms', count: 1 },
    ]);
  });

  it('refuses unknown events and the server-side events with 400, storing nothing', async () => {
    for (const event of ['purchase', 'signup', 'payment', '', 42]) {
      const res = await send({ event, path: '/' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await send({ path: '/' })).statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it('drops events sent with Do Not Track or Global Privacy Control (204, nothing stored)', async () => {
    expect((await send({ event: 'pageview', path: '/' }, { dnt: '1' })).statusCode).toBe(204);
    expect((await send({ event: 'cta_click', path: '/' }, { 'sec-gpc': '1' })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    await send({ event: 'pageview', path: '/' }, { dnt: '0' });
    expect(await rows()).toEqual([{ event: 'pageview', path: '/', count: 1 }]);
  });

  it("does not count the operators' own admin screens", async () => {
    await send({ event: 'pageview', path: '/admin/analytics' });
    await send({ event: 'pageview', path: '/admin' });
    expect(await rows()).toEqual([]);
  });

  it('limits bursts per client with 429 and Retry-After, other clients unaffected', async () => {
    const statuses: number[] = [];
    const firstEvent = Date.now();
    for (let i = 0; i < 32; i++) statuses.push((await send({ event: 'pageview', path: '/' }, {}, '192.0.2.77')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const limited = await send({ event: 'pageview', path: '/' }, {}, '192.0.2.77');
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    // The 10-second window opened with the first event: what is left of it, in whole seconds.
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, 10 - Math.ceil((Date.now() - firstEvent) / 1000)));
    expect((await send({ event: 'pageview', path: '/' }, {}, '192.0.2.78')).statusCode).toBe(204);
    expect(await rows()).toEqual([{ event: 'pageview', path: '/', count: 31 }]);
  });

  it('refuses events posted from another site', async () => {
    const res = await send({ event: 'pageview', path: '/' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('server-side events', () => {
  it('counts a signup when an account is created', async () => {
    await signUp(t.app);
    await signUp(t.app);
    expect(await rows()).toEqual([{ event: 'signup', path: '', count: 2 }]);
  });
});

describe('normalisePagePath', () => {
  it.each([
    ['/', '/'],
    ['', '/other'],
    ['/my-projects/', '/my-projects'],
    ['/projects/123', '/projects/:id'],
    ['/projects/3f0c8a1e-5b7d-4c2a-9e61-0d4b8f2a7c11/edit', '/other'],
    ['/subscribe?plan=pro', '/subscribe'],
    ['relative/path', '/other'],
    ['/../etc/passwd', '/other'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePagePath(input)).toBe(expected);
  });
});

describe('BurstLimiter', () => {
  it('opens a new window once the old one has passed', () => {
    const limiter = new BurstLimiter(2, 1000);
    expect([limiter.hit('a', 0), limiter.hit('a', 10), limiter.hit('a', 20)]).toEqual([0, 0, 1]);
    expect(limiter.hit('a', 1001)).toBe(0);
  });
});
