/**
 * Screenshots of the tool screens (new project, staging overlay and results, dashboard, My
 * Projects, project detail, image modal) in DE/EN × light/dark at 1440 and 375 px, for looking at
 * the work. Not a test. Run against a dev server (API + Vite) with room photos in $ROOMS_DIR:
 *   BASE_URL=http://localhost:5202 npx tsx e2e/tools/screenshots-tools.ts flow       # signs up, stages 2 projects through the UI
 *   BASE_URL=http://localhost:5202 npx tsx e2e/tools/screenshots-tools.ts [filter…]  # every screen
 * `flow` stores the account and the session's projects in $STATE_FILE for the second run.
 * AXE=1 also reports serious/critical axe violations per screen. Output: $OUT_DIR (default /tmp/shots-w2).
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BASE = process.env.BASE_URL ?? 'http://localhost:5202';
const OUT = process.env.OUT_DIR ?? '/tmp/shots-w2';
const ROOMS = process.env.ROOMS_DIR ?? '/tmp/w2-rooms';
const STATE_FILE = process.env.STATE_FILE ?? '/tmp/w2-state.json';
const args = process.argv.slice(2);
const LANGS = ['de', 'en'] as const;
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 375] as const;
const CONSENT = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: new Date().toISOString() });

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

interface State {
  email: string;
  password: string;
  projectIds: string[];
  sessionProjects: string | null;
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(OUT, { recursive: true });

async function newPage(b: Browser, opts: { lang: string; theme: string; width: number; session?: string | null; storage?: Session }) {
  const context = await b.newContext({ viewport: { width: opts.width, height: 900 }, storageState: opts.storage });
  const page = await context.newPage();
  await page.addInitScript(
    ([l, th, c, s]) => {
      localStorage.setItem('language', l!);
      localStorage.setItem('theme', th!);
      localStorage.setItem('cookie-consent', c!);
      if (s && !sessionStorage.getItem('raumwerk.session-projects')) sessionStorage.setItem('raumwerk.session-projects', s);
    },
    [opts.lang, opts.theme, CONSENT, opts.session ?? ''],
  );
  return page;
}

const shoot = async (page: Page, name: string, fullPage = true) => {
  // A full-page shot of a scrolled page paints the sticky header mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(name);
};

async function signIn(email: string, password: string) {
  const context = await browser.newContext();
  const res = await context.request.post(`${BASE}/api/auth/login`, { data: { email, password }, headers: { origin: BASE } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function stageThroughUi(page: Page, title: string, files: string[], style: string, shotPrefix?: string) {
  await page.goto(`${BASE}/new-project`);
  await page.getByTestId('project-name').fill(title);
  await page.getByTestId('file-input').setInputFiles(files.map((f) => path.join(ROOMS, f)));
  await page.getByTestId(`style-${style}`).click();
  if (shotPrefix) await shoot(page, `${shotPrefix}-form-filled`);
  await page.getByTestId('start-staging').click();
  await page.getByTestId('progress-overlay').waitFor();
  if (shotPrefix) {
    await page.waitForTimeout(700);
    await shoot(page, `${shotPrefix}-overlay`, false);
  }
  await page.getByTestId('result-grid').waitFor({ timeout: 120_000 });
  if (shotPrefix) {
    await shoot(page, `${shotPrefix}-results`);
    await page.getByRole('button', { name: /1/ }).first().click();
    await page.getByTestId('compare-slider').waitFor();
    await page.waitForTimeout(800);
    await shoot(page, `${shotPrefix}-result-detail`, false);
    await page.keyboard.press('Escape');
  }
  const url = await page.getByTestId('view-project').getAttribute('href');
  return url!.split('/').pop()!;
}

try {
  if (args[0] === 'flow') {
    const email = `shots-${Date.now().toString(36)}@example.com`;
    const password = 'shots-password-1';
    const ctx = await browser.newContext();
    const res = await ctx.request.post(`${BASE}/api/auth/register`, { data: { email, password, firstName: 'Erika', lastName: 'Muster' }, headers: { origin: BASE } });
    if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
    await ctx.close();
    console.log(`registered ${email}; raise its credits now if needed`);
    const storage = await signIn(email, password);
    const page = await newPage(browser, { lang: 'en', theme: 'light', width: 1440, storage });
    const ids = [];
    ids.push(await stageThroughUi(page, 'Lindenstraße 14 – Living room', ['room-1.jpg', 'room-3-small.jpg'], 'scandinavian', 'flow-en-light-1440'));
    ids.push(await stageThroughUi(page, 'Penthouse Elbblick', ['room-2.jpg', 'room-4.jpg'], 'luxury'));
    const sessionProjects = await page.evaluate(() => sessionStorage.getItem('raumwerk.session-projects'));
    writeFileSync(STATE_FILE, JSON.stringify({ email, password, projectIds: ids, sessionProjects } satisfies State, null, 2));
    await page.context().close();
  } else if (args[0] === 'overlay') {
    // Overlay and results in each language/theme/width (costs credits).
    const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as State;
    const storage = await signIn(state.email, state.password);
    for (const lang of LANGS)
      for (const theme of THEMES)
        for (const width of WIDTHS) {
          const name = `flow-${lang}-${theme}-${width}`;
          if (args.length > 1 && !args.slice(1).some((f) => name.includes(f))) continue;
          const page = await newPage(browser, { lang, theme, width, storage });
          await stageThroughUi(page, lang === 'de' ? 'Musterwohnung Küche' : 'Sample flat kitchen', ['room-4.jpg'], 'industrial', name);
          await page.context().close();
        }
  } else {
    if (!existsSync(STATE_FILE)) throw new Error(`run "flow" first (${STATE_FILE} missing)`);
    const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as State;
    const storage = await signIn(state.email, state.password);
    const [projectId] = state.projectIds;
    const shots: { name: string; noSession?: boolean; run(page: Page): Promise<void> }[] = [
      { name: 'new-project', run: async (p) => { await p.goto(`${BASE}/new-project`); await p.getByTestId('drop-zone').waitFor(); } },
      {
        name: 'new-project-max',
        run: async (p) => {
          await p.goto(`${BASE}/new-project`);
          await p.getByTestId('file-input').setInputFiles(['room-1.jpg', 'room-2.jpg', 'room-3-small.jpg', 'room-4.jpg', 'room-1.jpg', 'room-2.jpg', 'room-4.jpg'].map((f, i) => ({ name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: readFileSync(path.join(ROOMS, f)) })));
          await p.getByTestId('picker-notice').waitFor();
        },
      },
      {
        name: 'new-project-filled',
        run: async (p) => {
          await p.goto(`${BASE}/new-project`);
          await p.getByTestId('project-name').fill('Hauptstraße 12');
          await p.getByTestId('file-input').setInputFiles(['room-1.jpg', 'room-3-small.jpg', 'room-2.jpg'].map((f) => path.join(ROOMS, f)));
          await p.getByTestId('style-custom').click();
          await p.getByTestId('low-res-warning').waitFor();
        },
      },
      { name: 'dashboard', run: async (p) => { await p.goto(`${BASE}/dashboard`); await p.getByTestId('session-project').first().waitFor(); } },
      { name: 'dashboard-empty', noSession: true, run: async (p) => { await p.goto(`${BASE}/dashboard`); await p.getByTestId('dashboard-empty').waitFor(); } },
      { name: 'dashboard-soon', run: async (p) => { await p.goto(`${BASE}/dashboard`); await p.getByTestId('tab-renovation').click(); } },
      { name: 'my-projects', run: async (p) => { await p.goto(`${BASE}/my-projects`); await p.getByTestId('project-card').first().waitFor(); await p.waitForTimeout(500); } },
      { name: 'my-projects-view', run: async (p) => { await p.goto(`${BASE}/my-projects`); await p.getByTestId('project-view').first().click(); await p.getByTestId('project-view-dialog').waitFor(); await p.waitForTimeout(500); } },
      { name: 'my-projects-delete', run: async (p) => { await p.goto(`${BASE}/my-projects`); await p.getByTestId('project-delete').first().click(); await p.getByTestId('delete-dialog').waitFor(); } },
      { name: 'project', run: async (p) => { await p.goto(`${BASE}/projects/${projectId}`); await p.getByTestId('image-pair').first().waitFor(); await p.waitForTimeout(600); } },
      {
        name: 'project-gallery',
        run: async (p) => {
          await p.goto(`${BASE}/projects/${projectId}`);
          await p.getByTestId('gallery-tab').click();
          await p.getByTestId('image-card').first().hover();
          await p.waitForTimeout(500);
        },
      },
      { name: 'project-modal', run: async (p) => { await p.goto(`${BASE}/projects/${projectId}`); await p.getByTestId('pair-view').first().click(); await p.getByTestId('image-modal').waitFor(); await p.waitForTimeout(800); } },
      {
        name: 'project-modal-compare',
        run: async (p) => {
          await p.goto(`${BASE}/projects/${projectId}`);
          await p.getByTestId('pair-view').first().click();
          await p.getByTestId('image-modal').waitFor();
          await p.keyboard.press('+');
          await p.getByRole('button', { name: /Compare with original|Mit Original vergleichen/ }).click();
          await p.waitForTimeout(800);
        },
      },
      { name: 'project-notfound', run: async (p) => { await p.goto(`${BASE}/projects/00000000-0000-4000-8000-000000000000`); await p.getByTestId('project-not-found').waitFor(); } },
    ];
    const filters = args;
    for (const shot of shots)
      for (const lang of LANGS)
        for (const theme of THEMES)
          for (const width of WIDTHS) {
            const name = `${shot.name}-${lang}-${theme}-${width}`;
            if (filters.length && !filters.some((f) => name.includes(f))) continue;
            const page = await newPage(browser, { lang, theme, width, storage, session: shot.noSession ? null : state.sessionProjects });
            try {
              await shot.run(page);
              await shoot(page, name, !shot.name.includes('modal'));
              if (process.env.AXE) {
                const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
                for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
                  console.log(`  AXE ${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(' | ')}`);
                }
              }
            } catch (error) {
              console.error(`${name}: ${(error as Error).message.split('\n')[0]}`);
            }
            await page.context().close();
          }
  }
} finally {
  await browser.close();
}
