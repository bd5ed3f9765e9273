import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@contract/auth';
import { POST_PAYMENT_RELOAD_MS } from '@contract/limits';
import { i18n, initI18n } from '@/i18n/i18n';
import { saveConsent } from '@/lib/consent';
import { jsonResponse, mockFetch, testConfig, testUser, type MockHandler } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { billingNavigation } from './billing-navigation';
import SubscriptionModal from './subscription-modal';
import { loadStripeMock, stripeStub } from './testing/stripe-stub';

vi.mock('@stripe/stripe-js', () => ({ loadStripe: loadStripeMock }));

configure({ asyncUtilTimeout: 5000 });

const later = vi.spyOn(billingNavigation, 'later').mockImplementation(() => 0);
const reload = vi.spyOn(billingNavigation, 'reload').mockImplementation(() => undefined);

beforeEach(async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
  later.mockClear();
  reload.mockClear();
  stripeStub.confirmSetup.mockClear();
  stripeStub.confirmResult = { setupIntent: { id: 'seti_test_1', status: 'succeeded' } };
});
afterEach(() => vi.unstubAllGlobals());

const state = (overrides: Record<string, unknown> = {}) => ({
  subscriptionPlan: 'free',
  billingCycle: null,
  subscriptionStatus: null,
  pastDue: false,
  creditsUsed: 2,
  creditsLimit: 6,
  packCredits: 0,
  creditsPeriodStart: '2026-03-01T00:00:00.000Z',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  scheduledChange: null,
  ...overrides,
});

function setup(options: { user?: UserResponse; billing?: Record<string, unknown>; config?: Record<string, unknown>; routes?: Array<[string, string, MockHandler]>; language?: 'de' | 'en' } = {}) {
  const user = options.user ?? (testUser({ creditsUsed: 2 }) as UserResponse);
  const mock = mockFetch([
    ...(options.routes ?? []),
    ['GET', '/api/config', () => jsonResponse(testConfig(options.config ?? { billingEnabled: true, stripePublishableKey: 'pk_test_123' }))],
    ['GET', '/api/billing/subscription', () => jsonResponse(state(options.billing))],
    ['GET', '/api/auth/user', () => jsonResponse(user)],
    ['POST', '/api/analytics/events', () => new Response(null, { status: 204 })],
  ]);
  const onOpenChange = vi.fn();
  const rendered = renderWithProviders(<SubscriptionModal user={user} open onOpenChange={onOpenChange} />, { language: options.language });
  return { ...rendered, mock, onOpenChange, ui: userEvent.setup() };
}

const card = (id: string) => screen.findByTestId(`billing-plan-${id}`);

describe('Subscription modal — plans (spec §2)', () => {
  it('shows usage, three plans from contract/plans.ts, the popular and current badges and a disabled Current plan button', async () => {
    setup();
    expect(await screen.findByText('2 of 6 used · 4 left')).toBeInTheDocument();
    const free = await card('free');
    expect(within(free).getByTestId('current-badge')).toHaveTextContent('Current plan');
    expect(within(free).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    const pro = await card('pro');
    expect(within(pro).getByTestId('popular-badge')).toHaveTextContent('Most popular');
    expect(within(pro).getByTestId('billing-plan-price')).toHaveTextContent('29 €');
    expect(within(await card('business')).getByTestId('billing-plan-price')).toHaveTextContent('99 €');
    expect(within(pro).getByText('200 credits per month')).toBeInTheDocument();
  });

  it('switches to yearly prices with the discount label and the yearly notes', async () => {
    const { ui } = setup();
    // True for every plan: pro saves 8 %, business 25 % (never a bare "−25 %" over pro's price).
    expect(await screen.findByTestId('yearly-discount')).toHaveTextContent(/^−8 to −25 %$/);
    await ui.click(screen.getByTestId('billing-cycle-yearly'));
    const pro = await card('pro');
    expect(within(pro).getByTestId('billing-plan-price')).toHaveTextContent('319 €');
    expect(within(pro).getByTestId('yearly-note')).toHaveTextContent('1 month free (−8 %)');
    expect(within(await card('business')).getByTestId('yearly-note')).toHaveTextContent('3 months free (−25 %)');
  });

  it('marks only the plan and cycle the user has as current', async () => {
    const { ui } = setup({ user: testUser({ subscriptionPlan: 'pro', creditsLimit: 200 }) as UserResponse, billing: { subscriptionPlan: 'pro', billingCycle: 'monthly' } });
    const pro = await card('pro');
    await waitFor(() => expect(within(pro).getByRole('button', { name: 'Current plan' })).toBeDisabled());
    await ui.click(screen.getByTestId('billing-cycle-yearly'));
    expect(within(pro).getByRole('button', { name: 'Switch to yearly' })).toBeEnabled();
    expect(within(await card('business')).getByRole('button', { name: 'Switch to Business' })).toBeEnabled();
  });

  it('is translated for German', async () => {
    setup({ language: 'de' });
    const pro = await card('pro');
    await waitFor(() => expect(within(pro).getByTestId('popular-badge')).toHaveTextContent('Am beliebtesten'));
    expect(within(await card('free')).getByRole('button', { name: 'Aktueller Tarif' })).toBeDisabled();
    expect(screen.getByText('Tarife und Credits')).toBeInTheDocument();
  });
});

describe('Subscription modal — checkout (spec §4)', () => {
  it('creates a SetupIntent for plan and cycle, confirms with Stripe, completes, toasts and reloads after 1 s', async () => {
    saveConsent({ analytics: true, marketing: false });
    const { ui, mock } = setup({
      routes: [
        ['POST', '/api/create-setup-intent', () => jsonResponse({ clientSecret: 'seti_test_1_secret_abc', setupIntentId: 'seti_test_1' })],
        ['POST', '/api/complete-subscription', () => jsonResponse({ success: true, outcome: 'subscribed', ...state({ subscriptionPlan: 'pro', billingCycle: 'yearly', creditsLimit: 200 }) })],
        // Stripe's invoice preview with 19 % VAT (decision 018): the checkout shows its three figures, not its own arithmetic.
        [
          'GET',
          '/api/billing/change-preview',
          () => jsonResponse({ kind: 'new', plan: 'pro', billingCycle: 'yearly', amountDueNowCents: 37961, subtotalCents: 31900, taxCents: 6061, totalCents: 37961, currency: 'eur', effectiveAt: '2026-03-10T00:00:00.000Z', prorationDate: null }),
        ],
      ],
    });
    await ui.click(await screen.findByTestId('billing-cycle-yearly'));
    await ui.click(within(await card('pro')).getByRole('button', { name: 'Choose Pro' }));

    const view = await screen.findByTestId('checkout-view');
    expect(mock.calls.find((c) => c.url === '/api/create-setup-intent')?.body).toEqual({ planId: 'pro', billingCycle: 'yearly' });
    expect(mock.calls.find((c) => c.url === '/api/analytics/events')?.body).toMatchObject({ event: 'checkout_click' });
    expect(within(view).getByTestId('checkout-price')).toHaveTextContent('319 €');
    expect(within(view).getByText('200 credits per month')).toBeInTheDocument();
    expect(within(view).getByTestId('vat-note')).toHaveTextContent('excl. 19 % VAT');
    // Net, VAT and gross (issue #35), as Stripe's preview says.
    expect(await within(view).findByTestId('checkout-net')).toHaveTextContent('319 €');
    expect(within(view).getByTestId('checkout-vat')).toHaveTextContent('60,61 €');
    expect(within(view).getByTestId('checkout-total-amount')).toHaveTextContent('379,61 €');
    expect(within(view).getByTestId('secure-note')).toBeInTheDocument();
    expect(within(view).getByTestId('cancel-note')).toBeInTheDocument();
    await waitFor(() => expect(loadStripeMock).toHaveBeenCalledWith('pk_test_123'));

    const complete = await screen.findByTestId('complete-subscription');
    await waitFor(() => expect(complete).toBeEnabled());
    await ui.click(complete);
    expect(await screen.findByText('Subscription successful!')).toBeInTheDocument();
    expect(stripeStub.confirmSetup).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required', confirmParams: { return_url: expect.stringContaining('/subscribe-popup?plan=pro&cycle=yearly') } }));
    expect(mock.calls.find((c) => c.url === '/api/complete-subscription')?.body).toEqual({ setupIntentId: 'seti_test_1', planId: 'pro', billingCycle: 'yearly' });
    expect(later).toHaveBeenCalledWith(POST_PAYMENT_RELOAD_MS, expect.any(Function));
    later.mock.calls.at(-1)![1]();
    expect(reload).toHaveBeenCalled();
  });

  it("goes back to the plans from the checkout", async () => {
    const { ui } = setup({ routes: [['POST', '/api/create-setup-intent', () => jsonResponse({ clientSecret: 'seti_test_1_secret_abc', setupIntentId: 'seti_test_1' })]] });
    await ui.click(within(await card('business')).getByRole('button', { name: 'Choose Business' }));
    await ui.click(await screen.findByTestId('checkout-back'));
    expect(await screen.findByTestId('plan-grid')).toBeInTheDocument();
  });

  it("shows 'Payment setup failed' with Stripe's message when the card is refused", async () => {
    stripeStub.confirmResult = { error: { type: 'card_error', message: 'Your card was declined.' } };
    const { ui, mock } = setup({ routes: [['POST', '/api/create-setup-intent', () => jsonResponse({ clientSecret: 'seti_test_1_secret_abc', setupIntentId: 'seti_test_1' })]] });
    await ui.click(within(await card('pro')).getByRole('button', { name: 'Choose Pro' }));
    const complete = await screen.findByTestId('complete-subscription');
    await waitFor(() => expect(complete).toBeEnabled());
    await ui.click(complete);
    expect(await screen.findByText('Payment setup failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(mock.calls.some((c) => c.url === '/api/complete-subscription')).toBe(false);
  });

  it("shows 'Subscription failed' with the server's message when completing fails", async () => {
    const { ui } = setup({
      routes: [
        ['POST', '/api/create-setup-intent', () => jsonResponse({ clientSecret: 'seti_test_1_secret_abc', setupIntentId: 'seti_test_1' })],
        ['POST', '/api/complete-subscription', () => jsonResponse({ message: 'The card has not been confirmed yet.', code: 'billing_error' }, 409)],
      ],
    });
    await ui.click(within(await card('pro')).getByRole('button', { name: 'Choose Pro' }));
    const complete = await screen.findByTestId('complete-subscription');
    await waitFor(() => expect(complete).toBeEnabled());
    await ui.click(complete);
    expect(await screen.findByText('Subscription failed')).toBeInTheDocument();
    expect(screen.getByText('The card has not been confirmed yet.')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows 'Failed to initialize payment. Please try again.' when the SetupIntent cannot be created", async () => {
    const { ui } = setup({ routes: [['POST', '/api/create-setup-intent', () => jsonResponse({ message: 'boom', code: 'billing_error' }, 503)]] });
    await ui.click(within(await card('pro')).getByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByText('Failed to initialize payment. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('plan-grid')).toBeInTheDocument();
  });

  it('shows plans as not purchasable yet, with a way to contact sales, when payments are not set up (issue #26)', async () => {
    const { mock } = setup({ config: { billingEnabled: false, stripePublishableKey: null } });
    expect(await screen.findByTestId('billing-unconfigured')).toHaveTextContent('Online payment is not available yet');
    const pro = await card('pro');
    expect(within(pro).getByRole('button', { name: 'Not available yet' })).toBeDisabled();
    expect(within(pro).getByTestId('contact-sales')).toBeInTheDocument();
    expect(screen.queryByText(/Configuration|configured/)).not.toBeInTheDocument();
    expect(mock.calls.some((c) => c.url === '/api/create-setup-intent')).toBe(false);
  });
});

describe('Subscription modal — cancel plan at period end (decision 017)', () => {
  const paid = testUser({ subscriptionPlan: 'business', creditsUsed: 40, creditsLimit: 1000 }) as UserResponse;
  const active = { subscriptionPlan: 'business', billingCycle: 'monthly', subscriptionStatus: 'active', currentPeriodEnd: '2026-04-01T00:00:00.000Z' };

  it('asks for confirmation naming the end date, then shows "Ends on" and "Keep my plan", which takes it back', async () => {
    const { ui, mock } = setup({
      user: paid,
      billing: active,
      routes: [
        ['POST', '/api/downgrade-to-free', () => jsonResponse({ success: true, ...state({ ...active, creditsUsed: 40, cancelAtPeriodEnd: true }) })],
        ['POST', '/api/billing/resume', () => jsonResponse({ success: true, ...state({ ...active, creditsUsed: 40 }) })],
      ],
    });
    expect(await screen.findByTestId('plan-renews-on')).toHaveTextContent('Renews on Apr 01, 2026');
    await ui.click(within(await card('free')).getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByTestId('downgrade-dialog');
    expect(dialog).toHaveTextContent('Your Business plan stays active until Apr 01, 2026');
    expect(mock.calls.some((c) => c.url === '/api/downgrade-to-free')).toBe(false);
    await ui.click(within(dialog).getByTestId('downgrade-confirm'));
    expect(await screen.findByText('Plan cancelled')).toBeInTheDocument();
    expect(await screen.findByTestId('plan-ends-on')).toHaveTextContent('Ends on Apr 01, 2026');
    expect(within(await card('free')).getByRole('button', { name: 'Ends at period end' })).toBeDisabled();

    await ui.click(screen.getByTestId('keep-plan'));
    expect(await screen.findByTestId('plan-renews-on')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-ends-on')).not.toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === '/api/billing/resume')).toHaveLength(1);
  });

  it('German: "Endet am dd.MM.yyyy"', async () => {
    setup({ user: paid, language: 'de', billing: { ...active, cancelAtPeriodEnd: true } });
    expect(await screen.findByTestId('plan-ends-on')).toHaveTextContent('Endet am 01.04.2026');
    expect(screen.getByTestId('keep-plan')).toHaveTextContent('Tarif behalten');
  });

  it("shows 'Cancellation failed' when the server refuses", async () => {
    const { ui } = setup({ user: paid, billing: active, routes: [['POST', '/api/downgrade-to-free', () => jsonResponse({ message: 'down', code: 'billing_error' }, 503)]] });
    await ui.click(within(await card('free')).getByRole('button', { name: 'Cancel plan' }));
    await ui.click(await screen.findByTestId('downgrade-confirm'));
    expect(await screen.findByText('Cancellation failed')).toBeInTheDocument();
  });

  it('cancelling the confirmation changes nothing', async () => {
    const { ui, mock } = setup({ user: paid, billing: active });
    await ui.click(within(await card('free')).getByRole('button', { name: 'Cancel plan' }));
    await ui.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('downgrade-dialog')).not.toBeInTheDocument());
    expect(mock.calls.some((c) => c.url === '/api/downgrade-to-free')).toBe(false);
  });
});

describe('Subscription modal — changes between paid plans (issue #11)', () => {
  const pro = testUser({ subscriptionPlan: 'pro', creditsUsed: 150, creditsLimit: 200 }) as UserResponse;
  const active = { subscriptionPlan: 'pro', billingCycle: 'monthly', subscriptionStatus: 'active', currentPeriodEnd: '2026-04-01T00:00:00.000Z' };
  const preview = (kind: 'upgrade' | 'downgrade', overrides: Record<string, unknown> = {}) => ({
    kind,
    plan: 'business',
    billingCycle: 'monthly',
    amountDueNowCents: 8330,
    subtotalCents: 7000,
    taxCents: 1330,
    totalCents: 8330,
    currency: 'eur',
    effectiveAt: '2026-03-10T00:00:00.000Z',
    prorationDate: 1773100800,
    ...overrides,
  });

  it('an upgrade shows the amount due now from the preview and sends its proration date; no card form', async () => {
    const { ui, mock } = setup({
      user: pro,
      billing: active,
      routes: [
        ['GET', '/api/billing/change-preview', () => jsonResponse(preview('upgrade'))],
        ['POST', '/api/billing/change-plan', () => jsonResponse({ success: true, outcome: 'upgraded', ...state({ ...active, subscriptionPlan: 'business', creditsLimit: 1000, creditsUsed: 150 }) })],
      ],
    });
    await ui.click(within(await card('business')).getByTestId('choose-business'));
    const dialog = await screen.findByTestId('change-plan-dialog');
    expect(await within(dialog).findByTestId('change-due-now')).toHaveTextContent('83,30 €');
    expect(dialog).toHaveTextContent('VAT');
    await ui.click(within(dialog).getByTestId('change-confirm'));
    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    const call = mock.calls.find((c) => c.url === '/api/billing/change-plan');
    expect(call?.body).toEqual({ plan: 'business', cycle: 'monthly', prorationDate: 1773100800 });
    expect(mock.calls.some((c) => c.url.startsWith('/api/billing/change-preview?plan=business&cycle=monthly'))).toBe(true);
    expect(mock.calls.some((c) => c.url === '/api/create-setup-intent')).toBe(false);
  });

  it('a downgrade says when it takes effect and that nothing is charged now', async () => {
    const business = testUser({ subscriptionPlan: 'business' }) as UserResponse;
    const { ui } = setup({
      user: business,
      billing: { ...active, subscriptionPlan: 'business' },
      routes: [['GET', '/api/billing/change-preview', () => jsonResponse(preview('downgrade', { plan: 'pro', amountDueNowCents: 0, totalCents: 3451, effectiveAt: '2026-04-01T00:00:00.000Z' }))]],
    });
    await ui.click(within(await card('pro')).getByTestId('choose-pro'));
    const text = await screen.findByTestId('change-downgrade');
    expect(text).toHaveTextContent('Nothing is charged now. Your current plan runs until Apr 01, 2026; from then on you pay 34,51 €');
    expect(screen.getByTestId('change-confirm')).toHaveTextContent('Switch at renewal');
  });

  it('a scheduled downgrade is shown with "Keep current plan"', async () => {
    setup({ user: pro, billing: { ...active, subscriptionPlan: 'business', scheduledChange: { plan: 'pro', billingCycle: 'monthly', at: '2026-04-01T00:00:00.000Z' } } });
    expect(await screen.findByTestId('plan-scheduled')).toHaveTextContent('Changes to Pro (Monthly) on Apr 01, 2026');
    expect(screen.getByTestId('keep-plan')).toHaveTextContent('Keep current plan');
  });
});
