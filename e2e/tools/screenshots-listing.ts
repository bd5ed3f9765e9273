/**
 * Screenshots of whole-listing staging (decision 025): the new-project screen with room types, rooms
 * and variations, and the variation picker on the result screen and the project page, in DE/EN ×
 * light/dark at 1280 and 390 px. Not a test. Needs a build (`npm run build`); starts its own app
 * (offline engine) on a scratch database of $DATABASE_URL.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx e2e/tools/screenshots-listing.ts
 * Output: $OUT_DIR (default /work/wt/shots/listing-a).
 */
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { roomPhotos } from '../fixtures/rooms.js';
import { linkIn, sentMails } from '../fixtures/mail.js';

const OUT = process.env.OUT_DIR ?? '/work/wt/shots/listing-a';
mkdirSync(OUT, { recursive: true });
const CONSENT = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: new Date().toISOString() });
const LOOKS = [
  ['light', 1280],
  ['dark', 1280],
  ['light', 390],
  ['dark', 390],
] as const;

const port = await new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(p));
  });
});
const url = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-shots-listing-'));
const dbName = `rw_shots_${randomBytes(4).toString('hex')}`;
const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const exec = async (sql: string) => {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
};
await exec(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(admin);
dbUrl.pathname = `/${dbName}`;
const app = spawn(process.execPath, ['dist/server/src/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    SESSION_SECRET: 'shots-session-secret-shots-session-secret',
    LOG_LEVEL: 'warn',
    STAGING_ENGINE: 'offline',
    REGISTER_LIMIT_PER_HOUR: '100',
  },
});
for (let i = 0; ; i++) {
  if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
  if (i > 480) throw new Error('app did not start');
  await new Promise((r) => setTimeout(r, 250));
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function setLook(page: Page, theme: 'light' | 'dark', width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
  }, theme);
  await page.waitForTimeout(400);
}

async function shoot(page: Page, name: string, lang: string, locator?: string) {
  for (const [theme, width] of LOOKS) {
    await setLook(page, theme, width);
    const file = path.join(OUT, `${name}-${lang}-${theme}-${width}.png`);
    if (locator) {
      // The section's top just below the sticky header.
      await page.locator(locator).first().evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
      await page.waitForTimeout(200);
      await page.screenshot({ path: file });
    } else await page.screenshot({ path: file, fullPage: true });
  }
}

try {
  for (const lang of ['de', 'en'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(
      ([l, c]) => {
        localStorage.setItem('language', l!);
        localStorage.setItem('cookie-consent', c!);
      },
      [lang, CONSENT],
    );
    await page.goto(url);
    const email = `shots-${lang}-${Date.now()}@example.com`;
    const reg = await page.request.post(`${url}/api/auth/register`, { data: { email, password: 'shots-password-123', firstName: 'Erika' } });
    if (!reg.ok()) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
    let link: URL | null = null;
    for (let i = 0; i < 40 && !link; i++) {
      const mail = (await sentMails(dataDir)).find((m) => m.to.includes(email));
      link = mail ? linkIn(mail, '/verify-email') : null;
      if (!link) await new Promise((r) => setTimeout(r, 250));
    }
    await page.request.post(`${url}/api/auth/verify-email`, { data: { token: link!.searchParams.get('token') } });

    await page.goto(`${url}/new-project`);
    await page.getByTestId('project-name').fill(lang === 'de' ? 'Gartenweg 3 – 3 Zimmer' : 'Garden Lane 3 – 3 rooms');
    await page.getByTestId('file-input').setInputFiles(await roomPhotos(3));
    const types = page.getByTestId('room-type');
    await types.nth(2).waitFor();
    await types.nth(0).selectOption('bedroom');
    await types.nth(1).selectOption('bedroom');
    await types.nth(2).selectOption('dining_room');
    await page.getByTestId('variations-2').click();
    await shoot(page, 'new-project', lang);

    await setLook(page, 'light', 1280);
    await page.getByTestId('start-staging').click();
    await page.getByTestId('result-variations').waitFor({ timeout: 180_000 });
    await page.getByTestId('variation-picker').first().getByTestId('use-variation').first().click();
    await page.waitForTimeout(1500);
    await shoot(page, 'result-picker', lang, '[data-testid="result-variations"]');

    await page.getByTestId('view-project').click();
    await page.getByTestId('variation-pickers').waitFor();
    await page.waitForTimeout(1000);
    await shoot(page, 'project-picker', lang, '[data-testid="variation-pickers"]');
    await context.close();
  }
} finally {
  await browser.close();
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  await exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
