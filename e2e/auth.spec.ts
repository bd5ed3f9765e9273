import { expect, test } from '@playwright/test';
import { logOut, signUp, uniqueEmail, withPreferences } from './fixtures/accounts';

test.describe('accounts', () => {
  test('sign up → signed-in header → switch to German → log out', async ({ page }) => {
    await withPreferences(page, { language: 'en', consent: true });
    await page.goto('/');
    await expect(page.getByTestId('sign-in-button')).toHaveText('Sign in');

    await signUp(page, { firstName: 'Erika' });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('credits-display')).toContainText('6');
    await expect(page.getByTestId('nav-my-projects')).toHaveText(/My projects/);

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-language').click();
    await expect(page.getByTestId('nav-my-projects')).toHaveText(/Meine Projekte/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');

    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('sign-in-button')).toHaveText('Anmelden');
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
  });

  test('sign-in shows the server error for a wrong password, then succeeds', async ({ page }) => {
    await withPreferences(page, { language: 'en', consent: true });
    const { email, password } = await signUp(page);
    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('sign-in-button')).toBeVisible();

    await page.goto('/login');
    await page.locator('#signin-email').fill(email);
    await page.locator('#signin-password').fill('wrong-password');
    await page.getByTestId('signin-submit').click();
    await expect(page.getByTestId('auth-error')).toHaveText('E-mail address or password is incorrect.');

    await page.locator('#signin-password').fill(password);
    await page.getByTestId('signin-submit').click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
  });

  test('sign-up validates inline before calling the server', async ({ page }) => {
    await withPreferences(page, { language: 'de', consent: true });
    await page.goto('/login?mode=signup');
    await page.locator('#signup-email').fill('not-an-email');
    await page.locator('#signup-password').fill('short');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    await expect(page.getByText('Das Passwort braucht mindestens 8 Zeichen.')).toBeVisible();
    await page.locator('#signup-email').fill(uniqueEmail());
    await page.locator('#signup-password').fill('long enough 123');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
  });

  test('unknown paths show the 404 page, unknown API paths answer JSON', async ({ page }) => {
    await withPreferences(page, { language: 'en', consent: true });
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: '404 Page not found' })).toBeVisible();
    const api = await page.request.get('/api/this-does-not-exist');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
  });

  test('a signed-out deep link goes to sign-in and back to that page afterwards (issue #26)', async ({ page }) => {
    await withPreferences(page, { language: 'en', consent: true });
    const { email, password } = await signUp(page);
    await logOut(page);
    await page.goto('/my-projects?page=2');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fmy-projects%3Fpage%3D2$/);
    await page.locator('#signin-email').fill(email);
    await page.locator('#signin-password').fill(password);
    await page.getByTestId('signin-submit').click();
    await expect(page).toHaveURL(/\/my-projects\?page=2$/);
    await expect(page.getByTestId('profile-menu')).toBeVisible();
  });
});
