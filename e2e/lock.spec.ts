import { expect, type Page } from '@playwright/test';
import { corpusImage } from '../server/test/support/corpus.js';
import { driftedOutput } from '../server/test/support/model-outputs.js';
import { creditsLeft, signUp, withPreferences } from './fixtures/accounts.js';
import { openaiTest } from './fixtures/openai-test.js';

/**
 * The geometry lock as a user meets it, with the `openai` engine against the local Images API fake
 * answering real model output (the shared corpus): a good staging that drifted (rotated, zoomed,
 * shifted, resized to the provider's size) is delivered locked ("Room as photographed", "Show what
 * changed"); another room in its place is refused twice and the credit stays.
 */
const test = openaiTest;

const photo = () => ({ name: 'wohnzimmer.jpg', mimeType: 'image/jpeg', buffer: corpusImage('furnish-before.jpg') });

async function stageOnePhoto(page: Page, title: string) {
  await page.goto('/new-project');
  await page.getByTestId('project-name').fill(title);
  await page.getByTestId('file-input').setInputFiles(photo());
  await expect(page.getByTestId('image-previews').locator('li img')).toHaveCount(1);
  await page.getByTestId('start-staging').click();
}

test('EN: a drifted good output is delivered locked: "Room as photographed" in customer words, and "Show what changed" tints the added furniture', async ({ page, openaiApp }) => {
  test.setTimeout(120_000);
  openaiApp.fake.answers = [await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: -1.2, scale: 1.05, shiftX: -0.02, shiftY: 0.015 })];
  openaiApp.fake.edits.length = 0;
  await withPreferences(page, { language: 'en', theme: 'light', consent: true });
  await signUp(page, { dataDir: openaiApp.dataDir });
  await expect(creditsLeft(page)).toHaveText('6');
  await stageOnePhoto(page, 'Locked living room');

  await expect(page.getByRole('heading', { level: 1, name: 'Staging complete' })).toBeVisible({ timeout: 90_000 });
  await expect(creditsLeft(page)).toHaveText('5');
  expect(openaiApp.fake.edits).toHaveLength(1);

  await page.getByTestId('view-project').click();
  const pair = page.getByTestId('image-pair');
  await expect(pair).toContainText('Room as photographed');
  await pair.getByTestId('pair-view').click();
  const modal = page.getByTestId('image-modal');
  const room = modal.getByTestId('room-lock');
  await expect(room).toContainText('Room as photographed');
  // The lock's measurements stay with the operator (issue #26): the customer reads what they mean.
  await expect(room).toContainText('only the furniture and decor were added');
  await expect(room).not.toContainText(/\d px|lines in place/);

  const toggle = modal.getByRole('button', { name: 'Show what changed' });
  await toggle.click();
  await expect(modal.getByRole('slider')).toBeVisible();
  const tint = modal.getByTestId('change-highlight');
  await expect(tint).toBeVisible();
  await expect(modal.getByTestId('changes-legend')).toContainText('Tinted: what was added');
  // Only the staged half (issue #26): the tint lies under the original, which covers it left of the handle.
  expect(await tint.evaluate((el) => el.nextElementSibling?.getAttribute('alt') ?? '')).toMatch(/^Before/);
  expect(await tint.evaluate((el) => el.closest('[data-testid="compare-slider"]') !== null)).toBe(true);
  // The tint is cut by the stored change mask, which the owner's browser really loads.
  const maskUrl = await tint.evaluate((el) => getComputedStyle(el).maskImage.match(/url\("?(.*?)"?\)/)?.[1] ?? '');
  expect(maskUrl).toMatch(/\.changes\.png$/);
  const mask = await page.request.get(maskUrl);
  expect(mask.status()).toBe(200);
  expect(mask.headers()['content-type']).toBe('image/png');
  await modal.getByRole('button', { name: 'Hide changes' }).click();
  await expect(tint).toBeHidden();
});

test('DE: another room in place of the staging is refused: the AI changed the room, nothing delivered, credits unchanged, "Erneut versuchen" offered', async ({ page, openaiApp }) => {
  test.setTimeout(120_000);
  openaiApp.fake.answers = [corpusImage('declutter-after.jpg')];
  openaiApp.fake.edits.length = 0;
  await withPreferences(page, { language: 'de', theme: 'light', consent: true });
  await signUp(page, { dataDir: openaiApp.dataDir });
  await expect(creditsLeft(page)).toHaveText('6');
  await stageOnePhoto(page, 'Verweigerter Raum');

  const error = page.getByTestId('staging-error');
  await expect(error).toBeVisible({ timeout: 90_000 });
  await expect(error).toContainText('Das Ergebnis hat den Raum verändert');
  await expect(error).toContainText('Wände, Fenster oder Perspektive');
  await expect(error).toContainText('Credit wurde zurückgebucht');
  await expect(error.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  await expect(creditsLeft(page)).toHaveText('6');
  // Two attempts: the second strict and with the edit mask protecting windows, doors and ceiling.
  expect(openaiApp.fake.edits).toHaveLength(2);
  expect(openaiApp.fake.edits[1]!.mask).toBeDefined();

  // Try again, and this time the AI only furnishes: the same photo in the same project is delivered.
  openaiApp.fake.answers = [await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: 0.8, scale: 1.03, shiftX: 0.01, shiftY: 0 })];
  await error.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staging abgeschlossen' })).toBeVisible({ timeout: 90_000 });
  await expect(creditsLeft(page)).toHaveText('5');
});
