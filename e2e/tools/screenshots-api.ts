/**
 * Screenshots of Settings → API (issue #25) and the API reference page in DE/EN × light/dark at
 * 1440 and 375 px, for looking at the work. Not a test. Needs a dev server (API + Vite) whose
 * database this script may write (it makes its users Business by SQL):
 *   BASE_URL=http://localhost:5217 DATABASE_URL=postgres://…/db npx tsx e2e/tools/screenshots-api.ts
 * Output: $OUT_DIR (default /tmp/shots-api).
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const BASE = process.env.BASE_URL ?? 'http://localhost:5217';
const OUT = process.env.OUT_DIR ?? '/tmp/shots-api';
const CONSENT = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: new Date().toISOString() });
mkdirSync(OUT, { recursive: true });

const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();

async function account(plan: 'free' | 'business'): Promise<{ cookie: string; email: string }> {
  const email = `shots-${plan}-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${BASE}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Anna' }) });
  if (res.status !== 201) throw new Error(`register ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  await db.query(`UPDATE users SET email_verified_at = now(), subscription_plan = $2, credits_limit = $3 WHERE email = $1`, [email, plan, plan === 'business' ? 1000 : 6]);
  return { cookie, email };
}

const free = (await account('free')).cookie;
const business = (await account('business')).cookie;
// The business account gets a key (one revoked) and an endpoint, so the lists are not empty.
const headers = { 'content-type': 'application/json', cookie: business, origin: BASE };
await fetch(`${BASE}/api/settings/api/keys`, { method: 'POST', headers, body: JSON.stringify({ name: 'Makler-CRM', scopes: ['stage', 'read'] }) });
const old = (await (await fetch(`${BASE}/api/settings/api/keys`, { method: 'POST', headers, body: JSON.stringify({ name: 'Portal (alt)', scopes: ['read'] }) })).json()) as { apiKey: { id: string } };
await fetch(`${BASE}/api/settings/api/keys/${old.apiKey.id}/revoke`, { method: 'POST', headers: { cookie: business, origin: BASE } });
await fetch(`${BASE}/api/settings/api/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: 'https://crm.example.com/hooks/raumwerk' }) });
// Three log rows as deliveries leave them: delivered after a retry, still retrying, and failed once the retries ran out.
await db.query(
  `INSERT INTO webhook_deliveries (owner_id, url, event_type, run_id, payload, attempts, last_status, last_error, delivered_at, failed_at)
   SELECT owner_id, url, e.type, gen_random_uuid(), '{}'::jsonb, e.attempts, e.status, e.error, e.delivered, e.failed
   FROM webhook_endpoints, (VALUES ('render.completed', 2, 204, NULL, now(), NULL::timestamptz), ('render.failed', 3, 500, 'HTTP 500', NULL::timestamptz, NULL::timestamptz), ('render.completed', 31, 503, 'HTTP 503', NULL::timestamptz, now())) AS e(type, attempts, status, error, delivered, failed)
   WHERE webhook_endpoints.id = (SELECT id FROM webhook_endpoints ORDER BY created_at DESC LIMIT 1)`,
);
// A member of the Business workspace (acting in it): sees the keys and the log, changes nothing.
const memberAccount = await account('free');
const team = (await db.query(`SELECT owner_id AS id FROM webhook_endpoints ORDER BY created_at DESC LIMIT 1`)).rows[0] as { id: string };
await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) SELECT $1, id, 'member' FROM users WHERE email = $2`, [team.id, memberAccount.email]);
const member = `${memberAccount.cookie}; rw_workspace=${team.id}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function open(cookie: string, lang: string, theme: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 }, colorScheme: theme as 'light' | 'dark' });
  await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: BASE })));
  await context.addInitScript(
    ([l, t, c]) => {
      localStorage.setItem('language', l!);
      localStorage.setItem('theme', t!);
      localStorage.setItem('cookie-consent', c!);
    },
    [lang, theme, CONSENT],
  );
  return context.newPage();
}

for (const lang of ['de', 'en']) {
  for (const theme of ['light', 'dark']) {
    for (const width of [1440, 375]) {
      for (const [who, cookie] of [['free', free], ['business', business], ['member', member]] as const) {
        const page = await open(cookie, lang, theme, width);
        page.setDefaultTimeout(90_000);
        await page.goto(`${BASE}/`);
        await page.getByTestId('profile-menu').click();
        await page.getByTestId('menu-settings').click();
        await page.getByTestId('settings-tab-api').click();
        await page.getByTestId('api-section').waitFor();
        await page.getByTestId(who === 'free' ? 'api-upsell' : who === 'member' ? 'api-read-only' : 'api-key-list').waitFor();
        if (who === 'business') {
          await page.getByLabel(lang === 'de' ? 'Name' : 'Name').fill('Zapier');
          await page.getByTestId('api-key-create').click();
          await page.getByTestId('api-key-created').waitFor();
        }
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(OUT, `settings-api-${who}-${lang}-${theme}-${width}.png`) });
        if (who !== 'free') {
          await page.getByTestId('webhooks-card').scrollIntoViewIfNeeded();
          await page.getByTestId('webhooks-card').evaluate((el) => el.scrollIntoView({ block: 'end' }));
          await page.waitForTimeout(200);
          await page.screenshot({ path: path.join(OUT, `settings-api-webhooks-${who}-${lang}-${theme}-${width}.png`) });
        }
        await page.context().close();
      }
    }
  }
}
for (const width of [1440, 375]) {
  const page = await open(free, 'en', 'light', width);
  await page.goto(`${BASE}/docs/api/`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: path.join(OUT, `docs-api-${width}.png`) });
  await page.context().close();
}
await browser.close();
await db.end();
console.log(`screenshots in ${OUT}`);
