/**
 * Screenshots of issue 38's admin pages (Models, Costs, Budgets, and the System Status on the
 * dashboard) in DE/EN × light/dark at 1440 and 375 px, for looking at the work. Not a test. Starts
 * everything itself: a fresh database on the server of DATABASE_URL (the app migrates it), the OpenAI
 * and Gemini fakes (so their models can be chosen), the app from the built web app (`npx vite build`
 * first), an admin, a month of recorded engine calls and a few spending limits.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx e2e/tools/screenshots-economics.ts [filter…]
 * Output: $OUT_DIR (default /tmp/shots-economics).
 */
import { chromium } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../server/src/db/embedded.js';
import { FakeGemini } from '../../server/test/fakes/providers/fake-gemini.js';
import { FakeOpenAI } from '../../server/test/fakes/providers/fake-openai.js';
import { HttpClient } from '../../server/test/support/http-client.js';
import { startWeb, stopAll } from '../../server/test/support/process-kit.js';

const OUT = process.env.OUT_DIR ?? '/tmp/shots-economics';
const filters = process.argv.slice(2);
const SHOTS = [
  { name: 'models', path: '/admin/models', ready: 'models-registry' },
  { name: 'costs', path: '/admin/costs', ready: 'costs-by-model' },
  { name: 'budgets', path: '/admin/budgets', ready: 'budget-openai' },
  { name: 'system', path: '/admin', ready: 'system-spending' },
] as const;
const CONSENT = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: new Date().toISOString() });

const [openai, gemini] = await Promise.all([new FakeOpenAI().start(), new FakeGemini().start()]);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `economics_shots_${process.pid}`;
const server = new pg.Client({ connectionString: adminUrl });
await server.connect();
await server.query(`CREATE DATABASE ${dbName}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${dbName}`;
const database = { url: databaseUrl.toString(), drop: () => server.query(`DROP DATABASE ${dbName} WITH (FORCE)`).then(() => server.end()) };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-economics-shots-'));
const port = await freePort();
const web = await startWeb({
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SESSION_SECRET: 'economics-screenshots-secret-economics-shots',
  STAGING_ENGINE: 'openai',
  OPENAI_API_KEY: openai.apiKey,
  OPENAI_BASE_URL: openai.baseURL,
  GEMINI_API_KEY: gemini.apiKey,
  GEMINI_BASE_URL: gemini.baseUrl,
  WORKERS_IN_PROCESS: 'true',
});
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const admin = await HttpClient.register(web.url, 'operator@raumwerk.example');
  await sql.query(`UPDATE users SET role = 'admin', email_verified_at = now(), first_name = 'Anna' WHERE id = $1`, [admin.userId]);
  // Subscribers for the revenue estimate.
  for (const [plan, count] of [['pro', 14], ['business', 3]] as const) {
    for (let i = 0; i < count; i++) {
      await sql.query(`INSERT INTO users (email, subscription_plan, billing_cycle, credits_limit) VALUES ($1, $2, 'monthly', $3)`, [`${plan}-${i}@kunde.example`, plan, plan === 'pro' ? 200 : 1000]);
    }
  }
  const put = (url: string, body: unknown) => admin.request('PUT', url, body);
  await put('/api/admin/models/choices/staging', { primary: 'openai:gpt-image-1.5', fallbacks: ['gemini:gemini-2.5-flash-image'], fallbackOnRefusal: false });
  await put('/api/admin/models/choices/removal', { primary: 'gemini:gemini-2.5-flash-image', fallbacks: ['openai:gpt-image-1'], fallbackOnRefusal: false });
  await put('/api/admin/models/prices', { modelId: 'openai:gpt-image-1.5', priceMicros: 190_000 });
  // A month of calls: per model a delivery share, a refusal share and failures, spread over the plans.
  const models = [
    { id: 'openai:gpt-image-1.5', provider: 'openai', price: 190_000, n: 620, refused: 0.09, failed: 0.02, latency: 38_000 },
    { id: 'gemini:gemini-2.5-flash-image', provider: 'gemini', price: 39_000, n: 210, refused: 0.22, failed: 0.04, latency: 9_000 },
    { id: 'openai:gpt-image-1-mini', provider: 'openai', price: 52_000, n: 90, refused: 0.31, failed: 0.01, latency: 21_000 },
  ];
  const plans = ['free', 'pro', 'pro', 'pro', 'business', 'business'];
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (const m of models) {
    for (let i = 0; i < m.n; i++) {
      const r = random();
      const outcome = r < m.failed ? 'failed' : r < m.failed + m.refused ? 'refused' : 'delivered';
      const hoursAgo = Math.floor(random() * 24 * 29) + (i % 9 === 0 ? 0 : 1);
      await sql.query(
        `INSERT INTO engine_calls (service, plan, provider, model_id, strict, input_width, input_height, output_width, output_height, latency_ms, outcome, reason, cost_micros, currency, created_at)
         VALUES ($1, $2, $3, $4, $5, 1600, 1200, 1536, 1024, $6, $7, $8, $9, 'USD', now() - make_interval(hours => $10))`,
        [i % 11 === 0 ? 'removal' : 'staging', plans[i % plans.length], m.provider, m.id, outcome === 'delivered' && i % 7 === 0, Math.round(m.latency * (0.7 + random() * 0.6)), outcome, outcome === 'refused' ? 'structure_changed' : outcome === 'failed' ? 'The AI provider is temporarily unavailable.' : null, outcome === 'failed' ? 0 : m.price, hoursAgo],
      );
    }
  }
  await put('/api/admin/budgets/openai', { dailyMicros: 8_000_000, monthlyMicros: 150_000_000, fallbackWhenReached: true });
  await put('/api/admin/budgets/gemini', { dailyMicros: 1_000_000, monthlyMicros: 20_000_000, fallbackWhenReached: false });

  mkdirSync(OUT, { recursive: true });
  const cookie = admin.cookie.split('=');
  for (const shot of SHOTS)
    for (const lang of ['de', 'en'])
      for (const theme of ['light', 'dark'])
        for (const width of [1440, 375]) {
          const name = `${shot.name}-${lang}-${theme}-${width}`;
          if (filters.length && !filters.some((f) => name.includes(f))) continue;
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          await context.addCookies([{ name: cookie[0]!, value: cookie.slice(1).join('='), url: web.url }]);
          const page = await context.newPage();
          await page.addInitScript(
            ([l, th, c]) => {
              localStorage.setItem('language', l!);
              localStorage.setItem('theme', th!);
              localStorage.setItem('cookie-consent', c!);
            },
            [lang, theme, CONSENT],
          );
          await page.goto(`${web.url}${shot.path}`);
          await page.getByTestId(shot.ready).first().waitFor({ timeout: 20_000 });
          await page.waitForTimeout(500);
          await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
          await context.close();
          console.log(name);
        }
} finally {
  await browser.close();
  await sql.end();
  await stopAll([web]);
  await database.drop();
  await Promise.all([openai.close(), gemini.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}
