import { expect, test, type Page } from '@playwright/test';
import { withPreferences } from './fixtures/accounts.js';

/**
 * Public pages: the cookie banner and its settings panel (spec §4 cookie consent), and the 404
 * page. These visits start without a stored consent (`withPreferences` only sets the language).
 */
const BANNER = {
  de: { title: 'Wir respektieren Ihre Privatsphäre', acceptAll: 'Alle akzeptieren', necessaryOnly: 'Nur notwendige', panel: 'Cookie-Einstellungen' },
  en: { title: 'We respect your privacy', acceptAll: 'Accept all', necessaryOnly: 'Necessary only', panel: 'Cookie settings' },
} as const;

interface StoredConsent {
  preferences: { necessary: boolean; analytics: boolean; marketing: boolean };
  timestamp: string;
}

const storedConsent = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('cookie-consent');
    return raw ? (JSON.parse(raw) as StoredConsent) : null;
  });

/** Records the 'preferences-changed' events the app fires when consent is saved. */
async function recordPreferenceEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __preferenceEvents: unknown[] };
    w.__preferenceEvents = [];
    window.addEventListener('preferences-changed', (event) => w.__preferenceEvents.push((event as CustomEvent).detail));
  });
  return () => page.evaluate(() => (window as unknown as { __preferenceEvents: unknown[] }).__preferenceEvents);
}

/** The analytics events the browser sends (first-party, only with analytics consent). */
function watchAnalytics(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/events') && request.method() === 'POST') sent.push((request.postDataJSON() as { event: string }).event);
  });
  return sent;
}

test.describe('cookie consent', () => {
  for (const lang of ['de', 'en'] as const) {
    test(`${lang.toUpperCase()}: the first visit shows the banner; "Accept all" stores every category and hides it for good`, async ({ page }) => {
      await withPreferences(page, { language: lang });
      const events = await recordPreferenceEvents(page);
      const analytics = watchAnalytics(page);
      const before = Date.now();
      await page.goto('/');
      const banner = page.getByTestId('cookie-banner');
      await expect(banner.getByRole('heading', { name: BANNER[lang].title })).toBeVisible();
      expect(await storedConsent(page)).toBeNull();

      await banner.getByRole('button', { name: BANNER[lang].acceptAll, exact: true }).click();
      await expect(banner).toBeHidden();
      const consent = await storedConsent(page);
      expect(consent).toEqual({ preferences: { necessary: true, analytics: true, marketing: true }, timestamp: expect.any(String) });
      expect(Date.parse(consent!.timestamp)).toBeGreaterThanOrEqual(before - 1000);
      expect(await events()).toEqual([{ necessary: true, analytics: true, marketing: true }]);

      // With consent, a call to action is counted; the banner stays away on the next visit.
      await page.getByTestId('hero-cta').click();
      await expect(page).toHaveURL(/\/login\?mode=signup$/);
      await expect.poll(() => analytics).toContain('cta_click');
      await page.goto('/');
      await expect(page.getByTestId('hero-cta')).toBeVisible();
      await expect(banner).toHaveCount(0);
    });
  }

  test('"Necessary only" in a second browser context stores analytics and marketing off, and nothing is counted', async ({ browser }) => {
    const first = await browser.newContext();
    const firstPage = await first.newPage();
    await withPreferences(firstPage, { language: 'en' });
    await firstPage.goto('/');
    await firstPage.getByTestId('cookie-accept-all').click();
    await expect(firstPage.getByTestId('cookie-banner')).toBeHidden();

    // A second context shares nothing with the first: the banner asks again.
    const second = await browser.newContext();
    const page = await second.newPage();
    await withPreferences(page, { language: 'en' });
    const analytics = watchAnalytics(page);
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Necessary only', exact: true }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toEqual({ preferences: { necessary: true, analytics: false, marketing: false }, timestamp: expect.any(String) });
    expect((await storedConsent(firstPage))?.preferences).toEqual({ necessary: true, analytics: true, marketing: true });

    await page.getByTestId('hero-cta').click();
    await expect(page).toHaveURL(/\/login\?mode=signup$/);
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(analytics).toEqual([]);
    await first.close();
    await second.close();
  });

  test('the footer reopens the settings panel; switching analytics on and saving persists', async ({ page }) => {
    await withPreferences(page, { language: 'de' });
    const events = await recordPreferenceEvents(page);
    await page.goto('/impressum');
    await page.getByTestId('cookie-necessary-only').click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();

    await page.getByTestId('footer-cookie-settings').click();
    const panel = page.getByTestId('cookie-settings');
    await expect(panel.getByRole('heading', { name: BANNER.de.panel })).toBeVisible();
    const necessary = panel.getByTestId('switch-necessary');
    const analyticsSwitch = panel.getByTestId('switch-analytics');
    const marketing = panel.getByTestId('switch-marketing');
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await expect(analyticsSwitch).not.toBeChecked();
    await expect(marketing).not.toBeChecked();
    // Switches are reachable by their labels.
    await expect(panel.getByRole('switch', { name: 'Analyse' })).toHaveCount(1);

    await analyticsSwitch.click();
    await expect(analyticsSwitch).toBeChecked();
    await panel.getByTestId('cookie-save').click();
    await expect(panel).toBeHidden();
    expect((await storedConsent(page))?.preferences).toEqual({ necessary: true, analytics: true, marketing: false });
    expect(await events()).toEqual([
      { necessary: true, analytics: false, marketing: false },
      { necessary: true, analytics: true, marketing: false },
    ]);

    // After a reload the banner stays away and the panel shows the saved choice.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await page.getByTestId('footer-cookie-settings').click();
    await expect(panel.getByTestId('switch-analytics')).toBeChecked();
    await expect(panel.getByTestId('switch-marketing')).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    expect((await storedConsent(page))?.preferences).toEqual({ necessary: true, analytics: true, marketing: false });
  });
});

test.describe('404 page', () => {
  const TEXT = {
    de: { text: 'Die gesuchte Seite existiert nicht oder wurde verschoben.', home: 'Zur Startseite' },
    en: { text: 'The page you are looking for does not exist or has moved.', home: 'Back to the start page' },
  } as const;

  for (const lang of ['de', 'en'] as const) {
    test(`${lang.toUpperCase()}: an unknown path shows '404 Page Not Found' and leads back home`, async ({ page }) => {
      await withPreferences(page, { language: lang, consent: true });
      await page.goto('/gibt-es-nicht/ganz-sicher');
      await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
      await expect(page.getByText(TEXT[lang].text)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.getByRole('link', { name: TEXT[lang].home }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('hero-cta')).toBeVisible();
    });
  }
});

const HEADLINE = { de: 'Leere Räume, in Minuten eingerichtet.', en: 'Empty rooms, furnished in minutes.' } as const;

for (const [lang, locale] of [
  ['de', 'de-DE'],
  ['en', 'en-US'],
] as const) {
  test.describe(`prerendered landing page, ${locale} browser without scripts`, () => {
    test.use({ locale, javaScriptEnabled: false });
    test(`${lang.toUpperCase()}: a first visit gets the landing page as HTML in the browser's language`, async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE[lang]);
      await expect(page.locator('#pricing')).toContainText('Business');
    });
  });
}

test.describe('prerendered landing page, German browser', () => {
  test.use({ locale: 'de-DE' });
  test('hydrates without errors and then works: banner, language switch, a stored choice', async ({ page }) => {
    const problems: string[] = [];
    // React reports hydration mismatches as console errors. (A signed-out user's 401 from
    // /api/auth/user is logged by the browser too: that one is expected.)
    page.on('console', (message) => message.type() === 'error' && !message.text().includes('status of 401') && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.de);
    // The cookie banner depends on this browser's storage: it appears once the app has taken over.
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    await page.getByTestId('cookie-necessary-only').click();
    await page.getByTestId('language-toggle').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(problems).toEqual([]);

    // A stored English choice wins over the German browser: the app renders English from scratch.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.en);
    await expect(page.getByTestId('sign-in-button')).toHaveAttribute('href', '/api/login');
    expect(problems).toEqual([]);
  });
});
