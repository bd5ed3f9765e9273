/**
 * Screenshots of the admin area (four pages + the no-access page) in DE/EN × light/dark at 1440
 * and 375 px, for looking at the work. Not a test. Run against a dev server with an admin account:
 *   BASE_URL=http://localhost:5203 ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=… USER_EMAIL=… USER_PASSWORD=… \
 *     npx tsx e2e/tools/screenshots-admin.ts [filter…]
 * Filters match shot names (e.g. "analytics", "users-de-dark"). Output: $OUT_DIR (default /tmp/shots-w3).
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const BASE = process.env.BASE_URL ?? 'http://localhost:5203';
const OUT = process.env.OUT_DIR ?? '/tmp/shots-w3';
const filters = process.argv.slice(2);
const LANGS = ['de', 'en'] as const;
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 375] as const;
const CONSENT = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: new Date().toISOString() });

const SHOTS = [
  { name: 'dashboard', path: '/admin', ready: 'system-database', as: 'admin' },
  { name: 'analytics', path: '/admin/analytics', ready: 'chart-summary', as: 'admin' },
  { name: 'users', path: '/admin/user', ready: 'signup-row', as: 'admin' },
  { name: 'console', path: '/admin/console', ready: 'console-frame', as: 'admin' },
  { name: 'noaccess', path: '/admin', ready: 'admin-no-access', as: 'user' },
] as const;

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in through the API once; every shot starts a fresh context (its own viewport) from the cookie. */
async function signIn(browser: Browser, email: string, password: string): Promise<Session> {
  const context = await browser.newContext();
  const res = await context.request.post(`${BASE}/api/auth/login`, { data: { email, password }, headers: { origin: BASE } });
  if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(OUT, { recursive: true });
const sessions = {
  admin: await signIn(browser, process.env.ADMIN_EMAIL ?? 'admin@example.com', process.env.ADMIN_PASSWORD ?? 'admin-password-1'),
  user: await signIn(browser, process.env.USER_EMAIL ?? 'jonas@example.com', process.env.USER_PASSWORD ?? 'user-password-1'),
};
try {
  for (const shot of SHOTS)
    for (const lang of LANGS)
      for (const theme of THEMES)
        for (const width of WIDTHS) {
          const name = `${shot.name}-${lang}-${theme}-${width}`;
          if (filters.length && !filters.some((f) => name.includes(f))) continue;
          const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: sessions[shot.as] });
          const page = await context.newPage();
          await page.addInitScript(
            ([l, th, c]) => {
              localStorage.setItem('language', l!);
              localStorage.setItem('theme', th!);
              localStorage.setItem('cookie-consent', c!);
            },
            [lang, theme, CONSENT],
          );
          await page.goto(`${BASE}${shot.path}`);
          await page.getByTestId(shot.ready).first().waitFor({ timeout: 15_000 });
          await page.waitForTimeout(600);
          await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: shot.name !== 'console' });
          await context.close();
          console.log(name);
        }
} finally {
  await browser.close();
}
