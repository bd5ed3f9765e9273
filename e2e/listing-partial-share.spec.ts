import { expect } from '@playwright/test';
import { corpusImage, type CorpusFile } from '../server/test/support/corpus.js';
import { driftedOutput } from '../server/test/support/model-outputs.js';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { openaiTest } from './fixtures/openai-test.js';
import { shoot } from './fixtures/screenshots.js';

/**
 * Issue #35 (decision 052): a project with a failed photo is shared with only its staged photos; the
 * buyer opens the link signed out on a 375 px phone (no sideways scrolling, no failure anywhere), and
 * the page's HTML, fetched without running a script, carries the public title and a staged og:image
 * that loads without a session. The failure is made as in runs.spec.ts: the `openai` engine against
 * its local fake answers one furnished living room for every photo, so the lock refuses the bedroom.
 */
const test = openaiTest;
const photo = (file: CorpusFile, name: string) => ({ name, mimeType: 'image/jpeg', buffer: corpusImage(file) });

for (const language of ['de', 'en'] as const) {
  test(`${language.toUpperCase()}: a partly staged project shared with its staged photos only, opened on a phone and read without script`, async ({ page, browser, openaiApp }) => {
    test.setTimeout(480_000);
    const words =
      language === 'de'
        ? { title: 'Helle Wohnung am Park', description: '2 Fotos, jeweils wie aufgenommen und virtuell eingerichtet.' }
        : { title: 'Bright flat by the park', description: '2 photos, each as photographed and virtually staged.' };
    openaiApp.fake.answers = [await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: 0.6, scale: 1.02, shiftX: 0.01, shiftY: 0 })];
    await withPreferences(page, { language, theme: 'light', consent: true });
    await signUp(page, { dataDir: openaiApp.dataDir });
    await page.goto('/new-project');
    await page.getByTestId('project-name').fill('Intern: Meier, Schlüssel bei Nachbarn');
    const photos = [photo('furnish-before.jpg', 'living.jpg'), photo('declutter-before.jpg', 'bedroom.jpg'), photo('furnish-before.jpg', 'living-2.jpg')];
    await page.getByTestId('file-input').setInputFiles(photos);
    await expect(page.getByTestId('image-previews').locator('li img')).toHaveCount(3);
    await page.getByTestId('start-staging').click();
    await expect(page.getByTestId('failed-image')).toHaveCount(1, { timeout: 300_000 });
    await page.getByTestId('partial-project-link').click();

    // The share dialog offers the two staged photos, both ticked: the failed one is not there.
    await page.getByTestId('share-create').click();
    const picker = page.getByTestId('share-photos');
    await expect(picker.getByTestId('listing-photo')).toHaveCount(2);
    await expect(picker.getByTestId('share-photos-count')).toHaveText(language === 'de' ? '2 von 2 Fotos' : '2 of 2 photos');
    await shoot(page, `share-dialog-photos-${language}`);
    await page.getByTestId('share-public-title').fill(words.title);
    await page.getByTestId('share-title-confirm').click();
    const url = await page.getByTestId('share-url').inputValue();
    await expect(page.getByTestId('share-photo-count')).toContainText('2');
    await shoot(page, `listing-panel-photos-${language}`);

    // The buyer, signed out, on a 375 px phone.
    const visitor = await browser.newContext({ locale: language === 'de' ? 'de-DE' : 'en-US', viewport: { width: 375, height: 812 } });
    const buyer = await visitor.newPage();
    await buyer.goto(url);
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(words.title);
    const images = buyer.locator('[data-testid="shared-listing"] ol img');
    await expect(images).toHaveCount(4);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(buyer.getByTestId('shared-listing')).not.toContainText(language === 'de' ? 'keine eingerichtete' : 'No staged');
    await buyer.evaluate(() => window.scrollTo(0, 0));
    expect(await buyer.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(buyer, `share-page-partial-${language}`);

    // The page's HTML without any script: the public title, a description and a staged og:image anyone can load.
    const served = await visitor.request.get(url, { headers: { 'accept-language': language } });
    const html = await served.text();
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];
    expect(html).toContain(`<title>${words.title} · Raumwerk</title>`);
    expect(meta('og:title')).toBe(words.title);
    expect(meta('og:description')).toBe(words.description);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('og:url')).toBe(url);
    const ogImage = meta('og:image')!;
    expect(ogImage).toMatch(new RegExp(`^${url.replace('/s/', '/api/share/')}/images/[0-9a-f-]{36}$`));
    const stranger = await browser.newContext();
    const image = await stranger.request.get(ogImage);
    expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/jpeg']);
    await stranger.close();
    await visitor.close();
  });
}
