import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { roomPhotos } from './fixtures/rooms.js';

/**
 * Issue #26: a real project name (60 characters with a long German compound) on a 375 px phone.
 * Every signed-in and public page, in German and English: the page is exactly as wide as the
 * screen (nothing widens it) and its primary action can be clicked (visible, not covered).
 * With SHOTS_DIR set, each page is also photographed at 375 and 1440 px, light and dark.
 */
const NAME = 'Musterstraße 12 – Dachgeschosswohnungsmodernisierung, Balkon';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const LANGUAGES = ['de', 'en'] as const;

interface Screen {
  name: string;
  path: string;
  /** The primary action (or, where there is none, the page's main element). */
  primary(page: Page): Locator;
  /** What to do once the page is there (open a dialog…) before the checks. */
  prepare?(page: Page): Promise<void>;
}

async function expectFitsTheScreen(page: Page, label: string) {
  const { scrollWidth, width, culprits } = await page.evaluate(() => {
    const width = window.innerWidth;
    // The innermost elements that reach past the right edge: what widens the page.
    const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > width + 0.5))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${el.textContent?.slice(0, 40) ?? ''}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits };
  });
  expect(scrollWidth, `${label}: the page is wider than the screen: ${culprits.join(' | ')}`).toBe(width);
}

async function expectClickable(locator: Locator, label: string) {
  await expect(locator, label).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  // A trial click checks that the element is enabled, stable and receives the click (nothing covers it).
  await locator.click({ trial: true, timeout: 5000 });
}

async function setLanguage(page: Page, language: 'de' | 'en') {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
}

async function shoot(page: Page, name: string, language: string, fullPage = !name.includes('modal') && !name.includes('view')) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const [size, viewport] of [
    ['375', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The app reads the system theme when it starts; the class is what its dark styles key on.
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(dir, `${name}-${language}-${scheme}-${size}.png`), fullPage });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize(PHONE);
}

async function visit(page: Page, screen: Screen, language: 'de' | 'en') {
  const label = `${language} ${screen.name} (${screen.path})`;
  await page.goto(screen.path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.waitForLoadState('networkidle');
  if (screen.prepare) await screen.prepare(page);
  await expectFitsTheScreen(page, label);
  await expectClickable(screen.primary(page), label);
  await expectFitsTheScreen(page, label);
  await shoot(page, screen.name, language);
}

test('phone layout: every page fits 375 px with a 60-character project name, primary actions clickable, DE and EN', async ({ page, browser }) => {
  test.setTimeout(600_000);
  expect(NAME).toHaveLength(60);
  await page.setViewportSize(PHONE);
  // The theme follows the system (emulateMedia switches it for the screenshots).
  await withPreferences(page, { language: 'de', consent: true });
  await signUp(page, { firstName: 'Maximiliane-Friederike' });

  // One staged photo under the long name, and its public share link.
  await page.goto('/new-project');
  await page.getByTestId('project-name').fill(NAME);
  await page.getByTestId('file-input').setInputFiles(await roomPhotos(1));
  await page.getByTestId('room-type').first().selectOption('living_room');
  await expectFitsTheScreen(page, 'new project with the long name');
  await expect(page.getByTestId('summary-name')).toHaveAttribute('title', NAME);
  await expectClickable(page.getByTestId('start-staging'), 'start staging');
  await shoot(page, 'new-project-filled', 'de');
  await page.getByTestId('start-staging').click();
  await expect(page.getByTestId('view-project')).toBeVisible({ timeout: 120_000 });
  await expectFitsTheScreen(page, 'result screen');
  await expectClickable(page.getByTestId('view-project'), 'result: view project');
  await shoot(page, 'result', 'de');
  await page.getByTestId('view-project').click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/);
  const projectPath = new URL(page.url()).pathname;
  await page.getByTestId('share-create').click();
  // The dialog asks for the page's public title, prefilled with the project's name (issue #24): a public one instead.
  await page.getByTestId('share-public-title').fill('Helle Wohnung mit Balkon');
  await page.getByTestId('share-title-confirm').click();
  const shareUrl = new URL(await page.getByTestId('share-url').inputValue());

  const signedIn: Screen[] = [
    { name: 'home', path: '/', primary: (p) => p.getByTestId('home-new-project') },
    { name: 'dashboard', path: '/dashboard', primary: (p) => p.getByTestId('dashboard-new-project') },
    {
      // A new browser session made no projects yet: the dashboard lists the user's latest instead (issue #26).
      name: 'dashboard-recent',
      path: '/dashboard',
      primary: (p) => p.getByTestId('recent-project').first(),
      async prepare(p) {
        await p.evaluate(() => sessionStorage.removeItem('raumwerk.session-projects'));
        await p.reload();
        await expect(p.getByTestId('recent-projects')).toContainText('Musterstraße 12');
        await expect(p.getByTestId('dashboard-empty')).toHaveCount(0);
      },
    },
    { name: 'new-project', path: '/new-project', primary: (p) => p.getByTestId('drop-zone').getByRole('button', { name: /Dateien auswählen|Choose files/ }) },
    { name: 'my-projects', path: '/my-projects', primary: (p) => p.getByTestId('project-view').first() },
    {
      name: 'my-projects-view',
      path: '/my-projects',
      primary: (p) => p.getByTestId('project-view-dialog').getByRole('link'),
      async prepare(p) {
        await p.getByTestId('project-view').first().click();
        const dialog = p.getByTestId('project-view-dialog');
        await expect(dialog).toBeVisible();
        const box = (await dialog.boundingBox())!;
        expect(box.x, 'the View dialog starts on the screen').toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, 'the View dialog ends on the screen').toBeLessThanOrEqual(PHONE.width);
      },
    },
    { name: 'project', path: projectPath, primary: (p) => p.getByTestId('pair-view').first() },
    {
      name: 'project-modal',
      path: projectPath,
      primary: (p) => p.getByTestId('image-modal').getByRole('button', { name: /Vergleich|Compare/ }).first(),
      async prepare(p) {
        await p.getByTestId('pair-view').first().click();
        const modal = p.getByTestId('image-modal');
        await expect(modal).toBeVisible();
        // The modal clips what does not fit: every header button must be on the screen.
        for (const button of await modal.locator('header button').all()) {
          if (!(await button.isVisible())) continue;
          const box = (await button.boundingBox())!;
          expect(box.x + box.width, `modal button ${await button.getAttribute('aria-label')} on the screen`).toBeLessThanOrEqual(PHONE.width);
        }
      },
    },
    { name: 'subscribe', path: '/subscribe', primary: (p) => p.getByTestId('choose-pro') },
    { name: 'impressum', path: '/impressum', primary: (p) => p.getByRole('heading', { level: 1 }) },
    { name: 'not-found', path: '/no/such/page', primary: (p) => p.locator('main').getByRole('link').first() },
  ];
  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    for (const screen of signedIn) await visit(page, screen, language);
  }

  // Signed out: the account pages and the public share page, with their legal links.
  const visitor = await browser.newContext({ viewport: PHONE });
  const guest = await visitor.newPage();
  await withPreferences(guest, { language: 'de', consent: true });
  const signedOut: Screen[] = [
    { name: 'landing', path: '/', primary: (p) => p.getByTestId('hero-cta') },
    { name: 'sign-in', path: '/login', primary: (p) => p.getByTestId('signin-submit') },
    { name: 'sign-up', path: '/login?mode=signup', primary: (p) => p.getByTestId('signup-submit') },
    { name: 'forgot-password', path: '/forgot-password', primary: (p) => p.getByTestId('forgot-submit') },
    { name: 'verify-email', path: '/verify-email', primary: (p) => p.getByTestId('legal-links').getByRole('link').first() },
    { name: 'share', path: shareUrl.pathname, primary: (p) => p.getByTestId('legal-links').getByRole('link').nth(1) },
  ];
  for (const language of LANGUAGES) {
    await guest.goto('/');
    await setLanguage(guest, language);
    for (const screen of signedOut) {
      await visit(guest, screen, language);
      if (screen.name !== 'landing') await expect(guest.getByTestId('legal-links')).toBeVisible();
    }
    // The public page shows the public title, not the owner's internal project name.
    await guest.goto(shareUrl.pathname);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Helle Wohnung mit Balkon');
  }
  await visitor.close();
});
