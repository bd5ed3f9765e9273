/**
 * Screenshots (and an axe scan) of the public and account screens in DE/EN × light/dark at 1440 and
 * 375 px, for looking at the work. Not a test. Run against a dev server:
 *   BASE_URL=http://localhost:5201 npx tsx e2e/tools/screenshots-public.ts [filter…]
 * Filters match shot names (e.g. "landing", "home-de-dark"). Output: $OUT_DIR (default /tmp/shots-w1).
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BASE = process.env.BASE_URL ?? 'http://localhost:5201';
const OUT = process.env.OUT_DIR ?? '/tmp/shots-w1';
const filters = process.argv.slice(2);
const LANGS = ['de', 'en'] as const;
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 375] as const;
const CONSENT = JSON.stringify({
  preferences: { necessary: true, analytics: false, marketing: false },
  timestamp: new Date().toISOString(),
});

type Shot = {
  name: string;
  path: string;
  signedIn?: boolean;
  consent?: boolean;
  fullPage?: boolean;
  act?: (page: Page) => Promise<void>;
};

const SHOTS: Shot[] = [
  { name: 'landing', path: '/' },
  { name: 'impressum', path: '/impressum' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/terms' },
  { name: 'notfound', path: '/no-such-page' },
  { name: 'cookie-banner', path: '/', consent: false, fullPage: false },
  {
    name: 'cookie-settings',
    path: '/',
    consent: false,
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('cookie-settings-open').click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'home', path: '/', signedIn: true },
  {
    name: 'settings',
    path: '/',
    signedIn: true,
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('profile-menu').click();
      await page.getByTestId('menu-settings').click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'delete-confirm',
    path: '/',
    signedIn: true,
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('profile-menu').click();
      await page.getByTestId('menu-settings').click();
      await page.getByTestId('settings-tab-account').click();
      await page.getByTestId('delete-account-button').click();
      await page.getByTestId('delete-confirm-dialog').waitFor();
      await page.waitForTimeout(300);
    },
  },
];

const wanted = (name: string) => filters.length === 0 || filters.some((f) => name.includes(f));

async function newContext(
  browser: Browser,
  opts: { lang: string; theme: string; width: number; consent: boolean; storageState?: string },
) {
  const context = await browser.newContext({
    viewport: { width: opts.width, height: opts.width < 500 ? 812 : 900 },
    deviceScaleFactor: 1,
    storageState: opts.storageState,
  });
  await context.addInitScript(
    ({ lang, theme, consent }) => {
      localStorage.setItem('language', lang);
      localStorage.setItem('theme', theme);
      if (consent) localStorage.setItem('cookie-consent', consent);
      else localStorage.removeItem('cookie-consent');
    },
    { lang: opts.lang, theme: opts.theme, consent: opts.consent ? CONSENT : '' },
  );
  return context;
}

async function signUp(browser: Browser): Promise<string> {
  const file = path.join(OUT, 'state.json');
  const context = await newContext(browser, {
    lang: 'de',
    theme: 'light',
    width: 1440,
    consent: true,
  });
  const page = await context.newPage();
  await page.goto(`${BASE}/login?mode=signup`);
  const email = `shots-${Date.now()}@example.com`;
  await page.getByLabel(/Vorname/).fill('Lena');
  await page.getByLabel(/Nachname/).fill('Vogel');
  await page.getByLabel(/E-Mail/).fill(email);
  await page.getByLabel(/Passwort/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await page.waitForURL(`${BASE}/`);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // Trigger lazy images below the fold before a full-page shot.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(250);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const needsUser = SHOTS.some(
    (s) =>
      s.signedIn &&
      LANGS.some((l) =>
        THEMES.some((th) => WIDTHS.some((w) => wanted(`${s.name}-${l}-${th}-${w}`))),
      ),
  );
  const state = needsUser ? await signUp(browser) : undefined;
  const report: string[] = [];
  for (const shot of SHOTS) {
    for (const lang of LANGS) {
      for (const theme of THEMES) {
        for (const width of WIDTHS) {
          const name = `${shot.name}-${lang}-${theme}-${width}`;
          if (!wanted(name)) continue;
          const context: BrowserContext = await newContext(browser, {
            lang,
            theme,
            width,
            consent: shot.consent ?? true,
            storageState: shot.signedIn ? state : undefined,
          });
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          page.on(
            'console',
            (m) =>
              m.type() === 'error' &&
              !m.text().includes('401 (Unauthorized)') &&
              errors.push(m.text()),
          );
          await page.goto(`${BASE}${shot.path}`);
          await settle(page);
          if (shot.act) await shot.act(page);
          await page.screenshot({
            path: path.join(OUT, `${name}.png`),
            fullPage: shot.fullPage ?? true,
          });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          if (overflow > 0) errors.push(`horizontal overflow ${overflow}px`);
          const axe = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
            .analyze();
          const bad = axe.violations.filter(
            (v) => v.impact === 'serious' || v.impact === 'critical',
          );
          const line = `${name}: axe ${
            bad.length
              ? bad
                  .map(
                    (v) =>
                      `${v.id}(${v.impact}) ${v.nodes
                        .map((n) => n.target.join(' '))
                        .slice(0, 3)
                        .join(' | ')}`,
                  )
                  .join('; ')
              : 'ok'
          }${errors.length ? ` · console: ${errors.join(' / ')}` : ''}`;
          console.log(line);
          report.push(line);
          await context.close();
        }
      }
    }
  }
  writeFileSync(path.join(OUT, 'report.txt'), report.join('\n') + '\n');
  await browser.close();
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
