import { expect, test, type Page } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts';
import { ADMIN_EMAIL, signInAdmin } from './fixtures/admin';

async function expectChartsDrawn(page: Page) {
  await expect(page.getByTestId('chart-trends').locator('svg.recharts-surface[role="application"]')).toBeVisible();
  await expect(page.getByTestId('chart-summary').locator('svg.recharts-surface[role="application"]')).toBeVisible();
  await expect(page.getByTestId('chart-summary').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('chart-trends').locator('.recharts-line')).toHaveCount(5);
}

test.describe('admin area', () => {
  test('an admin sees dashboard, analytics with charts, users and console, in English and German', async ({ page }) => {
    await withPreferences(page, { language: 'en', theme: 'light', consent: true });
    await signInAdmin(page);
    // Today's counts before this journey's events (journeys run one at a time; with analytics
    // consent withheld the browser counts nothing itself, and admin screens are never counted).
    type Today = { pageviews: number; ctaClicks: number; checkoutClicks: number };
    const before = ((await (await page.request.get('/api/admin/dashboard')).json()) as { today: Today }).today;
    for (const event of ['pageview', 'pageview', 'cta_click', 'checkout_click']) {
      const res = await page.request.post('/api/analytics/events', { data: { event, path: '/' } });
      expect(res.status()).toBe(204);
    }

    // The profile menu of the main app leads admins to /admin.
    await page.goto('/');
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-admin').click();
    await expect(page).toHaveURL(/\/admin$/);

    await expect(page.getByTestId('admin-greeting')).toHaveText('Hello, Ada');
    await expect(page.getByTestId('admin-tab-dashboard')).toHaveAttribute('aria-current', 'page');
    const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
    await expect(page.getByTestId('today-pageviews-value')).toHaveText(count(before.pageviews + 2));
    await expect(page.getByTestId('today-ctaClicks-value')).toHaveText(count(before.ctaClicks + 1));
    await expect(page.getByTestId('today-checkoutClicks-value')).toHaveText(count(before.checkoutClicks + 1));
    await expect(page.getByTestId('system-database')).toContainText('Connected');
    await expect(page.getByTestId('system-engine')).toContainText('Offline preview engine');
    await expect(page.getByTestId('quick-actions')).toBeVisible();

    await page.getByTestId('admin-tab-analytics').click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByText('Event Trends (Last 14 Days)')).toBeVisible();
    await expect(page.getByText('Event Summary (Last 14 Days)')).toBeVisible();
    await expectChartsDrawn(page);
    await expect(page.getByTestId('gdpr-box')).toContainText('Do Not Track');

    await page.getByTestId('admin-tab-users').click();
    await expect(page).toHaveURL(/\/admin\/user$/);
    await expect(page.getByTestId('users-total-value')).toHaveText(/^\d+$/);
    // The e2e server runs with billing configured against the fake Stripe, so MRR comes from Stripe
    // and the estimation notice is absent (the estimated variant is covered by the component tests).
    await expect(page.getByTestId('mrr-source')).toHaveText('From Stripe');
    await expect(page.getByTestId('recent-signups')).toContainText(ADMIN_EMAIL);
    await expect(page.getByTestId('mrr-notice')).toHaveCount(0);

    await page.getByTestId('admin-tab-console').click();
    await expect(page.getByTestId('console-frame')).toHaveAttribute('src', '/');
    await expect(page.getByTestId('console-new-tab')).toHaveText(/Open in New Tab/);
    await expect(page.frameLocator('[data-testid="console-frame"]').getByTestId('profile-menu')).toBeVisible();

    // Switch to German through the admin user menu; the choice is stored.
    await page.getByTestId('admin-user-menu').click();
    await page.getByTestId('admin-menu-language').click();
    await expect(page.getByTestId('admin-tab-console')).toHaveText('Konsole');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');

    await page.getByTestId('admin-tab-dashboard').click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Seitenaufrufe')).toBeVisible();
    await expect(page.getByTestId('system-database')).toContainText('Verbunden');

    await page.getByTestId('admin-tab-analytics').click();
    await expect(page.getByText('Event-Verlauf (letzte 14 Tage)')).toBeVisible();
    await expect(page.getByText('Event-Übersicht (letzte 14 Tage)')).toBeVisible();
    await expectChartsDrawn(page);
    await expect(page.getByTestId('gdpr-box')).toContainText('DSGVO');

    await page.getByTestId('admin-tab-users').click();
    await expect(page.getByRole('heading', { name: 'Nutzer', level: 1 })).toBeVisible();
    await expect(page.getByTestId('mrr-source')).toHaveText('Aus Stripe');

    await page.getByTestId('admin-tab-console').click();
    await expect(page.getByTestId('console-embedded')).toHaveText(/Eingebettete Ansicht/);

    // Theme toggle and logout through /api/auth/logout.
    await page.getByTestId('admin-user-menu').click();
    await page.getByTestId('admin-menu-theme').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByTestId('admin-user-menu').click();
    await page.getByTestId('admin-menu-logout').click();
    await expect(page.getByTestId('sign-in-button')).toBeVisible();
    expect((await page.request.get('/api/admin/dashboard')).status()).toBe(401);
  });

  test('a signed-in non-admin gets a clear no-access page and 403 from the API', async ({ page }) => {
    await withPreferences(page, { language: 'en', consent: true });
    await signUp(page, { firstName: 'Nina' });
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByTestId('admin-tab-dashboard')).toHaveCount(0);
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  });

  test('signed-out visitors on /admin are sent to sign in', async ({ page }) => {
    await withPreferences(page, { language: 'en', consent: true });
    await page.goto('/admin/user');
    await expect(page).toHaveURL(/\/login/);
    expect((await page.request.get('/api/admin/dashboard')).status()).toBe(401);
  });
});
