import { expect, test, type Page } from '@playwright/test';
import { creditsLeft, signUp, withPreferences } from './fixtures/accounts.js';
import { signInAdmin } from './fixtures/admin.js';
import { subscribeBusiness } from './fixtures/business.js';
import { stagedProject } from './fixtures/rooms.js';
import { shoot } from './fixtures/screenshots.js';
import { installStripeDouble } from './fixtures/stripe-js-double.js';

/**
 * Issue #35's money and smaller things as a user meets them: the cookie bar leaves the landing's
 * buttons and most of a phone's first screen free; the checkout shows net, VAT and total from
 * Stripe's preview (the journeys' fake Stripe charges 19 %); a Free user who used credits and
 * subscribes starts the paid allowance full; the admin's status labels keep their words on one line.
 */
const FAKE_STRIPE_URL = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1}`;

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function shootViewport(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
    await page.screenshot({ path: `${dir}/${name}-${dark ? 'dark' : 'light'}.png` });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

for (const language of ['de', 'en'] as const) {
  test(`${language.toUpperCase()}: the cookie bar covers neither hero button on a desktop and little of a phone's first screen`, async ({ page }) => {
    await withPreferences(page, { language });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const bar = page.getByTestId('cookie-banner');
    await expect(bar).toBeVisible();
    const secondary = page.getByRole('link', { name: language === 'de' ? 'Beispiele ansehen' : 'See examples' }).first();
    for (const button of [page.getByTestId('hero-cta'), secondary]) {
      expect(overlaps((await bar.boundingBox())!, (await button.boundingBox())!)).toBe(false);
    }
    await shootViewport(page, `cookie-bar-${language}-1440`);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(async () => (await bar.boundingBox())!.height).toBeLessThanOrEqual(812 * 0.2);
    await shootViewport(page, `cookie-bar-${language}-375`);
    await page.getByTestId('cookie-necessary-only').click();
    await expect(bar).toBeHidden();
    // The sign-up side panel in the preview engine's words (issue #35 item 5; checked per engine in web/src/app/engine-words.test.tsx).
    await page.goto('/login');
    await page.getByTestId('tab-signup').click();
    await shoot(page, `signup-side-panel-${language}`);
  });
}

test('EN: the checkout shows net, VAT and total from Stripe; subscribing after using Free credits starts the paid allowance full', async ({ page, context }) => {
  test.setTimeout(150_000);
  await installStripeDouble(context, { fakeStripeUrl: FAKE_STRIPE_URL });
  await withPreferences(page, { language: 'en', consent: true });
  await signUp(page);
  await stagedProject(page.request, 'Free credit used');
  await page.reload();
  await expect(creditsLeft(page)).toHaveText('5');

  await page.getByTestId('credits-display').click();
  const modal = page.getByTestId('subscription-modal');
  await modal.getByTestId('choose-pro').click();
  const checkout = modal.getByTestId('checkout-view');
  await expect(checkout.getByTestId('checkout-net')).toHaveText('29 €');
  await expect(checkout.getByTestId('checkout-vat')).toHaveText('5,51 €');
  await expect(checkout.getByTestId('checkout-total-amount')).toHaveText('34,51 €');
  await shoot(page, 'checkout-net-vat-total-en');
  await page.keyboard.press('Escape');

  // Business through the fake (as billing.spec.ts pays): 1000 left, not 999.
  await subscribeBusiness(page);
  await page.reload();
  await expect(creditsLeft(page)).toHaveText('1000');
});

test('DE: the admin status box keeps "Staging-Engine" on one line, on a phone too', async ({ page }) => {
  await withPreferences(page, { language: 'de', consent: true });
  await signInAdmin(page);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    const label = page.getByTestId('system-engine').getByText('Staging-Engine', { exact: true });
    await expect(label).toBeVisible();
    const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await label.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  }
  await page.getByTestId('system-status').scrollIntoViewIfNeeded();
  await shoot(page, 'admin-system-status-de');
});
