/**
 * Screenshots of the geometry lock's screens (image detail panel with "Room as photographed", the "Show
 * what changed" view, the refusal message) in DE/EN × light/dark at 1440 and 375 px, plus
 * side-by-side images (original | model output | delivered) of the corpus's good pair through the
 * whole pipeline. Not a test. Needs a build (`npm run build`); starts its own app with the openai
 * engine against the Images API fake (e2e/fixtures/openai-app.ts).
 *   npx tsx e2e/tools/screenshots-lock.ts            # output: $OUT_DIR (default /work/wt/shots/lock-wiring)
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { corpusImage } from '../../server/test/support/corpus.js';
import { driftedOutput } from '../../server/test/support/model-outputs.js';
import { startOpenAIApp } from '../fixtures/openai-app.js';

const OUT = process.env.OUT_DIR ?? '/work/wt/shots/lock-wiring';
mkdirSync(OUT, { recursive: true });
const CONSENT = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: new Date().toISOString() });
const app = await startOpenAIApp();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const drifted = await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: -1.2, scale: 1.05, shiftX: -0.02, shiftY: 0.015 });

async function setLook(page: Page, theme: 'light' | 'dark', width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
  }, theme);
  await page.waitForTimeout(500);
}

async function signedInPage(lang: 'de' | 'en') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([l, c]) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', l!);
      localStorage.setItem('cookie-consent', c!);
    },
    [lang, CONSENT],
  );
  await page.goto(`${app.url}/login?mode=signup`);
  await page.locator('#signup-first').fill('Erika');
  await page.locator('#signup-email').fill(`shots-${lang}-${Date.now()}@example.com`);
  await page.locator('#signup-password').fill('shots-password-123');
  await page.getByTestId('signup-submit').click();
  await page.getByTestId('profile-menu').waitFor();
  return page;
}

async function stage(page: Page, title: string) {
  await page.goto(`${app.url}/new-project`);
  await page.getByTestId('project-name').fill(title);
  await page.getByTestId('file-input').setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: corpusImage('furnish-before.jpg') });
  await page.getByTestId('start-staging').click();
}

try {
  for (const lang of ['de', 'en'] as const) {
    const page = await signedInPage(lang);
    // Locked: the detail panel and "Show what changed".
    app.fake.answers = [drifted];
    await stage(page, lang === 'de' ? 'Wohnzimmer Lindenstraße' : 'Living room Main Street');
    await page.getByTestId('view-project').waitFor({ timeout: 120_000 });
    await page.getByTestId('view-project').click();
    await page.getByTestId('pair-view').click();
    const modal = page.getByTestId('image-modal');
    await modal.getByTestId('room-lock').waitFor();
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1440, 375]) {
        await setLook(page, theme, width);
        if (await modal.getByTestId('change-highlight').isVisible()) await modal.getByTestId('show-changes').click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(OUT, `detail-${lang}-${theme}-${width}.png`) });
        if (width < 600) {
          await modal.getByTestId('room-lock').scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(OUT, `detail-panel-${lang}-${theme}-${width}.png`) });
        }
        await modal.getByTestId('show-changes').click();
        await modal.getByTestId('change-highlight').waitFor();
        await page.waitForTimeout(600);
        await modal.locator('[data-testid="zoom-viewport"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(OUT, `changes-${lang}-${theme}-${width}.png`) });
        console.log('detail', lang, theme, width);
      }
    }
    // Refused: another room in place of the staging.
    await setLook(page, 'light', 1440);
    app.fake.answers = [corpusImage('declutter-after.jpg')];
    await stage(page, lang === 'de' ? 'Verweigerter Raum' : 'Refused room');
    await page.getByTestId('staging-error').waitFor({ timeout: 120_000 });
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1440, 375]) {
        await setLook(page, theme, width);
        await page.getByTestId('staging-error').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(OUT, `refused-${lang}-${theme}-${width}.png`) });
        console.log('refused', lang, theme, width);
      }
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.stop();
}

