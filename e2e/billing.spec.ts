import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { signInAdmin } from './fixtures/admin.js';
import { installStripeDouble, TEST_CARDS } from './fixtures/stripe-js-double.js';

/**
 * Billing journeys in Chromium. The app runs with STRIPE_* pointed at a FakeStripe (see
 * playwright.config.ts); the only thing replaced in the browser is Stripe.js itself
 * (fixtures/stripe-js-double.ts), whose confirm call reaches that same fake.
 */
const FAKE_STRIPE_URL = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1}`;

test.beforeEach(async ({ context }) => {
  await installStripeDouble(context, { fakeStripeUrl: FAKE_STRIPE_URL });
});

/** Counts requests for Stripe.js, which must load only on the billing screens. */
function watchStripeJs(context: BrowserContext) {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith('https://js.stripe.com/')) seen.push(request.url());
  });
  return seen;
}

async function payWith(page: Page, card: string) {
  const input = page.getByTestId('stripe-double-card');
  await input.fill(card);
  await page.getByTestId('stripe-double-exp').fill('12 / 34');
  await page.getByTestId('stripe-double-cvc').fill('123');
  await page.getByTestId('complete-subscription').click();
}

test.describe('billing', () => {
  test('EN: the modal upgrades a free user to Pro with a card, cancels at period end, keeps the plan, then upgrades to Business with the prorated amount', async ({ page, context }) => {
    test.setTimeout(180_000);
    const stripeJs = watchStripeJs(context);
    await withPreferences(page, { language: 'en', consent: true });
    await signUp(page);
    await expect(page.getByTestId('credits-display')).toContainText('6');
    expect(stripeJs).toHaveLength(0);

    await page.getByTestId('credits-display').click();
    const modal = page.getByTestId('subscription-modal');
    await expect(modal.getByTestId('usage-value')).toHaveText('0 of 6 used · 6 left');
    await expect(modal.getByTestId('billing-plan-pro').getByTestId('popular-badge')).toHaveText('Most popular');
    await expect(modal.getByTestId('billing-plan-free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(modal.getByTestId('yearly-discount')).toHaveText('−25 %');
    // Plans and the modal itself do not need Stripe.js yet.
    expect(stripeJs).toHaveLength(0);

    await modal.getByTestId('choose-pro').click();
    const checkout = modal.getByTestId('checkout-view');
    await expect(checkout.getByTestId('checkout-price')).toContainText('29 €');
    await expect(checkout.getByTestId('vat-note')).toContainText('excl. 19 % VAT');
    await expect(checkout.getByTestId('secure-note')).toBeVisible();
    await expect(checkout.getByTestId('cancel-note')).toBeVisible();
    await expect.poll(() => stripeJs.length).toBeGreaterThan(0);

    // Back to the plans and in again.
    await checkout.getByTestId('checkout-back').click();
    await expect(modal.getByTestId('plan-grid')).toBeVisible();
    await modal.getByTestId('choose-pro').click();

    // A declined card: Stripe's message, nothing charged.
    await payWith(page, TEST_CARDS.declined);
    await expect(page.getByText('Payment Setup Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();

    await payWith(page, TEST_CARDS.ok);
    await expect(page.getByText('Subscription successful!', { exact: true })).toBeVisible();
    // The page reloads after 1 s and shows the Pro credits.
    await page.waitForEvent('load');
    await expect(page.getByTestId('credits-display')).toContainText('200');
    const me = await (await page.request.get('/api/billing/subscription')).json();
    expect(me).toMatchObject({ subscriptionPlan: 'pro', billingCycle: 'monthly', subscriptionStatus: 'active', creditsLimit: 200 });

    await page.getByTestId('credits-display').click();
    await expect(modal.getByTestId('billing-plan-pro').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(modal.getByTestId('plan-renews-on')).toHaveText(/^Renews on [A-Z][a-z]{2} \d{2}, \d{4}$/);

    // Cancel plan: it runs to the end of the period (decision 017), then "Keep my plan" takes it back.
    await modal.getByTestId('choose-free').click();
    const confirm = page.getByTestId('downgrade-dialog');
    await expect(confirm).toContainText(/Your Pro plan stays active until [A-Z][a-z]{2} \d{2}, \d{4}/);
    await confirm.getByTestId('downgrade-confirm').click();
    await expect(page.getByText('Plan cancelled', { exact: true })).toBeVisible();
    await expect(modal.getByTestId('plan-ends-on')).toHaveText(/^Ends on [A-Z][a-z]{2} \d{2}, \d{4}$/);
    expect((await (await page.request.get('/api/auth/user')).json()).creditsLimit).toBe(200);
    await modal.getByTestId('keep-plan').click();
    await expect(page.getByText('Plan kept', { exact: true })).toBeVisible();
    await expect(modal.getByTestId('plan-renews-on')).toBeVisible();
    await expect(modal.getByTestId('plan-ends-on')).toHaveCount(0);

    // Upgrade Pro → Business: the prorated amount from Stripe's preview, then charged at once.
    await modal.getByTestId('choose-business').click();
    const change = page.getByTestId('change-plan-dialog');
    await expect(change.getByTestId('change-due-now')).toHaveText(/^\d+(,\d{2})?\s€$/);
    const due = await change.getByTestId('change-due-now').textContent();
    await expect(change.getByTestId('change-confirm')).toContainText(due!);
    await change.getByTestId('change-confirm').click();
    await expect(page.getByText('Plan Changed Successfully', { exact: true })).toBeVisible();
    await expect(page.getByTestId('credits-display')).toContainText('1000');
    expect(await (await page.request.get('/api/billing/subscription')).json()).toMatchObject({ subscriptionPlan: 'business', creditsLimit: 1000 });
  });

  test('DE: "Vertrieb kontaktieren" sends the sales form; the inquiry is listed for admins', async ({ page }) => {
    await withPreferences(page, { language: 'de', consent: true });
    await page.goto('/');
    await page.getByTestId('plan-business').getByTestId('contact-sales').click();
    const form = page.getByTestId('sales-dialog');
    await form.getByLabel('Name').fill('Mara Keller');
    await form.getByLabel('Geschäftliche E-Mail').fill('mara@keller-immobilien.de');
    const company = `Keller Immobilien ${Date.now()}`;
    await form.getByLabel('Firma').fill(company);
    await form.getByLabel('Teammitglieder (optional)').fill('12');
    await form.getByLabel('Nachricht').fill('Rund 800 Bilder im Monat für drei Büros.');
    await form.getByTestId('sales-submit').click();
    await expect(form.getByTestId('sales-sent')).toContainText('Vielen Dank');

    await signInAdmin(page);
    await page.goto('/admin/sales');
    const row = page.getByTestId('sales-row').filter({ hasText: company });
    await expect(row).toContainText('mara@keller-immobilien.de');
    await expect(row).toContainText('12 Nutzer');
  });

  test('DE: /subscribe shows plans to visitors, then a signed-in user pays for Business yearly and lands on the dashboard', async ({ page }) => {
    await withPreferences(page, { language: 'de', consent: true });
    await page.goto('/subscribe');
    await expect(page.getByTestId('billing-plan-pro').getByTestId('popular-badge')).toHaveText('Empfohlen');
    await page.getByTestId('choose-pro').click();
    await expect(page.getByText('Anmeldung erforderlich', { exact: true })).toBeVisible();
    await page.waitForURL(/\/login/);

    await signUp(page);
    await page.goto('/subscribe');
    await expect(page.getByTestId('current-plan')).toContainText('Free');
    await expect(page.getByTestId('back-to-dashboard')).toHaveText(/Zurück zum Dashboard/);
    await expect(page.getByTestId('subscribe-logout')).toHaveText(/Abmelden/);
    await page.getByTestId('billing-cycle-yearly').click();
    await expect(page.getByTestId('billing-plan-business').getByTestId('billing-plan-price')).toHaveText('891 €');
    await page.getByTestId('choose-business').click();
    await expect(page.getByTestId('checkout-price')).toContainText('891 €');

    // Saved, but the bank refuses the first charge: the server answers with the bank's message.
    await payWith(page, TEST_CARDS.chargeFails);
    await expect(page.getByText('Zahlungsfehler', { exact: true })).toBeVisible();
    await expect(page.getByTestId('payment-form')).toBeVisible();

    await payWith(page, TEST_CARDS.ok);
    await expect(page.getByText('Zahlung erfolgreich!', { exact: true })).toBeVisible();
    await page.waitForURL(/\/dashboard$/);
    await expect(page.getByTestId('credits-display')).toContainText('1000');
  });

  test('/subscribe-popup: an invalid link in both languages, then completing a confirmed setup', async ({ page }) => {
    await withPreferences(page, { language: 'en', consent: true });
    await page.goto('/subscribe-popup?client_secret=seti_x_secret_y');
    await expect(page.getByTestId('popup-invalid')).toContainText('Invalid payment link');
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await expect(page.getByTestId('popup-invalid')).toContainText('Ungültiger Zahlungslink');
    await page.evaluate(() => localStorage.setItem('language', 'en'));

    await signUp(page);
    const setup = await (await page.request.post('/api/get-or-create-subscription', { data: { planId: 'pro', billingCycle: 'yearly' } })).json();
    // What Stripe.js does in the payment window before it lands here.
    const confirmed = await fetch(`${FAKE_STRIPE_URL}/_fake/setup_intents/${setup.setupIntentId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: setup.clientSecret }),
    });
    expect(confirmed.status).toBe(200);
    await page.goto(`/subscribe-popup?client_secret=${setup.clientSecret}&setup_intent_id=${setup.setupIntentId}&plan=pro&cycle=yearly`);
    await expect(page.getByTestId('popup-success')).toContainText('Subscription successful!');
    await expect(page.getByTestId('popup-closing')).toHaveText('This window closes in a moment.');
    // Not opened as a popup, so the window cannot close itself: it carries on to the dashboard.
    await page.waitForURL(/\/dashboard$/);
    await expect(page.getByTestId('credits-display')).toContainText('200');
  });

  test('EN: inside a frame the checkout runs in a popup window that completes, reports back and closes', async ({ page, context }) => {
    await withPreferences(page, { language: 'en', consent: true });
    await signUp(page);
    // A page of the app's own origin that frames the app, as the admin console does (with the
    // app's opener policy: a popup keeps its opener only between pages of the same policy).
    await context.route('**/e2e-frame', (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'cross-origin-opener-policy': 'same-origin' },
        body: '<!doctype html><title>frame</title><iframe src="/" style="width:100%;height:900px;border:0"></iframe>',
      }),
    );
    await page.goto('/e2e-frame');
    const app = page.frameLocator('iframe');
    await app.getByTestId('credits-display').click();

    // Closing the payment window early.
    const first = page.waitForEvent('popup');
    await app.getByTestId('choose-business').click();
    const abandoned = await first;
    await expect(app.getByTestId('popup-waiting')).toBeVisible();
    await abandoned.close();
    await expect(app.getByText('Payment Window Closed', { exact: true })).toBeVisible();

    const second = page.waitForEvent('popup');
    await app.getByTestId('choose-pro').click();
    const popup = await second;
    await expect(popup).toHaveURL(/\/subscribe\?plan=pro&cycle=monthly&popup=1/);
    await payWith(popup, TEST_CARDS.ok);
    await expect(popup.getByTestId('popup-success')).toBeVisible();
    // The framed app hears about it at once (toast), reloads after 1 s; the popup closes after 2 s.
    await expect(app.getByText('Subscription successful!', { exact: true })).toBeVisible();
    await popup.waitForEvent('close');
    await expect(app.getByTestId('credits-display')).toContainText('200');
  });
});
