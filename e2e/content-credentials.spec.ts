import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { readCredentials, sha256Hex } from '../server/src/images/content-credentials.js';
import { validateCredentials } from '../server/test/support/c2pa-validator.js';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { e2eDataDir } from './fixtures/data-dir.js';
import { stagedProject } from './fixtures/rooms.js';
import { shoot } from './fixtures/screenshots.js';

/**
 * Issue 41 (decision 060): a staged photo's share page shows its Content Credentials, and the file
 * the buyer downloads from there carries a valid signed manifest naming the original shown beside it.
 * The app runs without C2PA_SIGNING_CERT here: the development certificate it made in DATA_DIR signs,
 * and the page says so.
 */
for (const language of ['en', 'de'] as const) {
  test(`${language.toUpperCase()}: the share page's Content Credentials panel, and the credentialed download names the original`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await withPreferences(page, { language, theme: 'light', consent: true });
    await signUp(page);
    const projectId = await stagedProject(page.request, 'Lindenstraße 14');
    const { url } = await (await page.request.post(`/api/projects/${projectId}/share`, { data: { publicTitle: 'Helle Altbauwohnung' } })).json();

    // The owner says where the photos will be published (disclosure packs): California locks the originals into the zip.
    await page.goto(`/projects/${projectId}`);
    await page.getByTestId('publish-market').click();
    await page.getByRole('option', { name: language === 'de' ? 'Kalifornien (AB 723, CRMLS)' : 'California (AB 723, CRMLS)' }).click();
    await expect(page.getByTestId('zip-originals')).toBeDisabled();
    await expect(page.getByTestId('zip-originals')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('listing-panel').scrollIntoViewIfNeeded();
    await shoot(page, `publish-market-${language}`);

    const visitor = await browser.newContext({ locale: language === 'de' ? 'de-DE' : 'en-GB' });
    const publicPage = await visitor.newPage();
    await publicPage.goto(url);
    const panel = publicPage.getByTestId('content-credentials');
    await expect(panel).toHaveCount(1);
    await panel.locator('summary').click();
    const texts =
      language === 'de'
        ? { title: 'Inhaltsnachweise (Content Credentials)', service: 'Virtuelle Einrichtung', original: 'Originalfoto 1 öffnen', dev: 'Entwicklungszertifikat – nicht vertrauenswürdig', download: 'Datei mit Nachweisen herunterladen' }
        : { title: 'Content Credentials', service: 'Virtual staging', original: 'Open original photo 1', dev: 'Development certificate — not trusted', download: 'Download the file with its credentials' };
    await expect(panel.locator('summary')).toContainText(texts.title);
    await expect(panel).toContainText(texts.service);
    await expect(panel.getByTestId('lock-verdict')).toBeVisible();
    await expect(panel.getByTestId('development-certificate')).toContainText(texts.dev);
    const originalHref = await panel.getByRole('link', { name: texts.original }).getAttribute('href');
    const stagedHref = await panel.getByRole('link', { name: texts.download }).getAttribute('href');
    // Readable on a phone: the panel fits the 375 px screen.
    await publicPage.setViewportSize({ width: 375, height: 812 });
    expect(await panel.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(375);
    await shoot(publicPage, `content-credentials-${language}`);

    const file = Buffer.from(await (await visitor.request.get(stagedHref!)).body());
    const original = Buffer.from(await (await visitor.request.get(originalHref!)).body());
    const devRoot = readFileSync(path.join(e2eDataDir(), 'dev-c2pa', 'root.pem'), 'utf8');
    const check = await validateCredentials(file, devRoot);
    expect(check.failures).toEqual([]);
    expect(readCredentials(file)!.facts).toMatchObject({ service: 'staging', original: { sha256: sha256Hex(original) }, lock: { aligned: true } });
    await visitor.close();
  });
}
