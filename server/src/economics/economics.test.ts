/**
 * Issue 38 in one process against the provider fakes: the operator's model choice, the fallback on
 * a primary answering 503, every call of a run (strict retry included) recorded with its cost, and
 * the spending limit stopping runs at 100 % without a charge (after the operators' 80 % mail).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.js';
import { corpusImage } from '../../test/support/corpus.js';
import { driftedOutput } from '../../test/support/model-outputs.js';
import { createProject, processImage, upload } from '../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../test/support/test-app.js';
import { FakeGemini } from '../../test/fakes/providers/fake-gemini.js';
import { FakeOpenAI } from '../../test/fakes/providers/fake-openai.js';

const before = corpusImage('furnish-before.jpg');
const OPENAI = 'openai:gpt-image-1.5';
const GEMINI = 'gemini:gemini-2.5-flash-image';
let openai: FakeOpenAI;
let gemini: FakeGemini;
let t: TestApp;
let drifted: Buffer;
let admin: { cookie: string; email: string };

beforeAll(async () => {
  [openai, gemini] = await Promise.all([new FakeOpenAI().start(), new FakeGemini().start()]);
  t = await createTestApp({
    jobs: true,
    env: { STAGING_ENGINE: 'openai', OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseURL, GEMINI_API_KEY: gemini.apiKey, GEMINI_BASE_URL: gemini.baseUrl },
    services: { retryPolicy: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50 } },
  });
  drifted = await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: 1, scale: 1.04, shiftX: 0.015, shiftY: -0.01 });
  const signedUp = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, signedUp.user.id));
  admin = { cookie: signedUp.cookie, email: signedUp.email };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([openai?.close(), gemini?.close()]);
});
beforeEach(async () => {
  openai.mode = 'success';
  openai.answers = [drifted];
  openai.edits.length = 0;
  gemini.answers = [drifted];
  gemini.calls.length = 0;
  await t.database.db.execute(sql`TRUNCATE engine_calls, provider_spend_limits`);
});

const put = (url: string, payload: unknown, cookie = admin.cookie) => t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie } });
const choose = (primary: string, fallbacks: string[] = [], cookie = admin.cookie) => put('/api/admin/models/choices/staging', { primary, fallbacks }, cookie);

async function customer(credits = 5) {
  const { cookie, user } = await signUp(t.app);
  await t.database.db.update(users).set({ subscriptionPlan: 'pro', creditsLimit: credits }).where(eq(users.id, user.id));
  const projectId = await createProject(t.app, cookie);
  const used = async () => (await t.database.db.select({ used: users.creditsUsed }).from(users).where(eq(users.id, user.id)))[0]!.used;
  return { used, stage: async () => processImage(t.app, cookie, { imageURL: await upload(t.app, cookie, before), projectId }) };
}

async function calls() {
  const { rows } = await t.database.db.execute<{ model_id: string; outcome: string; reason: string | null; strict: boolean; cost_micros: string; run_id: string; input_width: number | null; output_width: number | null }>(
    sql`SELECT model_id, outcome, reason, strict, cost_micros::text, run_id, input_width, output_width FROM engine_calls ORDER BY created_at, outcome`,
  );
  return rows.map((r) => ({ ...r, cost_micros: Number(r.cost_micros) }));
}

describe('the operator chooses the model per service', () => {
  it('is an admin-only change, refused for a model this server cannot call, and logged with who made it', async () => {
    const { cookie } = await signUp(t.app);
    expect((await choose(GEMINI, [], cookie)).statusCode).toBe(403);
    const noKey = await choose('replicate:black-forest-labs/flux-kontext-pro');
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toMatch(/replicate provider has no API key/);
    expect((await choose(OPENAI, [OPENAI])).statusCode).toBe(400);
    expect((await put('/api/admin/models/choices/removal', { primary: 'offline' })).json().message).toMatch(/cannot remove furniture/);

    expect((await choose(GEMINI, [OPENAI])).statusCode).toBe(204);
    const models = (await t.app.inject({ url: '/api/admin/models', headers: { cookie: admin.cookie } })).json();
    expect(models.choices.find((c: { service: string }) => c.service === 'staging')).toEqual({ service: 'staging', primary: GEMINI, fallbacks: [OPENAI], fallbackOnRefusal: false, chosen: true });
    expect(models.log[0]).toMatchObject({ kind: 'choice', subject: 'staging', changedBy: admin.email, detail: { primary: GEMINI, fallbacks: [OPENAI] } });
    // The next run calls the chosen model, without a restart.
    const c = await customer();
    expect((await c.stage()).statusCode).toBe(200);
    expect(gemini.calls).toHaveLength(1);
    expect(openai.edits).toHaveLength(0);
  }, 120_000);
});

describe('fallback', () => {
  it('moves a run whose primary answers 503 to the next model, once, and records which model delivered', async () => {
    expect((await choose(OPENAI, [GEMINI])).statusCode).toBe(204);
    openai.mode = 'unavailable';
    const c = await customer();
    const res = await c.stage();
    expect(res.statusCode, res.body).toBe(200);
    expect(openai.edits).toHaveLength(1); // not retried: the next model is the retry
    expect(gemini.calls).toHaveLength(1);
    expect(await c.used()).toBe(1);
    const recorded = await calls();
    expect(recorded.map((r) => [r.model_id, r.outcome, r.cost_micros])).toEqual([
      [OPENAI, 'failed', 0],
      [GEMINI, 'delivered', 39_000],
    ]);
    const { rows } = await t.database.db.execute<{ delivered_by: string; state: string }>(sql`SELECT delivered_by, state FROM staging_runs WHERE id = ${recorded[1]!.run_id}`);
    expect(rows[0]).toEqual({ delivered_by: GEMINI, state: 'charged' });
  }, 120_000);

  it('does not fall back on a permanent refusal (content policy): the run is refunded', async () => {
    expect((await choose(OPENAI, [GEMINI])).statusCode).toBe(204);
    openai.mode = 'moderation-blocked';
    const c = await customer();
    expect((await c.stage()).statusCode).toBe(422);
    expect(gemini.calls).toHaveLength(0);
    expect(await c.used()).toBe(0);
  }, 120_000);
});

describe('every engine call is recorded with its cost', () => {
  it('records the refused first answer and the strict retry, both paid, and the cost per delivered image', async () => {
    expect((await choose(OPENAI)).statusCode).toBe(204);
    openai.answers = [before, drifted]; // the room unchanged (refused: too little changed), then a good staging
    const c = await customer();
    expect((await c.stage()).statusCode).toBe(200);
    const recorded = await calls();
    expect(recorded.map((r) => [r.outcome, r.reason, r.strict, r.cost_micros])).toEqual([
      ['refused', 'too_little_changed', false, 200_000],
      ['delivered', null, true, 200_000],
    ]);
    const { width } = await sharp(before).metadata();
    expect(recorded.map((r) => r.input_width)).toEqual([width, width]);
    expect(recorded.every((r) => (r.output_width ?? 0) > 0)).toBe(true);
    const costs = (await t.app.inject({ url: '/api/admin/costs', headers: { cookie: admin.cookie } })).json();
    const model = costs.byModel.find((m: { modelId: string }) => m.modelId === OPENAI);
    // Two paid calls ($0.40) for one delivered image, at USD_EUR_RATE 0.86: 34.4 cents.
    expect(model).toMatchObject({ calls: 2, delivered: 1, refused: 1, failed: 0, refusalRate: 0.5, costEurCents: 34.4, costPerDeliveredEurCents: 34.4 });
    expect(costs.byPlan.find((p: { plan: string }) => p.plan === 'pro')).toMatchObject({ delivered: 1, costEurCents: 34.4 });
    const csv = await t.app.inject({ url: '/api/admin/costs.csv', headers: { cookie: admin.cookie } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^created_at,run_id,service,plan,provider,model_id/);
    expect(lines.slice(1).map((l) => l.split(',').slice(12, 15))).toEqual([
      ['refused', 'too_little_changed', '200000'],
      ['delivered', '', '200000'],
    ]);
  }, 120_000);
});

describe('spending limits', () => {
  it('mails the operators at 80 %, then stops new runs at 100 % with no credit taken, unless falling back is allowed', async () => {
    expect((await choose(OPENAI, [GEMINI])).statusCode).toBe(204);
    // $0.25 a day: one $0.20 image is 80 %; the second reaches 100 %.
    expect((await put('/api/admin/budgets/openai', { dailyMicros: 250_000, monthlyMicros: null, fallbackWhenReached: false })).statusCode).toBe(204);
    const c = await customer();
    expect((await c.stage()).statusCode).toBe(200);
    const mailDir = path.join(t.config.dataDir, 'mail');
    await expect.poll(() => (existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.includes('spend_warning')) : []), { timeout: 20_000 }).toHaveLength(1);
    const mail = readFileSync(path.join(mailDir, readdirSync(mailDir).find((f) => f.includes('spend_warning'))!), 'utf8');
    expect(mail).toContain(`To: ${admin.email}`);
    expect(mail).toMatch(/openai: 80 % of the daily budget used/);
    expect((await c.stage()).statusCode).toBe(200); // 80 % is no stop: $0.40 now
    let budgets = (await t.app.inject({ url: '/api/admin/budgets', headers: { cookie: admin.cookie } })).json();
    expect(budgets.providers.find((p: { provider: string }) => p.provider === 'openai')).toMatchObject({ spentTodayMicros: 400_000, state: 'reached' });

    const usedBefore = await c.used();
    const stopped = await c.stage();
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json().code).toBe('provider_budget_reached');
    expect(await c.used()).toBe(usedBefore);
    expect(openai.edits).toHaveLength(2);
    expect(gemini.calls).toHaveLength(0);
    const system = (await t.app.inject({ url: '/api/admin/system', headers: { cookie: admin.cookie } })).json();
    expect(system.providerSpending.find((p: { provider: string }) => p.provider === 'openai').state).toBe('reached');

    // Allowed to fall back: the run goes to Gemini instead.
    expect((await put('/api/admin/budgets/openai', { dailyMicros: 250_000, monthlyMicros: null, fallbackWhenReached: true })).statusCode).toBe(204);
    expect((await c.stage()).statusCode).toBe(200);
    expect(openai.edits).toHaveLength(2);
    expect(gemini.calls).toHaveLength(1);
    budgets = (await t.app.inject({ url: '/api/admin/budgets', headers: { cookie: admin.cookie } })).json();
    expect(budgets.providers.find((p: { provider: string }) => p.provider === 'gemini')).toMatchObject({ spentTodayMicros: 39_000, state: 'ok' });
  }, 180_000);
});
