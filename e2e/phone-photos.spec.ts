import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { roomPhotos } from './fixtures/rooms.js';

/**
 * Issue #39: an agent on a 375 px phone picks three photos as phones make them, an iPhone HEIC
 * (portrait, EXIF orientation 6; made by a real HEVC encoder, server/test/support/fixtures/heic), a
 * JPEG and a PNG. Chromium cannot show the HEIC: its tile says so; all three are staged, the HEIC upright.
 * With SHOTS_DIR set, the picker is photographed in light and dark.
 */
const HEIC = readFileSync(new URL('../server/test/support/fixtures/heic/portrait-exif6.heic', import.meta.url));

test('375 px phone: a HEIC, a JPEG and a PNG are picked and staged, the HEIC upright', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await withPreferences(page, { language: 'en', theme: 'light', consent: true });
  await signUp(page);
  const [jpeg, other] = await roomPhotos(2);

  await page.goto('/new-project');
  await page.getByTestId('project-name').fill('Phone photos');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'IMG_4711.HEIC', mimeType: 'image/heic', buffer: HEIC },
    jpeg!,
    { name: 'room-2.png', mimeType: 'image/png', buffer: await sharp(other!.buffer).png().toBuffer() },
  ]);
  await expect(page.getByText('3 of 6 images selected')).toBeVisible();
  await expect(page.getByTestId('no-preview')).toHaveCount(1);
  await expect(page.getByTestId('image-previews').locator('li').first()).toContainText('IMG_4711.HEIC');
  await expect(page.getByTestId('picker-rejected')).toHaveCount(0);
  if (process.env.SHOTS_DIR) {
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 812 });
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
        await page.getByTestId('image-previews').screenshot({ path: path.join(process.env.SHOTS_DIR, `phone-photos-picker-en-${width}-${theme}.png`) });
      }
    }
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 375, height: 812 });
  }

  await page.getByTestId('start-staging').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staging Complete' })).toBeVisible({ timeout: 200_000 });
  await expect(page.getByTestId('result-grid').locator(':scope > li')).toHaveCount(3);
  // The HEIC's staged result is portrait: the iPhone's orientation was applied.
  const projects = (await (await page.request.get('/api/projects')).json()) as { id: string }[];
  const detail = (await (await page.request.get(`/api/projects/${projects[0]!.id}`)).json()) as { images: { isOriginal: boolean; width: number | null; height: number | null }[] };
  const originals = detail.images.filter((image) => image.isOriginal);
  expect(originals.filter((image) => image.width === 600 && image.height === 800)).toHaveLength(1);
});
