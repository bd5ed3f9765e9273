import { expect, test } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts.js';

test.describe('pending account deletion (issue #12 item 10)', () => {
  test('request deletion → the banner follows to another screen → cancel there → the banner is gone', async ({ page }) => {
    await withPreferences(page, { language: 'en', theme: 'light', consent: true });
    await signUp(page);
    await expect(page.getByTestId('deletion-pending-banner')).toHaveCount(0);

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-tab-account').click();
    await page.getByTestId('delete-account-button').click();
    await page.getByTestId('delete-understood').check();
    await page.getByTestId('delete-confirm-button').click();
    await expect(page.getByTestId('deletion-pending')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/my-projects');
    const banner = page.getByTestId('deletion-pending-banner');
    await expect(banner).toContainText('Your account will be deleted on');
    await banner.getByRole('button', { name: 'Cancel deletion' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page.getByTestId('deletion-pending-banner')).toHaveCount(0);
  });
});
