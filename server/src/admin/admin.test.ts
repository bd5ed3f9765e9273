import fastifyCookie from '@fastify/cookie';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { workspaceInvitations } from '../db/schema/workspaces.js';
import { registerErrorHandling } from '../http/error-handler.js';
import '../http/fastify-types.js';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/support/test-app.js';
import { addMember, personalWorkspaceId } from '../../test/support/workspace-fixtures.js';
import { adminRoutes } from './routes.js';

const ADMIN_ROUTES = ['/api/admin/dashboard', '/api/admin/analytics', '/api/admin/users', '/api/admin/system'];

let t: TestApp;
let adminCookie: string;
let userCookie: string;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'chief@example.com' }, jobs: true });
  const chief = await signUp(t.app, { email: 'chief@example.com', firstName: 'Chief' });
  // ADMIN_EMAILS grants admin at sign-in to a verified address only; signUp verifies after signing up.
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, chief.user.id));
  adminCookie = chief.cookie;
  userCookie = (await signUp(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

/** Counters `daysAgo` UTC days back (0 = today). */
async function seed(daysAgo: number, event: string, count: number, path = '') {
  await t.database.db.execute(sql`
    INSERT INTO analytics_daily (day, event, path, count)
    VALUES ((now() AT TIME ZONE 'UTC')::date - ${daysAgo}::int, ${event}, ${path}, ${count})
    ON CONFLICT (day, event, path) DO UPDATE SET count = analytics_daily.count + excluded.count`);
}

function utcDay(daysAgo: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - daysAgo);
  return d.toISOString().slice(0, 10);
}

describe('admin guard', () => {
  it.each(ADMIN_ROUTES)('%s: 401 signed out, 403 for a user, 200 for an admin', async (url) => {
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    const user = await get(url, userCookie);
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('forbidden');
    expect((await get(url, adminCookie)).statusCode).toBe(200);
  });
});

describe('aggregates against seeded counters', () => {
  beforeAll(async () => {
    await t.database.db.execute(sql`TRUNCATE analytics_daily`);
    // Today
    await seed(0, 'pageview', 120, '/');
    await seed(0, 'pageview', 30, '/privacy');
    await seed(0, 'cta_click', 12);
    await seed(0, 'signup', 3);
    await seed(0, 'checkout_click', 2);
    await seed(0, 'payment', 1);
    // Earlier in the 7-day funnel window
    await seed(3, 'pageview', 80, '/');
    await seed(6, 'cta_click', 18);
    await seed(6, 'signup', 1);
    // Outside the funnel (8 days ago) but inside the 14-day charts
    await seed(8, 'pageview', 500, '/');
    await seed(8, 'cta_click', 99);
    // Outside everything
    await seed(20, 'signup', 50);
  });

  it("dashboard: today's five counts, all pages' views", async () => {
    const res = await get('/api/admin/dashboard', adminCookie);
    expect(res.json()).toEqual({ today: { pageviews: 150, ctaClicks: 12, signups: 3, checkoutClicks: 2, payments: 1 } });
  });

  it('analytics: 7-day funnel rates in percent with one decimal, landing page views only', async () => {
    const { conversions } = (await get('/api/admin/analytics', adminCookie)).json();
    // landing 200 views → 30 CTA clicks = 15 %; 30 CTA clicks → 4 signups = 13.3 %
    expect(conversions.last7d).toEqual({ landingPageviews: 200, ctaClicks: 30, signups: 4, lpToCtaRate: 15, ctaToSignupRate: 13.3 });
  });

  it('analytics: 14 days × 5 events of trends, zero-filled, oldest first, nothing older', async () => {
    const { trends, topPages } = (await get('/api/admin/analytics', adminCookie)).json();
    expect(trends).toHaveLength(14 * 5);
    const dates = [...new Set(trends.map((r: { date: string }) => r.date))];
    expect(dates).toEqual(Array.from({ length: 14 }, (_, i) => utcDay(13 - i)));
    const at = (daysAgo: number, event: string) => trends.find((r: { date: string; event: string }) => r.date === utcDay(daysAgo) && r.event === event)?.count;
    expect(at(0, 'pageview')).toBe(150);
    expect(at(8, 'pageview')).toBe(500);
    expect(at(8, 'cta_click')).toBe(99);
    expect(at(5, 'pageview')).toBe(0);
    expect(at(13, 'payment')).toBe(0);
    expect(trends.reduce((sum: number, r: { event: string; count: number }) => sum + (r.event === 'signup' ? r.count : 0), 0)).toBe(4);
    expect(topPages).toEqual([
      { path: '/', count: 700 },
      { path: '/privacy', count: 30 },
    ]);
  });

  it('rates are 0, not NaN, without traffic', async () => {
    await t.database.db.execute(sql`TRUNCATE analytics_daily`);
    const { conversions, trends } = (await get('/api/admin/analytics', adminCookie)).json();
    expect(conversions.last7d).toMatchObject({ lpToCtaRate: 0, ctaToSignupRate: 0 });
    expect(trends.every((r: { count: number }) => r.count === 0)).toBe(true);
  });
});

describe('GET /api/admin/users', () => {
  it('counts users per plan, conversion with one decimal, estimates MRR from plan prices (yearly / 12)', async () => {
    const insert = (plan: 'free' | 'pro' | 'business', billingCycle: 'monthly' | 'yearly' | null, daysAgo = 30) =>
      t.database.db.insert(users).values({
        email: uniqueEmail('seeded'),
        subscriptionPlan: plan,
        billingCycle,
        createdAt: sql`now() - make_interval(days => ${daysAgo})`,
      });
    // Already there: the admin and one user (both free). Add 5 free, 2 pro monthly, 1 pro yearly, 1 business yearly.
    for (let i = 0; i < 5; i++) await insert('free', null);
    await insert('pro', 'monthly');
    await insert('pro', 'monthly');
    await insert('pro', 'yearly');
    await insert('business', 'yearly');

    const res = await get('/api/admin/users', adminCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userCounts).toEqual([
      { plan: 'free', count: 7 },
      { plan: 'pro', count: 3 },
      { plan: 'business', count: 1 },
    ]);
    expect(body.totalUsers).toBe(11);
    expect(body.paidUsers).toBe(4);
    expect(body.conversionRate).toBe(36.4); // 4 / 11 = 36.36… %
    // 2 × 29 € + 319 € / 12 + 891 € / 12 = 58 + 26.583… + 74.25 = 158.833… € → 15 883 cents
    expect(body.mrr).toBe(15883);
    expect(body.hasStripe).toBe(false);
  });

  it('lists the newest signups first with name, e-mail, plan and date', async () => {
    const { recentSignups } = (await get('/api/admin/users', adminCookie)).json();
    expect(recentSignups.length).toBeLessThanOrEqual(10);
    expect(recentSignups[0]).toMatchObject({ firstName: 'Test', lastName: null, subscriptionPlan: 'free' });
    expect(recentSignups[1]).toMatchObject({ email: 'chief@example.com', firstName: 'Chief' });
    expect(Object.keys(recentSignups[0]).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'subscriptionPlan', 'workspaces']);
    const times = recentSignups.map((s: { createdAt: string }) => Date.parse(s.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('workspaces in the admin figures (decision 046)', () => {
  it('the users list shows each user’s workspaces with plan and seats; analytics count workspaces by plan', async () => {
    const countsBefore = (await get('/api/admin/analytics', adminCookie)).json().workspaceCounts;
    const owner = await signUp(t.app, { firstName: 'Olga' });
    await t.database.db.update(users).set({ subscriptionPlan: 'business', creditsLimit: 1000 }).where(eq(users.id, owner.user.id));
    const workspaceId = await personalWorkspaceId(t.database.db, owner.user.id);
    const member = await signUp(t.app, { firstName: 'Jonas' });
    await addMember(t.database.db, workspaceId, member.user.id);
    await t.database.db.insert(workspaceInvitations).values({ workspaceId, email: uniqueEmail('invited'), role: 'admin', tokenHash: uniqueEmail('hash'), expiresAt: sql`now() + interval '1 day'` });
    // An expired invitation holds no seat.
    await t.database.db.insert(workspaceInvitations).values({ workspaceId, email: uniqueEmail('expired'), role: 'member', tokenHash: uniqueEmail('hash'), expiresAt: sql`now() - interval '1 day'` });

    const { recentSignups } = (await get('/api/admin/users', adminCookie)).json();
    const row = (id: string) => recentSignups.find((s: { id: string }) => s.id === id);
    const memberWorkspaceId = await personalWorkspaceId(t.database.db, member.user.id);
    expect(row(owner.user.id).workspaces).toEqual([{ id: workspaceId, name: 'Olga', role: 'owner', plan: 'business', personal: true, seatsUsed: 3, seats: 5 }]);
    expect(row(member.user.id).workspaces).toEqual([
      { id: memberWorkspaceId, name: 'Jonas', role: 'owner', plan: 'free', personal: true, seatsUsed: 1, seats: 1 },
      { id: workspaceId, name: 'Olga', role: 'member', plan: 'business', personal: false, seatsUsed: 3, seats: 5 },
    ]);

    const countsAfter = (await get('/api/admin/analytics', adminCookie)).json().workspaceCounts;
    const before = (plan: string) => countsBefore.find((c: { plan: string }) => c.plan === plan);
    // Olga's new workspace is on Business with a team in it; Jonas's own is a new free one.
    expect(countsAfter).toEqual([
      { plan: 'free', workspaces: before('free').workspaces + 1, teams: before('free').teams },
      { plan: 'pro', workspaces: before('pro').workspaces, teams: before('pro').teams },
      { plan: 'business', workspaces: before('business').workspaces + 1, teams: before('business').teams + 1 },
    ]);
  });
});

describe('GET /api/admin/system', () => {
  it('reports database, job queue, engine, storage and billing readings', async () => {
    const body = (await get('/api/admin/system', adminCookie)).json();
    expect(body).toMatchObject({
      database: { status: 'ok' },
      jobQueue: { status: 'ok' },
      stagingEngine: 'offline',
      storageDriver: 'local',
      billingConfigured: false,
    });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0); // a reading, not a count: any duration is right
  });

  it('counts failed jobs: one more after a job fails', async () => {
    const boss = t.jobs!.boss;
    const failed = async () => (await get('/api/admin/system', adminCookie)).json().jobQueue.failed as number;
    const before = await failed();
    const queue = 'admin-test.failing';
    await boss.createQueue(queue, { retryLimit: 0 });
    const id = await boss.send(queue, {});
    const [job] = await boss.fetch(queue);
    expect(job!.id).toBe(id);
    await boss.fail(queue, id!, { message: 'deliberately failed' });
    // pg-boss's monitor refreshes a queue's counts once a minute; a new queue's first pass is now.
    await boss.supervise(queue);
    expect(await failed()).toBe(before + 1);
  });
});

describe('MRR from the payment provider', () => {
  /** The admin routes alone, wired as billing will wire them: with a subscription MRR source. */
  async function appWithMrr(subscriptionMrr: () => Promise<{ totalCents: number; byPlanCents: { pro: number; business: number } }>) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', { ...t.config, billingEnabled: true });
    app.decorate('db', t.database.db);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    registerErrorHandling(app);
    await app.register(fastifyCookie, { secret: t.config.sessionSecret });
    await app.register(adminRoutes, { jobs: null, storageDriver: 'local', subscriptionMrr });
    return app;
  }

  it('uses the Stripe figure when billing is configured, and falls back to the estimate when Stripe fails', async () => {
    const live = await appWithMrr(async () => ({ totalCents: 123_45, byPlanCents: { pro: 48_45, business: 75_00 } }));
    const fromStripe = (await live.inject({ url: '/api/admin/users', headers: { cookie: adminCookie } })).json();
    expect(fromStripe).toMatchObject({ mrr: 12345, hasStripe: true });
    expect(fromStripe.planRevenue).toEqual([
      { plan: 'free', mrr: 0 },
      { plan: 'pro', mrr: 4845 },
      { plan: 'business', mrr: 7500 },
    ]);
    await live.close();

    const broken = await appWithMrr(async () => {
      throw new Error('Stripe unavailable');
    });
    const estimated = (await broken.inject({ url: '/api/admin/users', headers: { cookie: adminCookie } })).json();
    expect(estimated.hasStripe).toBe(false);
    expect(estimated.mrr).toBe((await get('/api/admin/users', adminCookie)).json().mrr);
    await broken.close();
  });
});
