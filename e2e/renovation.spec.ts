import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { completeSignUp, withPreferences } from './fixtures/accounts.js';
import { shoot } from './fixtures/screenshots.js';
import { PATCHES, renovationRoom, SAGE } from '../server/test/support/geometry-lock/surface-cases.js';

/**
 * The renovation journey (issue #40, decision 062), in German: home → the renovation tile → a
 * project with the drawn room, walls sage green and the floor light oak → delivered by the preview
 * engine (the app runs with it) → the result says it is a renovation preview and names the listing
 * rule; the delivered image has the sage walls and the label burnt in. With SHOTS_DIR set, the tool
 * and the result are photographed (DE and EN, light and dark, 375 and 1440 px).
 */
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

async function meanOf(image: Buffer, p: { x0: number; y0: number; x1: number; y1: number }) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sx = info.width / 1200;
  const sy = info.height / 800;
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(p.y0 * sy); y < Math.round(p.y1 * sy); y++) {
    for (let x = Math.round(p.x0 * sx); x < Math.round(p.x1 * sx); x++) {
      for (let c = 0; c < 3; c++) sum[c]! += data[(y * info.width + x) * 3 + c]!;
      n++;
    }
  }
  return sum.map((s) => s / n);
}

test('DE: walls sage green and floor light oak, delivered by the preview engine, labelled as a preview', async ({ page }) => {
  test.setTimeout(240_000);
  await withPreferences(page, { language: 'de', theme: 'light', consent: true });
  const room = await renovationRoom();

  await page.goto('/login?mode=signup');
  await completeSignUp(page, { firstName: 'Erika' });
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tool-renovation').getByRole('link').click();
  await expect(page).toHaveURL(/\/new-project\?service=renovation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renovierungsvorschau');

  await page.getByTestId('project-name').fill('Altbau Gohlis – Wohnzimmer');
  await page.getByTestId('file-input').setInputFiles([{ name: 'wohnzimmer.jpg', mimeType: 'image/jpeg', buffer: room.photo }]);
  await expect(page.getByTestId('image-previews').locator('li img')).toHaveCount(1);
  // Walls are on by default; sage green chosen from the palette, the floor switched on with light oak.
  await page.getByTestId('walls-paint-sage').click();
  await expect(page.getByTestId('walls-paint-sage')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('walls-colour-code')).toHaveValue(SAGE);
  await page.getByTestId('surface-floor-toggle').click();
  await page.getByTestId('floor-light_oak').click();
  await expect(page.getByTestId('summary-surfaces')).toHaveText('Wände, Boden');
  await expect(page.getByTestId('start-staging')).toHaveText(/Renovierungsvorschau starten/);
  await shoot(page, 'renovation-form-de');

  await page.getByTestId('start-staging').click();
  const grid = page.getByTestId('result-grid');
  await expect(grid.locator(':scope > li')).toHaveCount(1, { timeout: 120_000 });
  await expect(grid.locator('figcaption').last()).toHaveText('Renovierungsvorschau');
  await expect(page.getByTestId('renovation-listing-rule')).toContainText('CRMLS');

  // The delivered image: sage walls, the photo's ceiling, and the label on the image (its dark pill bottom right).
  const src = await grid.locator('img').last().getAttribute('src');
  const delivered = Buffer.from(await (await page.request.get(src!)).body());
  const wall = await meanOf(delivered, PATCHES.backWall);
  expect(distance(wall, rgb(SAGE))).toBeLessThan(distance(await meanOf(room.photo, PATCHES.backWall), rgb(SAGE)) * 0.3);
  const corner = { x0: 1150, y0: 770, x1: 1190, y1: 790 };
  expect(distance(await meanOf(delivered, corner), await meanOf(room.photo, corner))).toBeGreaterThan(40);
  await shoot(page, 'renovation-result-de');

  // The same screens in English (a second run: walls only).
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/new-project?service=renovation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renovation preview');
  await page.getByTestId('project-name').fill('Old town flat – living room');
  await page.getByTestId('file-input').setInputFiles([{ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: room.photo }]);
  await expect(page.getByTestId('summary-surfaces')).toHaveText('Walls');
  await shoot(page, 'renovation-form-en');
  await page.getByTestId('start-staging').click();
  await expect(page.getByTestId('result-grid').locator(':scope > li')).toHaveCount(1, { timeout: 120_000 });
  await expect(page.getByTestId('renovation-listing-rule')).toContainText('Not for listing photos');
  await shoot(page, 'renovation-result-en');
  await page.goto('/dashboard');
  await page.getByTestId('tab-renovation').click();
  await expect(page.getByTestId('renovation-start')).toHaveAttribute('href', '/new-project?service=renovation');
  await shoot(page, 'renovation-dashboard-en');
});
