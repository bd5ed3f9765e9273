/**
 * Screenshots (and an axe scan) of the billing screens in DE/EN × light/dark at 1440 and 375 px,
 * for looking at the work. Not a test. Needs the app with billing pointed at a FakeStripe
 * (e2e/tools/fake-stripe-server.ts) and a dev server:
 *   BASE_URL=http://localhost:5204 FAKE_STRIPE_URL=http://127.0.0.1:12174 npx tsx e2e/tools/screenshots-billing.ts [filter…]
 * Output: $OUT_DIR (default /tmp/shots-billing).
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { installStripeDouble, TEST_CARDS } from '../fixtures/stripe-js-double.js';

const BASE = process.env.BASE_URL ?? 'http://localhost:5204';
const FAKE = process.env.FAKE_STRIPE_URL ?? 'http://127.0.0.1:12174';
const OUT = process.env.OUT_DIR ?? '/tmp/shots-billing';
const filters = process.argv.slice(2);
const LANGS = ['de', 'en'] as const;
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 375] as const;
const CONSENT = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: new Date().toISOString() });

type Who = 'anonymous' | 'free' | 'paid' | 'popup' | 'ending' | 'pastDue' | 'admin';
type Shot = { name: string; path: string | ((ctx: { popupUrl: string }) => string); who: Who; fullPage?: boolean; act?: (page: Page) => Promise<void> };

const openModal = async (page: Page) => {
  await page.getByTestId('credits-display').click();
  await page.getByTestId('subscription-modal').waitFor();
  await page.waitForTimeout(400);
};

const SHOTS: Shot[] = [
  { name: 'modal-plans', path: '/', who: 'free', fullPage: false, act: openModal },
  {
    name: 'modal-yearly',
    path: '/',
    who: 'free',
    fullPage: false,
    act: async (page) => {
      await openModal(page);
      await page.getByTestId('billing-cycle-yearly').click();
      await page.waitForTimeout(200);
    },
  },
  {
    name: 'modal-checkout',
    path: '/',
    who: 'free',
    fullPage: false,
    act: async (page) => {
      await openModal(page);
      await page.getByTestId('choose-pro').click();
      await page.getByTestId('stripe-double-card').waitFor();
      await page.getByTestId('stripe-double-card').fill(TEST_CARDS.ok);
      await page.waitForTimeout(400);
    },
  },
  { name: 'modal-paid', path: '/', who: 'paid', fullPage: false, act: openModal },
  {
    name: 'modal-downgrade',
    path: '/',
    who: 'paid',
    fullPage: false,
    act: async (page) => {
      await openModal(page);
      await page.getByTestId('choose-free').click();
      await page.getByTestId('downgrade-dialog').waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'modal-change-upgrade',
    path: '/',
    who: 'paid',
    fullPage: false,
    act: async (page) => {
      await openModal(page);
      await page.getByTestId('choose-business').click();
      await page.getByTestId('change-due-now').waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'modal-ending', path: '/', who: 'ending', fullPage: false, act: openModal },
  {
    name: 'settings-billing',
    path: '/dashboard',
    who: 'ending',
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('profile-menu').click();
      await page.getByTestId('menu-settings').click();
      await page.getByTestId('settings-tab-billing').click();
      await page.getByTestId('plan-status').waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'banner-payment-failed', path: '/dashboard', who: 'pastDue', fullPage: false, act: async (page) => void (await page.getByTestId('payment-failed-banner').waitFor()) },
  {
    name: 'sales-form',
    path: '/',
    who: 'anonymous',
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('plan-business').getByTestId('contact-sales').click();
      await page.getByTestId('sales-dialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  { name: 'admin-sales', path: '/admin/sales', who: 'admin', act: async (page) => void (await page.getByTestId('sales-row').first().waitFor()) },
  { name: 'admin-users-eur', path: '/admin/user', who: 'admin', act: async (page) => void (await page.getByTestId('plan-revenue-pro').waitFor()) },
  { name: 'subscribe-anon', path: '/subscribe', who: 'anonymous' },
  { name: 'subscribe-free', path: '/subscribe', who: 'free' },
  { name: 'subscribe-paid', path: '/subscribe', who: 'paid' },
  {
    name: 'subscribe-checkout',
    path: '/subscribe',
    who: 'free',
    act: async (page) => {
      await page.getByTestId('billing-cycle-yearly').click();
      await page.getByTestId('choose-business').click();
      await page.getByTestId('stripe-double-card').waitFor();
      await page.waitForTimeout(400);
    },
  },
  { name: 'popup-invalid', path: '/subscribe-popup', who: 'anonymous', fullPage: false },
  {
    name: 'popup-success',
    path: ({ popupUrl }) => popupUrl,
    who: 'popup',
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('popup-success').waitFor();
    },
  },
];

const wanted = (name: string) => filters.length === 0 || filters.some((f) => name.includes(f));

async function newContext(browser: Browser, opts: { lang: string; theme: string; width: number; storageState?: string }) {
  const context = await browser.newContext({ viewport: { width: opts.width, height: opts.width < 500 ? 812 : 900 }, deviceScaleFactor: 1, storageState: opts.storageState });
  await context.addInitScript(
    ({ lang, theme, consent }) => {
      localStorage.setItem('language', lang);
      localStorage.setItem('theme', theme);
      localStorage.setItem('cookie-consent', consent);
    },
    { lang: opts.lang, theme: opts.theme, consent: CONSENT },
  );
  await installStripeDouble(context, { fakeStripeUrl: FAKE });
  return context;
}

/** A new account (through the API); returns its storage state file. */
async function account(browser: Browser, name: string, setup?: (request: APIRequestContext) => Promise<void>, fixedEmail?: string) {
  const context = await browser.newContext();
  const email = fixedEmail ?? `shots-${name}-${Date.now()}@example.com`;
  const response = await context.request.post(`${BASE}/api/auth/register`, { data: { email, password: 'correct horse battery', firstName: 'Lena', lastName: 'Vogel' } });
  if (!response.ok()) throw new Error(`register ${name}: ${response.status()} ${await response.text()}`);
  await setup?.(context.request);
  const file = path.join(OUT, `state-${name}.json`);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

/** Checkout through the API: a SetupIntent, the card confirmed at the fake (as Stripe.js would). */
async function confirmedSetup(request: APIRequestContext, planId: string, billingCycle: string) {
  const setup = await request.post(`${BASE}/api/get-or-create-subscription`, { data: { planId, billingCycle } });
  const { clientSecret, setupIntentId } = (await setup.json()) as { clientSecret: string; setupIntentId: string };
  await fetch(`${FAKE}/_fake/setup_intents/${setupIntentId}/confirm`, { method: 'POST', body: new URLSearchParams({ client_secret: clientSecret }) });
  return { clientSecret, setupIntentId };
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const states: Partial<Record<Who, string>> = {};
  states.free = await account(browser, 'free');
  states.paid = await account(browser, 'paid', async (request) => {
    const { setupIntentId } = await confirmedSetup(request, 'pro', 'monthly');
    await request.post(`${BASE}/api/complete-subscription`, { data: { setupIntentId } });
  });
  states.ending = await account(browser, 'ending', async (request) => {
    const { setupIntentId } = await confirmedSetup(request, 'business', 'yearly');
    await request.post(`${BASE}/api/complete-subscription`, { data: { setupIntentId } });
    await request.post(`${BASE}/api/downgrade-to-free`);
  });
  // The past-due account: its renewal fails at the fake, whose webhooks (--webhook) move the account.
  states.pastDue = await account(browser, 'pastdue', async (request) => {
    const { setupIntentId } = await confirmedSetup(request, 'pro', 'monthly');
    await request.post(`${BASE}/api/complete-subscription`, { data: { setupIntentId } });
    const list = (await (await fetch(`${FAKE}/v1/subscriptions?limit=1`, { headers: { authorization: 'Bearer sk_test_fake_raumwerk' } })).json()) as { data: Array<{ id: string }> };
    const id = list.data[0]!.id;
    await fetch(`${FAKE}/_fake/subscriptions/${id}/fail_next_payment`, { method: 'POST' });
    await fetch(`${FAKE}/_fake/subscriptions/${id}/advance`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
  });
  // An admin, granted with the CLI (`npm run admin -- grant`, needs DATABASE_URL of the app).
  const adminEmail = `shots-admin-${Date.now()}@example.com`;
  states.admin = await account(browser, 'admin', async () => undefined, adminEmail);
  execFileSync('npx', ['tsx', 'server/src/auth/admin-cli.ts', 'grant', adminEmail], { stdio: 'inherit' });
  await fetch(`${BASE}/api/sales-inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ name: 'Mara Keller', email: 'mara@keller-immobilien.de', company: 'Keller Immobilien GmbH', seats: 12, message: 'Wir brauchen rund 800 Bilder im Monat für drei Büros in Hamburg und Lübeck.', locale: 'de' }),
  });
  let popupUrl = '';
  states.popup = await account(browser, 'popup', async (request) => {
    const { clientSecret, setupIntentId } = await confirmedSetup(request, 'business', 'yearly');
    popupUrl = `/subscribe-popup?${new URLSearchParams({ client_secret: clientSecret, setup_intent_id: setupIntentId, plan: 'business', cycle: 'yearly' })}`;
  });

  const report: string[] = [];
  for (const shot of SHOTS) {
    for (const lang of LANGS) {
      for (const theme of THEMES) {
        for (const width of WIDTHS) {
          const name = `${shot.name}-${lang}-${theme}-${width}`;
          if (!wanted(name)) continue;
          const context = await newContext(browser, { lang, theme, width, storageState: shot.who === 'anonymous' ? undefined : states[shot.who] });
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          page.on('console', (m) => m.type() === 'error' && !m.text().includes('401 (Unauthorized)') && errors.push(m.text()));
          // The popup page closes itself / moves on after 2 s: keep it in place for the picture.
          await page.addInitScript(() => {
            window.close = () => undefined;
            const original = window.setTimeout.bind(window);
            (window as unknown as { setTimeout: typeof window.setTimeout }).setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) =>
              original(fn, ms !== undefined && ms >= 1000 ? 600_000 : ms, ...rest)) as typeof window.setTimeout;
          });
          const target = typeof shot.path === 'string' ? shot.path : shot.path({ popupUrl });
          await page.goto(`${BASE}${target}`);
          await page.waitForLoadState('networkidle');
          await page.evaluate(() => document.fonts.ready);
          if (target.startsWith('/subscribe?') || target === '/subscribe') await page.getByTestId('plan-grid').waitFor();
          if (shot.act) await shot.act(page);
          await page.waitForTimeout(250);
          await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: shot.fullPage ?? true });
          const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
          const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          const line = `${name}: axe ${bad.length ? bad.map((v) => `${v.id}(${v.nodes.length}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')})`).join(', ') : 'ok'}${errors.length ? ` | errors: ${errors.join(' / ')}` : ''}`;
          report.push(line);
          console.log(line);
          await context.close();
        }
      }
    }
  }
  writeFileSync(path.join(OUT, 'report.txt'), `${report.join('\n')}\n`);
  await browser.close();
}

await main();
