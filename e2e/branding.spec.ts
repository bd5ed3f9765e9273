import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { subscribeBusiness } from './fixtures/business.js';
import { stagedProject } from './fixtures/rooms.js';
import { shoot } from './fixtures/screenshots.js';

/**
 * Issue #24 item 4 (decision 045): a Business owner sets the workspace's branding in Settings; a
 * signed-out visitor sees it on the share page (public title, logo, contact, no Raumwerk header),
 * and the labelled download carries the logo in its label.
 */
const BRAND = { r: 0xc2, g: 0x18, b: 0x5b }; // the logo's colour and the accent
const LOGO_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" rx="14" fill="#c2185b"/>` +
    `<text x="150" y="64" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">MUSTER</text></svg>`,
);
const isBrand = (r: number, g: number, b: number) => Math.abs(r - BRAND.r) < 30 && Math.abs(g - BRAND.g) < 30 && Math.abs(b - BRAND.b) < 30;


function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Pixels of the logo's colour that the label added in the bottom-left quarter (brand-coloured there, not in the clean image): their bounding box. */
async function logoInLabel(clean: Buffer, labelled: Buffer) {
  const a = await sharp(clean).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(labelled).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = b.info;
  let box: { left: number; right: number; top: number; bottom: number } | null = null;
  for (let y = Math.floor(height / 2); y < height; y++) {
    for (let x = 0; x < width / 2; x++) {
      const i = (y * width + x) * 3;
      if (!isBrand(b.data[i]!, b.data[i + 1]!, b.data[i + 2]!) || isBrand(a.data[i]!, a.data[i + 1]!, a.data[i + 2]!)) continue;
      box = box ? { left: Math.min(box.left, x), right: Math.max(box.right, x), top: Math.min(box.top, y), bottom: Math.max(box.bottom, y) } : { left: x, right: x, top: y, bottom: y };
    }
  }
  return box && { width: box.right - box.left + 1, height: box.bottom - box.top + 1, left: box.left, bottom: box.bottom, imageWidth: width, imageHeight: height };
}

for (const language of ['de', 'en'] as const) {
  test(`${language.toUpperCase()}: branding set in Settings shows on the share page signed out and in the labelled download's label`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const t =
      language === 'de'
        ? { saved: 'Branding gespeichert', logo: 'Logo gespeichert', contact: 'Ihr Ansprechpartner', title: 'Helle Altbauwohnung am Stadtpark', readme: 'LIESMICH.txt', questions: 'Rückfragen' }
        : { saved: 'Branding saved', logo: 'Logo saved', contact: 'Your contact', title: 'Bright period apartment by the park', readme: 'README.txt', questions: 'Questions' };
    await withPreferences(page, { language, consent: true });
    await signUp(page, { firstName: 'Anna' });
    await subscribeBusiness(page);

    await page.goto('/');
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-tab-branding').click();
    const section = page.getByTestId('branding-section');
    await page.getByTestId('branding-logo-input').setInputFiles({ name: 'muster-logo.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG });
    await expect(page.getByText(t.logo).first()).toBeVisible();
    await expect(section.getByTestId('branding-logo-preview')).toBeVisible();
    await page.getByTestId('branding-displayName').fill('Muster Immobilien GmbH');
    await page.getByTestId('branding-contactName').fill('Anna Muster');
    await page.getByTestId('branding-phone').fill('+49 30 1234567');
    await page.getByTestId('branding-email').fill('anna@muster-immobilien.de');
    await page.getByTestId('branding-website').fill('muster-immobilien.de');
    await page.getByTestId('branding-accentColor').fill('#c2185b');
    await page.getByTestId('branding-save').click();
    await expect(page.getByText(t.saved).first()).toBeVisible();
    // The live preview shows the saved name and the logo.
    await expect(section.getByRole('img').first()).toContainText('Muster Immobilien GmbH');
    await expect(section.getByTestId('brand-logo')).toBeVisible();
    if (process.env.SHOTS_DIR) {
      // Screenshots without the toast over the form, the dialog at its top.
      await expect(page.getByText(t.saved)).toHaveCount(0, { timeout: 15_000 });
      await page.getByTestId('settings-modal').evaluate((el) => el.scrollTo(0, 0));
    }
    await shoot(page, `branding-settings-${language}`);
    await page.keyboard.press('Escape');

    const projectId = await stagedProject(page.request, 'Intern: Lindenstr. 4, Eigentümer Meier');
    await page.goto(`/projects/${projectId}`);
    await page.getByTestId('share-create').click();
    await expect(page.getByTestId('share-public-title')).toHaveValue('Intern: Lindenstr. 4, Eigentümer Meier');
    await page.getByTestId('share-public-title').fill(t.title);
    await page.getByTestId('share-title-confirm').click();
    const url = await page.getByTestId('share-url').inputValue();
    // The disclosure sentence to copy ends with the agency's contact.
    await expect(page.getByTestId(`disclosure-${language}`)).toContainText(`${t.questions}: Muster Immobilien GmbH · Anna Muster · +49 30 1234567`);

    // Signed out, in a fresh browser: the agency's page.
    const visitor = await browser.newContext({ locale: language === 'de' ? 'de-DE' : 'en-US' });
    const publicPage = await visitor.newPage();
    await publicPage.goto(url);
    await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText(t.title);
    await expect(publicPage).toHaveTitle(`${t.title} · Muster Immobilien GmbH`);
    const logo = publicPage.getByTestId('brand-logo');
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await expect(publicPage.getByTestId('share-contact')).toContainText(t.contact);
    await expect(publicPage.getByTestId('share-contact')).toContainText('anna@muster-immobilien.de');
    await expect(publicPage.getByRole('link', { name: 'Raumwerk' })).toHaveCount(0);
    await expect(publicPage.getByText('Eigentümer Meier')).toHaveCount(0);
    await expect(publicPage.getByTestId('shared-listing')).not.toContainText('Raumwerk');
    // On a phone (issue #35): no sideways scrolling, the agency's phone and e-mail in the header.
    await publicPage.setViewportSize({ width: 375, height: 812 });
    const header = publicPage.getByTestId('brand-header');
    await expect(header.getByRole('link', { name: '+49 30 1234567' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'anna@muster-immobilien.de' })).toBeVisible();
    expect(await publicPage.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
    // The served HTML, as a link preview reads it: the agency's name and logo, no Raumwerk icon or name.
    const html = await (await visitor.request.get(url)).text();
    expect(html).toContain(`<meta property="og:site_name" content="Muster Immobilien GmbH" />`);
    expect(html).toMatch(/<link rel="icon" type="image\/png" href="\/api\/share\/[A-Za-z0-9_-]{43}\/logo\?v=/);
    expect(html).not.toContain('favicon.svg');
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('Raumwerk');
    await shoot(publicPage, `branding-share-page-${language}`);
    await visitor.close();

    // The labelled ZIP from the project page: the logo's colour in the label, in the logo's 3:1 shape; the readme names the agency.
    await page.getByTestId('zip-label').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('zip-download').click();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'branded-zip-')), 'listing.zip');
    await (await downloading).saveAs(file);
    const entries = await unzip(file);
    const labelledName = [...entries.keys()].find((n) => n.endsWith('-staged-labelled.jpg'))!;
    const project = await (await page.request.get(`/api/projects/${projectId}`)).json();
    const stagedPath = project.images.find((i: { isOriginal: boolean }) => !i.isOriginal).filePath as string;
    const clean = (await page.request.get(`/api/objects/download?path=${encodeURIComponent(stagedPath)}`)).body();
    const box = await logoInLabel(await clean, entries.get(labelledName)!);
    expect(box).not.toBeNull();
    expect(box!.width / box!.height).toBeGreaterThan(2.6);
    expect(box!.width / box!.height).toBeLessThan(3.4);
    expect(box!.left).toBeLessThan(box!.imageWidth / 8);
    expect(box!.bottom).toBeGreaterThan(box!.imageHeight - box!.imageHeight / 8);
    const readme = entries.get(t.readme)!.toString('utf8');
    expect(readme.split('\r\n').slice(0, 2)).toEqual(['Muster Immobilien GmbH', 'Anna Muster · +49 30 1234567 · anna@muster-immobilien.de · muster-immobilien.de']);
    expect(readme).toContain(t.title);
  });
}
