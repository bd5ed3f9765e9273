import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { signInAdmin } from './fixtures/admin.js';
import { shoot } from './fixtures/screenshots.js';

/**
 * Credit packs (decision 061) in Chromium against the FakeStripe of playwright.config.ts, whose
 * events reach the app's webhook as Stripe delivers them: Settings → Billing → Buy → Stripe's
 * (stand-in) Checkout page → back on the dashboard, and the pack credits appear apart from the
 * month's credits, in the billing section and in the header.
 */
async function openBilling(page: Page) {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-tab-billing').click();
  await expect(page.getByTestId('credit-packs')).toBeVisible();
}

/** The pack panel alone at 375 px, light and dark: inside the settings modal a full-page shot shows only its top. */
async function shootPanel(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.setViewportSize({ width: 375, height: 812 });
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
    await page.getByTestId('credit-packs').screenshot({ path: path.join(dir, `${name}-${dark ? 'dark' : 'light'}-375.png`) });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

for (const language of ['en', 'de'] as const) {
  test(`${language.toUpperCase()}: a free user buys 50 credits on Stripe Checkout; they show apart from the allowance`, async ({ page }) => {
    await withPreferences(page, { language, consent: true });
    await signUp(page);
    await page.goto('/dashboard');
    await openBilling(page);
    await expect(page.getByTestId('pack-credits')).toHaveText(language === 'en' ? '0 pack credits left' : '0 Paket-Credits übrig');
    await shoot(page, `credit-packs-billing-before-${language}`);
    await page.getByTestId('buy-pack_50').click();
    await page.waitForURL(/\/_fake\/checkout\/cs_test_/);
    // 12 € + 19 % VAT.
    await expect(page.locator('#total')).toHaveText('14.28 EUR');
    await page.locator('#pay').click();
    // Back on the dashboard: told the payment arrived (the address loses its ?pack=bought).
    await page.waitForURL(/\/dashboard/);
    await expect(page.getByText(language === 'en' ? 'Payment received' : 'Zahlung erhalten', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('credits-display-packs')).toHaveText('+50', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await openBilling(page);
    await expect(page.getByTestId('pack-credits')).toHaveText(language === 'en' ? '50 pack credits left' : '50 Paket-Credits übrig');
    await expect(page.getByTestId('pack-purchases')).toContainText(language === 'en' ? '50 credits' : '50 Credits');
    await shoot(page, `credit-packs-billing-after-${language}`);
    await shootPanel(page, `credit-packs-panel-${language}`);
  });

  test(`${language.toUpperCase()}: the pricing section lists the packs and the FAQ explains them and the free re-stages`, async ({ page }) => {
    await withPreferences(page, { language, consent: true });
    await page.goto('/');
    const packs = page.getByTestId('pricing-credit-packs');
    await expect(packs).toContainText(language === 'en' ? '500 credits' : '500 Credits');
    await expect(page.locator('#faq')).toContainText(language === 'en' ? 'free on Pro up to 3 times and on Business up to 10 times, within 30 days' : 'mit Pro bis zu 3-mal und mit Business bis zu 10-mal kostenlos, innerhalb von 30 Tagen');
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await shoot(page, `credit-packs-landing-${language}`);
  });
}

for (const language of ['en', 'de'] as const) {
  test(`${language.toUpperCase()}: Admin → Costs lists the credit packs sold`, async ({ page }) => {
    await withPreferences(page, { language, consent: true });
    await signInAdmin(page);
    await page.goto('/admin/costs');
    const packs = page.getByTestId('costs-credit-packs');
    await expect(packs).toContainText(language === 'en' ? 'Packs sold' : 'Verkaufte Pakete');
    await packs.scrollIntoViewIfNeeded();
    await shoot(page, `credit-packs-admin-costs-${language}`);
  });
}
