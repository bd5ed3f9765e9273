import { expect, test } from '@playwright/test';
import { creditsLeft, logOut, signUp, uniqueEmail, withPreferences } from './fixtures/accounts.js';
import { mailsTo, waitForMailLink } from './fixtures/mail.js';
import { roomPhotos } from './fixtures/rooms.js';

/**
 * Trustworthy accounts (issue #10) as a user meets them: the confirmation mail before staging,
 * forgot password, and changing password and e-mail in Settings. Mails are read from the .eml
 * files the app writes without SMTP (e2e/fixtures/mail.ts).
 */
test.describe('trustworthy accounts', () => {
  test('sign-up → banner, staging held back → resend → mail → confirm → stage a photo', async ({ page }) => {
    test.setTimeout(180_000);
    await withPreferences(page, { language: 'en', theme: 'light', consent: true });
    const { email } = await signUp(page, { confirm: false });

    // Unconfirmed: the banner names the address; the server refuses uploads with a clear code.
    const banner = page.getByTestId('verify-email-banner');
    await expect(banner).toContainText('Confirm your e-mail address');
    await expect(banner).toContainText(email);
    const upload = await page.request.post('/api/objects/upload', { data: { projectName: 'Too early' } });
    expect(upload.status()).toBe(403);
    expect(await upload.json()).toMatchObject({ code: 'email_not_verified' });

    // New project says so up front instead of failing after the upload.
    await page.goto('/new-project');
    await expect(page.getByTestId('email-not-verified-notice')).toContainText('Confirm your e-mail address first');
    await expect(page.getByTestId('email-not-verified-notice')).toContainText(email);
    await expect(page.getByTestId('start-staging')).toBeDisabled();

    // Resend: a new mail arrives; its link confirms the address.
    const resentAfter = Date.now();
    await banner.getByTestId('verify-email-resend').click();
    await expect(page.getByTestId('verify-email-feedback')).toHaveText(`A new link is on its way to ${email}.`);
    const { path, mail } = await waitForMailLink(email, '/verify-email', resentAfter);
    expect(mail.html).toContain('/verify-email?token=');

    // A made-up (or expired) link says so and offers a new one.
    await page.goto('/verify-email?token=made-up-token-made-up-token');
    await expect(page.getByTestId('verify-email-invalid')).toContainText('This link has expired or was already used');
    await expect(page.getByTestId('verify-email-resend')).toBeVisible();

    await page.goto(path);
    await expect(page.getByTestId('verify-email-done')).toContainText('E-mail address confirmed');
    await page.getByRole('link', { name: 'Start staging' }).click();
    await expect(page).toHaveURL(/\/new-project$/);
    await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
    await expect(page.getByTestId('email-not-verified-notice')).toHaveCount(0);

    // Staging now works end to end.
    await page.getByTestId('project-name').fill('Confirmed – Living room');
    await page.getByTestId('file-input').setInputFiles(await roomPhotos(1));
    await page.getByTestId('style-scandinavian').click();
    await page.getByTestId('start-staging').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staging complete' })).toBeVisible({ timeout: 90_000 });
    await expect(creditsLeft(page)).toHaveText('5');

    // The link is single use: opened again it changes nothing and says the address is confirmed.
    await page.goto(path);
    await expect(page.getByTestId('verify-email-already')).toBeVisible();
  });

  test('forgot password: same answer for any address → mail → reset → old password refused, new one works', async ({ page }) => {
    test.setTimeout(150_000);
    await withPreferences(page, { language: 'en', theme: 'light', consent: true });
    const { email, password } = await signUp(page);
    await logOut(page);

    // An unknown address gets the same neutral answer and no mail.
    const stranger = uniqueEmail('nobody');
    await page.goto('/login');
    await page.getByTestId('forgot-password-link').click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.locator('#forgot-email').fill(stranger);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('reset-requested')).toContainText(`If an account exists for ${stranger}`);
    const neutral = (await page.getByTestId('reset-requested').innerText()).replace(stranger, 'ADDRESS');

    await page.getByRole('button', { name: 'Use a different address' }).click();
    const requestedAfter = Date.now();
    await page.locator('#forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('reset-requested')).toBeVisible();
    expect((await page.getByTestId('reset-requested').innerText()).replace(email, 'ADDRESS')).toBe(neutral);

    const { path } = await waitForMailLink(email, '/reset-password', requestedAfter);
    expect(await mailsTo(stranger)).toHaveLength(0);

    // The reset page: sign-up's rules and a matching repeat, then sign in.
    const newPassword = 'a-brand-new-password-42';
    await page.goto(path);
    await page.locator('#reset-password').fill('short');
    await page.locator('#reset-confirm').fill('other');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('The password needs at least 8 characters.')).toBeVisible();
    await page.locator('#reset-password').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('The two passwords do not match.')).toBeVisible();
    await page.locator('#reset-confirm').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-done')).toContainText('Password changed');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.locator('#signin-email').fill(email);
    await page.locator('#signin-password').fill(password);
    await page.getByTestId('signin-submit').click();
    await expect(page.getByTestId('auth-error')).toHaveText('E-mail address or password is incorrect.');
    await page.locator('#signin-password').fill(newPassword);
    await page.getByTestId('signin-submit').click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();

    // The link was single use.
    await page.goto(path);
    await page.locator('#reset-password').fill('yet-another-password');
    await page.locator('#reset-confirm').fill('yet-another-password');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-invalid')).toContainText('This link no longer works');
  });

  test('Settings → Security: change the password, change the e-mail through the mailed link', async ({ page }) => {
    test.setTimeout(150_000);
    await withPreferences(page, { language: 'de', theme: 'light', consent: true });
    const { email, password } = await signUp(page);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-tab-security').click();

    const newPassword = 'settings-new-password-7';
    await page.locator('#current-password').fill('not-my-password');
    await page.locator('#new-password').fill(newPassword);
    await page.locator('#confirm-password').fill(newPassword);
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('change-password-error')).toHaveText('Das aktuelle Passwort ist nicht korrekt.');
    await page.locator('#current-password').fill(password);
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByText('Passwort geändert', { exact: true })).toBeVisible();

    const newEmail = uniqueEmail('moved');
    const requestedAfter = Date.now();
    await page.locator('#new-email').fill(newEmail);
    await page.locator('#email-current-password').fill(newPassword);
    await page.getByTestId('change-email-submit').click();
    await expect(page.getByTestId('email-change-pending')).toContainText(`Bestätigung an ${newEmail} gesendet.`);
    // Nothing changes until the new address confirms.
    expect(((await (await page.request.get('/api/auth/user')).json()) as { email: string }).email).toBe(email);

    const { path } = await waitForMailLink(newEmail, '/confirm-email', requestedAfter);
    await page.goto(path);
    await expect(page.getByTestId('confirm-email-done')).toContainText('E-Mail-Adresse geändert');
    expect(((await (await page.request.get('/api/auth/user')).json()) as { email: string }).email).toBe(newEmail);

    await page.goto('/');
    await logOut(page);
    await page.goto('/login');
    await page.locator('#signin-email').fill(newEmail);
    await page.locator('#signin-password').fill(newPassword);
    await page.getByTestId('signin-submit').click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
  });
});
