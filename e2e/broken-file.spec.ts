import { expect, test } from '@playwright/test';
import { creditsLeft, signUp, withPreferences } from './fixtures/accounts.js';
import { roomPhotos } from './fixtures/rooms.js';

/**
 * Issue #23: a text file renamed `kaputt.jpg`, picked together with a valid photo. The picker names
 * the broken file with the reason and leaves it out of the count and the cost; the run stages the
 * valid photo; no project is left processing.
 */
const TEXT = {
  en: {
    rejected:
      'kaputt.jpg is not a readable image (damaged, or another kind of file with an image name) and was skipped.',
    selected: '1 of 6 images selected',
    cost: '1 credit',
    complete: 'Staging Complete',
  },
  de: {
    rejected:
      'kaputt.jpg ist kein lesbares Bild (beschädigt oder eine andere Datei mit Bild-Endung) und wurde übersprungen.',
    selected: '1 von 6 Bildern ausgewählt',
    cost: '1 Credit',
    complete: 'Staging abgeschlossen',
  },
} as const;

for (const lang of ['en', 'de'] as const) {
  test(`${lang.toUpperCase()}: a broken file is named and skipped, the valid photo is staged`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const T = TEXT[lang];
    await withPreferences(page, { language: lang, theme: 'light', consent: true });
    await signUp(page);
    await expect(creditsLeft(page)).toHaveText('6');
    const [room] = await roomPhotos(1);

    await page.goto('/new-project');
    await page.getByTestId('project-name').fill(`Kaputt ${lang}`);
    await page
      .getByTestId('file-input')
      .setInputFiles([
        { name: 'kaputt.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Das ist kein Foto.\n') },
        room!,
      ]);
    await expect(page.getByTestId('picker-rejected')).toHaveText(T.rejected);
    await expect(page.getByTestId('image-previews').locator('li img')).toHaveCount(1);
    await expect(page.getByText(T.selected)).toBeVisible();
    await expect(page.getByTestId('credit-cost')).toHaveText(T.cost);

    await page.getByTestId('start-staging').click();
    await expect(page.getByRole('heading', { level: 1, name: T.complete })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByTestId('result-grid').locator(':scope > li')).toHaveCount(1);
    await expect(creditsLeft(page)).toHaveText('5');
    const projects = (await (await page.request.get('/api/projects')).json()) as {
      title: string;
      status: string;
    }[];
    expect(projects.map((p) => [p.title, p.status])).toEqual([[`Kaputt ${lang}`, 'completed']]);
  });
}
