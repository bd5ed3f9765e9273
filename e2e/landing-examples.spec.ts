import { expect, test } from '@playwright/test';
import { completeSignUp, withPreferences } from './fixtures/accounts.js';
import { roomPhotos } from './fixtures/rooms.js';
import { shoot } from './fixtures/screenshots.js';

/**
 * Issue #26 items 10 and 11 (decision 039): the landing page shows the real example pairs (AVIF
 * where the browser takes it), says what the configured preview engine is, and credits the photos
 * in the legal notice; photos are named by their room on the result screen and the project page.
 * Offline engine. With SHOTS_DIR set, each screen at 375 and 1440 px, light and dark.
 */

for (const [lang, locale, note, credits, title] of [
  ['de', 'de-DE', 'eingebauten Vorschau-Engine', 'Nachweise und Lizenzhinweise', 'Beispielfotos'],
  ['en', 'en-US', 'built-in preview engine', 'credits and licence notices', 'Example photos'],
] as const) {
  test.describe(`${lang.toUpperCase()} landing page`, () => {
    test.use({ locale });

    test(`${lang.toUpperCase()}: the hero shows the real furnished pair as AVIF, the page says what the preview engine is, and the photos are credited`, async ({ page }) => {
      test.setTimeout(240_000);
      await withPreferences(page, { language: lang, theme: 'light', consent: true });
      await page.goto('/');
      const hero = page.getByTestId('hero-compare').locator('img');
      await expect(hero).toHaveCount(2);
      for (const side of ['after', 'before']) {
        const img = page.getByTestId('hero-compare').locator(`img[src*="furnish-${side}-"]`);
        await expect(img).toHaveJSProperty('complete', true);
        expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(new RegExp(`/examples/furnish-${side}-\\d+\\.avif$`));
        // Decoded: the browser took the AVIF (srcset scales naturalWidth to the slot).
        expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      }
      await expect(page.getByTestId('hero-preview-note')).toContainText(note);
      await expect(page.getByTestId('examples-preview-engine')).toBeVisible();
      await expect(page.getByTestId('example-declutter')).toHaveCount(0);
      // Below the fold the gallery waits for the visitor.
      await expect(page.getByTestId('example-realvibe-living').locator('img').first()).toHaveAttribute('loading', 'lazy');
      await shoot(page, `landing-${lang}`);

      await page.getByRole('link', { name: credits }).click();
      await expect(page).toHaveURL(/\/impressum#section-photo-credits$/);
      const section = page.locator('#section-photo-credits');
      await expect(section.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByTestId('photo-credits')).toContainText('Copyright (c) 2025 pachy0186-ai');
      await expect(page.getByTestId('photo-credits')).toContainText('Copyright (c) 2026 Mateus');
    });
  });
}

test('EN: the result screen and the project page name each photo by its room', async ({ page }) => {
  test.setTimeout(240_000);
  await withPreferences(page, { language: 'en', theme: 'light', consent: true });
  await page.goto('/login?mode=signup');
  await completeSignUp(page);
  await page.goto('/new-project');
  await page.getByTestId('project-name').fill('Garden Lane 5');
  await page.getByTestId('file-input').setInputFiles(await roomPhotos(3));
  const types = page.getByTestId('room-type');
  await expect(types).toHaveCount(3);
  await types.nth(0).selectOption('living_room');
  await types.nth(1).selectOption('bedroom');
  await types.nth(2).selectOption('bedroom');
  await page.getByTestId('start-staging').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staging complete' })).toBeVisible({ timeout: 120_000 });
  // Two bedrooms are numbered; the one living room is not; nothing says "Image N".
  for (const name of ['Open Living room', 'Open Bedroom 1', 'Open Bedroom 2']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('result-grid')).not.toContainText('Image');
  await shoot(page, 'results-en');

  await page.getByTestId('view-project').click();
  for (const name of ['Living room', 'Bedroom 1', 'Bedroom 2']) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Image \d$/)).toHaveCount(0);
  await shoot(page, 'project-en');
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('menu-language').click();
  for (const name of ['Wohnzimmer', 'Schlafzimmer 1', 'Schlafzimmer 2']) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await shoot(page, 'project-de');
});
