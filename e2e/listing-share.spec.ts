import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { stagedProject } from './fixtures/rooms.js';

/**
 * Publishing a listing (decision 026): a staged project gets a share link that opens in a fresh,
 * signed-out browser (each original beside its staged image, "Virtually staged", noindex), the whole
 * listing downloads as a zip, and revoking the link makes the page and its images 404.
 */

function zipNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('DE: share link opens signed out, the listing downloads as a zip, revoking makes the link 404', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await withPreferences(page, { language: 'de', theme: 'dark', consent: true });
  await signUp(page);
  const projectId = await stagedProject(page.request, 'Lindenstraße 14');
  await page.goto(`/projects/${projectId}`);

  await page.getByTestId('share-create').click();
  // The page's heading is a public title the member confirms (issue #24), prefilled with the project's name.
  await expect(page.getByTestId('share-public-title')).toHaveValue('Lindenstraße 14');
  await page.getByTestId('share-public-title').fill('Helle Altbauwohnung im Grünen');
  await page.getByTestId('share-title-confirm').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);

  // A fresh context: no cookies, German browser (the English page: listing-rooms.spec.ts).
  const visitor = await browser.newContext({ locale: 'de-DE' });
  const publicPage = await visitor.newPage();
  const response = await publicPage.goto(url);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  // The public title; the internal project name stays private (issue #26 item 6).
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText('Helle Altbauwohnung im Grünen');
  await expect(publicPage.getByText('Lindenstraße 14')).toHaveCount(0);
  await expect(publicPage.getByTestId('staged-notice')).toContainText('Virtuell eingerichtet');
  const images = publicPage.locator('[data-testid="shared-listing"] img');
  await expect(images).toHaveCount(2);
  await expect.poll(() => images.evaluateAll((list) => list.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
  expect(await publicPage.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  const stagedSrc = await images.nth(1).getAttribute('src');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('zip-download').click();
  const download = await downloading;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'listing-zip-')), download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toBe('lindenstrasse-14-raumwerk.zip');
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
  expect(await zipNames(file)).toEqual(['01-lindenstrasse-14-staged.jpg', 'LIESMICH.txt']);

  await page.getByTestId('share-revoke').click();
  await expect(page.getByTestId('share-create')).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByTestId('share-gone')).toBeVisible();
  expect((await visitor.request.get(stagedSrc!)).status()).toBe(404);
  await visitor.close();
});
