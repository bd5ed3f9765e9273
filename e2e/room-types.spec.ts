import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { completeSignUp, creditsLeft, withPreferences } from './fixtures/accounts.js';
import { roomPhotos } from './fixtures/rooms.js';

/**
 * Decision 063 on a 375 px phone: three photos set to a bathroom, a hallway and a nursery with one
 * select each (the room types grouped in it), staged by the preview engine, each delivered and charged.
 * With SHOTS_DIR set, the picker is also photographed opened as a list, DE/EN, light/dark, 375 and 1440 px.
 */
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

async function shootPicker(page: Page, picker: Locator, language: 'de' | 'en') {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  // A native select's open list is drawn by the browser outside the page; shown as a list box it is in the screenshot.
  await picker.evaluate((el) => {
    (el as HTMLSelectElement).size = 20;
    (el as HTMLSelectElement).style.height = 'auto';
  });
  for (const [size, viewport] of [['375', PHONE], ['1440', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      await picker.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(dir, `room-type-picker-${language}-${scheme}-${size}.png`) });
    }
  }
  await picker.evaluate((el) => {
    (el as HTMLSelectElement).size = 0;
    (el as HTMLSelectElement).style.height = '';
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize(PHONE);
}

test('phone: a bathroom, a hallway and a nursery picked one select each and staged', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  await withPreferences(page, { language: 'de', theme: 'light', consent: true });
  await page.goto('/login?mode=signup');
  await completeSignUp(page);
  await expect(creditsLeft(page)).toHaveText('6');

  await page.goto('/new-project');
  await page.getByTestId('project-name').fill('Am Hang 7');
  await page.getByTestId('file-input').setInputFiles(await roomPhotos(3));
  const types = page.getByTestId('room-type');
  await expect(types).toHaveCount(3);
  // Every room type is in the one select, under its group's heading.
  await expect(types.nth(0).locator('optgroup')).toHaveCount(5);
  await expect(types.nth(0).locator('option')).toHaveCount(14);
  await expect(types.nth(0).locator('optgroup[label="Bad, Ankleide, Flur"] option')).toHaveText(['Badezimmer', 'Ankleide', 'Flur / Eingang']);
  await shootPicker(page, types.nth(0), 'de');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await page.getByTestId('project-name').fill('Hillside 7');
  await page.getByTestId('file-input').setInputFiles(await roomPhotos(3));
  await expect(types).toHaveCount(3);
  await expect(types.nth(0).locator('optgroup[label="Bath, dressing, entry"] option')).toHaveText(['Bathroom', 'Walk-in closet', 'Hallway / entry']);
  await shootPicker(page, types.nth(0), 'en');

  await types.nth(0).selectOption('bathroom');
  await types.nth(1).selectOption('hallway');
  await types.nth(2).selectOption('nursery');
  const groups = page.getByTestId('room-group');
  for (const [i, group] of ['bathroom-1', 'hallway-1', 'nursery-1'].entries()) await expect(groups.nth(i)).toHaveValue(group);
  await page.getByTestId('start-staging').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staging complete' })).toBeVisible({ timeout: 180_000 });
  // Each photo delivered (one credit each): nothing refunded as "nothing staged".
  await expect(creditsLeft(page)).toHaveText('3');
});
