import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signUp, withPreferences } from './fixtures/accounts.js';
import { signInAdmin } from './fixtures/admin.js';
import { FAKE_STRIPE_APP_ENV } from './fixtures/fake-stripe-env.js';
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

type Lang = 'de' | 'en';

/** What the journeys read on screen, per language (web/src/features/billing/i18n, DESIGN §2 dates). */
const TEXT = {
  en: {
    currentPlan: 'Current plan',
    renewsOn: /^Renews on [A-Z][a-z]{2} \d{2}, \d{4}$/,
    staysUntil: /Your Pro plan stays active until [A-Z][a-z]{2} \d{2}, \d{4}/,
    cancelled: 'Plan cancelled',
    endsOn: /^Ends on [A-Z][a-z]{2} \d{2}, \d{4}$/,
    kept: 'Plan kept',
    changed: 'Plan changed',
    banner: 'Your payment failed — update your card.',
    updateCard: 'Update card',
  },
  de: {
    currentPlan: 'Aktueller Tarif',
    renewsOn: /^Verlängert sich am \d{2}\.\d{2}\.\d{4}$/,
    staysUntil: /Ihr Pro-Tarif bleibt bis \d{2}\.\d{2}\.\d{4} aktiv/,
    cancelled: 'Tarif gekündigt',
    endsOn: /^Endet am \d{2}\.\d{2}\.\d{4}$/,
    kept: 'Tarif behalten',
    changed: 'Tarif erfolgreich geändert',
    banner: 'Ihre Zahlung ist fehlgeschlagen — bitte aktualisieren Sie Ihre Karte.',
    updateCard: 'Karte aktualisieren',
  },
} as const;

/** The app's language from the next page load on (as the language toggle stores it). */
async function switchLanguage(page: Page, lang: Lang) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

/**
 * Subscribes the signed-in user without the card form (the journeys above pay through it): the
 * app's SetupIntent, confirmed at the fake as Stripe.js would, then completed by the app.
 */
async function subscribeByApi(page: Page, planId: 'pro' | 'business', billingCycle: 'monthly' | 'yearly') {
  const setup = await (await page.request.post('/api/create-setup-intent', { data: { planId, billingCycle } })).json();
  const confirmed = await fetch(`${FAKE_STRIPE_URL}/_fake/setup_intents/${setup.setupIntentId}/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: setup.clientSecret }),
  });
  expect(confirmed.status).toBe(200);
  const completed = await page.request.post('/api/complete-subscription', { data: { setupIntentId: setup.setupIntentId, planId, billingCycle } });
  expect(completed.status(), await completed.text()).toBe(200);
}

/** The user's subscription id at the fake Stripe (found as the dashboard would: customer by e-mail). */
async function stripeSubscriptionOf(email: string): Promise<string> {
  const get = async (path: string) =>
    (await fetch(`${FAKE_STRIPE_URL}${path}`, { headers: { authorization: `Bearer ${FAKE_STRIPE_APP_ENV.STRIPE_SECRET_KEY}` } })).json();
  const customers = await get(`/v1/customers?email=${encodeURIComponent(email)}`);
  expect(customers.data).toHaveLength(1);
  const subscriptions = await get(`/v1/subscriptions?customer=${customers.data[0].id}`);
  expect(subscriptions.data).toHaveLength(1);
  return subscriptions.data[0].id;
}

/**
 * From an active Pro monthly plan, modal closed: cancel plan → "Ends on" in the modal and the
 * header → "Keep my plan" → upgrade to Business with the prorated amount from Stripe's preview.
 */
async function cancelKeepAndUpgrade(page: Page, lang: Lang) {
  const text = TEXT[lang];
  await expect(page.getByTestId('header-plan-ends')).toHaveCount(0);
  await page.getByTestId('credits-display').click();
  const modal = page.getByTestId('subscription-modal');
  await expect(modal.getByTestId('billing-plan-pro').getByRole('button', { name: text.currentPlan })).toBeDisabled();
  await expect(modal.getByTestId('plan-renews-on')).toHaveText(text.renewsOn);

  // Cancel plan: it runs to the end of the period (decision 017), then "Keep my plan" takes it back.
  await modal.getByTestId('choose-free').click();
  const confirm = page.getByTestId('downgrade-dialog');
  await expect(confirm).toContainText(text.staysUntil);
  await confirm.getByTestId('downgrade-confirm').click();
  await expect(page.getByText(text.cancelled, { exact: true })).toBeVisible();
  await expect(modal.getByTestId('plan-ends-on')).toHaveText(text.endsOn);
  // The header says so too, with the same date.
  const endsOn = (await modal.getByTestId('plan-ends-on').textContent())!;
  await expect(page.getByTestId('header-plan-ends')).toHaveAttribute('title', endsOn);
  expect((await (await page.request.get('/api/auth/user')).json()).creditsLimit).toBe(200);
  await modal.getByTestId('keep-plan').click();
  await expect(modal.getByTestId('plan-renews-on')).toBeVisible();
  await expect(modal.getByTestId('keep-plan')).toHaveCount(0);
  await expect(page.getByText(text.kept, { exact: true })).toBeVisible();
  await expect(modal.getByTestId('plan-ends-on')).toHaveCount(0);
  await expect(page.getByTestId('header-plan-ends')).toHaveCount(0);

  // Upgrade Pro → Business: the prorated amount from Stripe's preview, then charged at once.
  await modal.getByTestId('choose-business').click();
  const change = page.getByTestId('change-plan-dialog');
  await expect(change.getByTestId('change-due-now')).toHaveText(/^\d+(,\d{2})?\s€$/);
  const due = await change.getByTestId('change-due-now').textContent();
  await expect(change.getByTestId('change-confirm')).toContainText(due!);
  await change.getByTestId('change-confirm').click();
  await expect(page.getByText(text.changed, { exact: true })).toBeVisible();
  await expect(page.getByTestId('credits-display')).toContainText('1000');
  expect(await (await page.request.get('/api/billing/subscription')).json()).toMatchObject({ subscriptionPlan: 'business', creditsLimit: 1000 });
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
    await expect(modal.getByTestId('billing-plan-free').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(modal.getByTestId('yearly-discount')).toHaveText('−8 to −25 %');
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
    await expect(page.getByText('Payment setup failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();

    await payWith(page, TEST_CARDS.ok);
    await expect(page.getByText('Subscription successful!', { exact: true })).toBeVisible();
    // The page reloads after 1 s and shows the Pro credits.
    await page.waitForEvent('load');
    await expect(page.getByTestId('credits-display')).toContainText('200');
    const me = await (await page.request.get('/api/billing/subscription')).json();
    expect(me).toMatchObject({ subscriptionPlan: 'pro', billingCycle: 'monthly', subscriptionStatus: 'active', creditsLimit: 200 });

    await cancelKeepAndUpgrade(page, 'en');
  });

  test('DE: "Tarif kündigen" → "Endet am" (modal and header) → "Tarif behalten", then Pro → Business with the prorated amount', async ({ page }) => {
    await withPreferences(page, { language: 'de', consent: true });
    await signUp(page);
    await subscribeByApi(page, 'pro', 'monthly');
    await page.goto('/dashboard');
    await expect(page.getByTestId('credits-display')).toContainText('200');
    await cancelKeepAndUpgrade(page, 'de');
  });

  test('DE and EN: "Contact sales" sends the sales form in either language; both inquiries are listed for admins', async ({ page }) => {
    const form = page.getByTestId('sales-dialog');
    const inquiries = [
      {
        lang: 'de',
        labels: { email: 'Geschäftliche E-Mail', company: 'Firma', seats: 'Teammitglieder (optional)', message: 'Nachricht' },
        name: 'Mara Keller',
        email: 'mara@keller-immobilien.de',
        company: `Keller Immobilien ${Date.now()}`,
        seats: '12',
        message: 'Rund 800 Bilder im Monat für drei Büros.',
        sent: 'Vielen Dank',
        listed: '12 Nutzer',
      },
      {
        lang: 'en',
        labels: { email: 'Work e-mail', company: 'Company', seats: 'Team members (optional)', message: 'Message' },
        name: 'Tom Hale',
        email: 'tom@hale-homes.co.uk',
        company: `Hale Homes ${Date.now()}`,
        seats: '3',
        message: 'About 300 photos a month for two offices.',
        sent: 'Thank you',
        listed: '3 seats',
      },
    ] as const;
    await withPreferences(page, { language: 'de', consent: true });
    await page.goto('/');
    for (const inquiry of inquiries) {
      await switchLanguage(page, inquiry.lang);
      // The landing page is prerendered: a click before React has taken over does nothing.
      await expect(async () => {
        if (!(await form.isVisible())) await page.getByTestId('plan-business').getByTestId('contact-sales').click({ timeout: 2_000 });
        await expect(form).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await form.getByLabel('Name').fill(inquiry.name);
      await form.getByLabel(inquiry.labels.email).fill(inquiry.email);
      await form.getByLabel(inquiry.labels.company).fill(inquiry.company);
      await form.getByLabel(inquiry.labels.seats).fill(inquiry.seats);
      await form.getByLabel(inquiry.labels.message).fill(inquiry.message);
      await form.getByTestId('sales-submit').click();
      await expect(form.getByTestId('sales-sent')).toContainText(inquiry.sent);
    }

    await signInAdmin(page);
    await page.goto('/admin/sales');
    for (const inquiry of inquiries) {
      await switchLanguage(page, inquiry.lang);
      const row = page.getByTestId('sales-row').filter({ hasText: inquiry.company });
      await expect(row).toContainText(inquiry.email);
      await expect(row).toContainText(inquiry.listed);
    }
  });

  test('EN and DE: a failed renewal shows the banner on signed-in screens; "Update card" leads to the billing portal and back', async ({ page }) => {
    await withPreferences(page, { language: 'en', consent: true });
    const { email } = await signUp(page);
    await subscribeByApi(page, 'pro', 'monthly');
    await page.goto('/dashboard');
    await expect(page.getByTestId('credits-display')).toContainText('200');
    await expect(page.getByTestId('payment-failed-banner')).toHaveCount(0);

    // Stripe's renewal is declined (the fake's clock); its events reach the app's webhook.
    const subscription = await stripeSubscriptionOf(email);
    for (const step of ['fail_next_payment', 'advance']) {
      const reply = await fetch(`${FAKE_STRIPE_URL}/_fake/subscriptions/${subscription}/${step}`, { method: 'POST' });
      expect(reply.status, step).toBe(200);
    }
    await expect
      .poll(async () => (await (await page.request.get('/api/billing/subscription')).json()).pastDue, { message: 'past due after the failed renewal' })
      .toBe(true);

    await page.reload();
    const banner = page.getByTestId('payment-failed-banner');
    await expect(banner).toContainText(TEXT.en.banner);
    // The period's credits stay usable while Stripe retries.
    await expect(page.getByTestId('credits-display')).toContainText('200');

    await page.getByTestId('nav-my-projects').click();
    await page.waitForURL(/\/my-projects$/);
    await switchLanguage(page, 'de');
    await expect(banner).toContainText(TEXT.de.banner);
    await banner.getByRole('button', { name: TEXT.de.updateCard }).click();
    await page.waitForURL(`${FAKE_STRIPE_URL}/_fake/portal/**`);
    await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
    await page.locator('#return').click();
    await page.waitForURL(/\/dashboard$/);
    await expect(banner).toContainText(TEXT.de.banner);
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
    await expect(app.getByText('Payment window closed', { exact: true })).toBeVisible();

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
