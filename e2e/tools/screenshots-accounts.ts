/**
 * Screenshots of the account screens of issue #10 (confirm banner, new project before
 * confirmation, /verify-email, forgot/reset password, /confirm-email, Settings → Security, the
 * sign-in form's "Forgot password?") in DE/EN × light/dark at 1440 and 375 px. Not a test. Run
 * against a running app (`npm run build && npm start`, no SMTP_URL) whose DATA_DIR is $DATA_DIR:
 *   BASE_URL=http://localhost:5310 DATA_DIR=/tmp/aw-data npx tsx e2e/tools/screenshots-accounts.ts [filter…]
 * Output: $OUT_DIR (default /tmp/shots-accounts).
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const BASE = process.env.BASE_URL ?? 'http://localhost:5310';
const OUT = process.env.OUT_DIR ?? '/tmp/shots-accounts';
const filters = process.argv.slice(2);
const CONSENT = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: new Date().toISOString() });
const TOKEN = 'screenshotTokenAbcdefghijklmnop';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(OUT, { recursive: true });

type Variant = { lang: 'de' | 'en'; theme: 'light' | 'dark'; width: 1440 | 375 };
const variants: Variant[] = (['de', 'en'] as const).flatMap((lang) =>
  (['light', 'dark'] as const).flatMap((theme) => ([1440, 375] as const).map((width) => ({ lang, theme, width }))),
);

let counter = 0;
/**
 * One signed-in (unconfirmed) and one signed-out browser context per variant: registering is
 * rate-limited per address (20 an hour), so every signed-in screen of a variant shares one account.
 */
const contexts = new Map<string, { context: BrowserContext; email: string }>();
async function contextFor(v: Variant, signedIn: boolean) {
  const key = `${v.lang}-${v.theme}-${v.width}-${signedIn}`;
  const known = contexts.get(key);
  if (known) return known;
  const context = await browser.newContext({ viewport: { width: v.width, height: v.width === 375 ? 812 : 900 } });
  await context.addInitScript(
    ([l, th, c]) => {
      localStorage.setItem('language', l!);
      localStorage.setItem('theme', th!);
      localStorage.setItem('cookie-consent', c!);
    },
    [v.lang, v.theme, CONSENT],
  );
  let email = '';
  if (signedIn) {
    email = `lena.vogel+${Date.now().toString(36)}${++counter}@example.com`;
    const res = await context.request.post(`${BASE}/api/auth/register`, {
      data: { email, password: 'correct horse battery', firstName: 'Lena', lastName: 'Vogel', language: v.lang },
      headers: { origin: BASE },
    });
    if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  }
  const entry = { context, email };
  contexts.set(key, entry);
  return entry;
}

async function pageFor(v: Variant, account: 'none' | 'signed-in') {
  const { context, email } = await contextFor(v, account === 'signed-in');
  const page = await context.newPage();
  return { page, email, close: () => page.close() };
}

async function shoot(page: Page, name: string, v: Variant, fullPage = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(350);
  const file = `${name}-${v.lang}-${v.theme}-${v.width}.png`;
  await page.screenshot({ path: path.join(OUT, file), fullPage });
  console.log(file);
}

/** Answers one API call as the server would for a valid link (the tool has no real token for every variant). */
async function answer(page: Page, url: string, status: number, body?: unknown) {
  await page.route(`${BASE}${url}`, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: body === undefined ? '' : JSON.stringify(body) }),
  );
}

const screens: Record<string, (v: Variant) => Promise<void>> = {
  async 'banner-home'(v) {
    const { page, close } = await pageFor(v, 'signed-in');
    await page.goto(`${BASE}/`);
    await page.getByTestId('verify-email-banner').waitFor();
    await page.getByTestId('verify-email-resend').click();
    await page.getByTestId('verify-email-feedback').waitFor();
    await shoot(page, 'banner-home', v, false);
    await close();
  },
  async 'banner-rate-limited'(v) {
    const { page, close } = await pageFor(v, 'signed-in');
    await answer(page, '/api/auth/verify-email/resend', 429, { message: 'Too many requests.', code: 'rate_limited' });
    await page.goto(`${BASE}/dashboard`);
    await page.getByTestId('verify-email-resend').click();
    await page.getByTestId('verify-email-feedback').waitFor();
    await shoot(page, 'banner-rate-limited', v, false);
    await close();
  },
  async 'new-project-unverified'(v) {
    const { page, close } = await pageFor(v, 'signed-in');
    await page.goto(`${BASE}/new-project`);
    await page.getByTestId('staging-error').waitFor();
    await shoot(page, 'new-project-unverified', v, false);
    await close();
  },
  async 'verify-email-done'(v) {
    const { page, email, close } = await pageFor(v, 'signed-in');
    await answer(page, '/api/auth/verify-email', 200, { email, emailVerified: true });
    await page.goto(`${BASE}/verify-email?token=${TOKEN}`);
    await page.getByTestId('verify-email-done').waitFor();
    await shoot(page, 'verify-email-done', v);
    await close();
  },
  async 'verify-email-invalid'(v) {
    const { page, close } = await pageFor(v, 'signed-in');
    await page.goto(`${BASE}/verify-email?token=${TOKEN}`);
    await page.getByTestId('verify-email-invalid').waitFor();
    await page.getByTestId('verify-email-resend').click();
    await page.getByTestId('verify-email-feedback').waitFor();
    await shoot(page, 'verify-email-invalid', v);
    await close();
  },
  async 'sign-in'(v) {
    const { page, close } = await pageFor(v, 'none');
    await page.goto(`${BASE}/login`);
    await page.getByTestId('forgot-password-link').waitFor();
    await shoot(page, 'sign-in', v);
    await close();
  },
  async 'forgot-password'(v) {
    const { page, close } = await pageFor(v, 'none');
    await page.goto(`${BASE}/forgot-password`);
    await page.getByTestId('forgot-submit').waitFor();
    await shoot(page, 'forgot-password', v);
    await page.locator('#forgot-email').fill('lena.vogel@example.com');
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('reset-requested').waitFor();
    await shoot(page, 'forgot-password-sent', v);
    await close();
  },
  async 'reset-password'(v) {
    const { page, close } = await pageFor(v, 'none');
    await page.goto(`${BASE}/reset-password?token=${TOKEN}`);
    await page.locator('#reset-password').fill('short');
    await page.locator('#reset-confirm').fill('other');
    await page.getByTestId('reset-submit').click();
    await shoot(page, 'reset-password-form', v);
    await page.locator('#reset-password').fill('a-new-password-1');
    await page.locator('#reset-confirm').fill('a-new-password-1');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-invalid').waitFor();
    await shoot(page, 'reset-password-invalid', v);
    await page.goto(`${BASE}/reset-password?token=${TOKEN}`);
    await answer(page, '/api/auth/password-reset', 204);
    await page.locator('#reset-password').fill('a-new-password-1');
    await page.locator('#reset-confirm').fill('a-new-password-1');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-done').waitFor();
    await shoot(page, 'reset-password-done', v);
    await close();
  },
  async 'confirm-email'(v) {
    const { page, close } = await pageFor(v, 'signed-in');
    await answer(page, '/api/auth/confirm-email', 200, { email: 'lena@vogel-immobilien.de', emailVerified: true });
    await page.goto(`${BASE}/confirm-email?token=${TOKEN}`);
    await page.getByTestId('confirm-email-done').waitFor();
    await shoot(page, 'confirm-email-done', v);
    await page.unroute(`${BASE}/api/auth/confirm-email`);
    await page.goto(`${BASE}/confirm-email?token=${TOKEN}x`);
    await page.getByTestId('confirm-email-invalid').waitFor();
    await shoot(page, 'confirm-email-invalid', v);
    await close();
  },
  async 'settings-security'(v) {
    const { page, close } = await pageFor(v, 'signed-in');
    await page.goto(`${BASE}/`);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-tab-security').click();
    await page.getByTestId('change-password-form').waitFor();
    await shoot(page, 'settings-security', v, false);
    await page.locator('#new-email').fill('lena@vogel-immobilien.de');
    await page.locator('#email-current-password').fill('correct horse battery');
    await page.getByTestId('change-email-submit').click();
    await page.getByTestId('email-change-pending').waitFor();
    await page.getByTestId('email-change-pending').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `settings-security-pending-${v.lang}-${v.theme}-${v.width}.png`) });
    console.log(`settings-security-pending-${v.lang}-${v.theme}-${v.width}.png`);
    await close();
  },
};

try {
  for (const [name, run] of Object.entries(screens)) {
    if (filters.length && !filters.some((f) => name.includes(f))) continue;
    for (const v of variants) await run(v);
  }
} finally {
  for (const { context } of contexts.values()) await context.close();
  await browser.close();
}
