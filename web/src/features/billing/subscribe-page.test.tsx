import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n';
import { jsonResponse, mockFetch, testConfig, testUser, type MockHandler } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { billingNavigation } from './billing-navigation';
import SubscribePage from './subscribe-page';
import { loadStripeMock, stripeStub } from './testing/stripe-stub';

vi.mock('@stripe/stripe-js', () => ({ loadStripe: loadStripeMock }));

configure({ asyncUtilTimeout: 5000 });

const later = vi.spyOn(billingNavigation, 'later').mockImplementation(() => 0);
const assign = vi.spyOn(billingNavigation, 'assign').mockImplementation(() => undefined);

beforeEach(async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
  later.mockClear();
  assign.mockClear();
  stripeStub.confirmResult = { setupIntent: { id: 'seti_page_1', status: 'succeeded' } };
});
afterEach(() => vi.unstubAllGlobals());

const billing = (overrides: Record<string, unknown> = {}) => ({
  subscriptionPlan: 'free',
  billingCycle: null,
  subscriptionStatus: null,
  pastDue: false,
  creditsUsed: 0,
  creditsLimit: 6,
  packCredits: 0,
  creditsPeriodStart: '2026-03-01T00:00:00.000Z',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  scheduledChange: null,
  ...overrides,
});

function setup(options: { user?: Record<string, unknown> | null; billing?: Record<string, unknown>; routes?: Array<[string, string, MockHandler]> } = {}) {
  const user = options.user === null ? null : testUser(options.user);
  const mock = mockFetch([
    ...(options.routes ?? []),
    ['GET', '/api/auth/user', () => (user ? jsonResponse(user) : jsonResponse({ message: 'Unauthorized', code: 'unauthorized' }, 401))],
    ['GET', '/api/config', () => jsonResponse(testConfig({ billingEnabled: true, stripePublishableKey: 'pk_test_123' }))],
    ['GET', '/api/billing/subscription', () => jsonResponse(billing(options.billing))],
  ]);
  const rendered = renderWithProviders(<SubscribePage />, { path: '/subscribe' });
  return { ...rendered, mock, ui: userEvent.setup() };
}

const card = (id: string) => screen.findByTestId(`billing-plan-${id}`);

describe('/subscribe signed in (spec §2)', () => {
  it('shows the current plan, usage, Recommended and Current badges, Back to dashboard and Logout', async () => {
    setup({ user: { subscriptionPlan: 'free', creditsUsed: 3, creditsLimit: 6 } });
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Free');
    expect(screen.getByText('3 of 6 used · 3 left')).toBeInTheDocument();
    expect(within(await card('pro')).getByTestId('popular-badge')).toHaveTextContent('Recommended');
    expect(within(await card('free')).getByTestId('current-badge')).toBeInTheDocument();
    expect(screen.getByTestId('back-to-dashboard')).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('subscribe-logout')).toHaveTextContent('Logout');
  });

  it('falls back to a limit of 50 when the user has none', async () => {
    setup({ user: { creditsUsed: 10, creditsLimit: 0 } });
    expect(await screen.findByText('10 of 50 used · 40 left')).toBeInTheDocument();
  });

  it('shows the past-due notice', async () => {
    setup({ user: { subscriptionPlan: 'pro', creditsLimit: 200 }, billing: { subscriptionPlan: 'pro', billingCycle: 'monthly', subscriptionStatus: 'past_due', pastDue: true } });
    expect(await screen.findByTestId('past-due-notice')).toHaveTextContent('Your last payment failed');
  });

  it('subscribes with get-or-create-subscription, then toasts and moves on to the dashboard', async () => {
    const { ui, mock } = setup({
      routes: [
        ['POST', '/api/get-or-create-subscription', () => jsonResponse({ clientSecret: 'seti_page_1_secret_x', setupIntentId: 'seti_page_1' })],
        ['POST', '/api/complete-subscription', () => jsonResponse({ success: true, outcome: 'subscribed', ...billing({ subscriptionPlan: 'business', billingCycle: 'monthly', creditsLimit: 1000 }) })],
      ],
    });
    await ui.click(within(await card('business')).getByRole('button', { name: 'Choose Business' }));
    expect(mock.calls.find((c) => c.url === '/api/get-or-create-subscription')?.body).toEqual({ planId: 'business', billingCycle: 'monthly' });
    const complete = await screen.findByTestId('complete-subscription');
    await waitFor(() => expect(complete).toBeEnabled());
    await ui.click(complete);
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/api/complete-subscription')?.body).toEqual({ setupIntentId: 'seti_page_1' });
    later.mock.calls.at(-1)![1]();
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it("shows 'Failed to start subscription. Please try again.' when the checkout cannot start", async () => {
    const { ui } = setup({ routes: [['POST', '/api/get-or-create-subscription', () => jsonResponse({ message: 'x', code: 'internal_error' }, 500)]] });
    await ui.click(within(await card('pro')).getByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByText('Failed to start subscription. Please try again.')).toBeInTheDocument();
  });

  it("shows 'Payment error' with Stripe's message when the card is refused", async () => {
    stripeStub.confirmResult = { error: { type: 'card_error', message: 'Your card has insufficient funds.' } };
    const { ui } = setup({ routes: [['POST', '/api/get-or-create-subscription', () => jsonResponse({ clientSecret: 'seti_page_1_secret_x', setupIntentId: 'seti_page_1' })]] });
    await ui.click(within(await card('pro')).getByRole('button', { name: 'Choose Pro' }));
    const complete = await screen.findByTestId('complete-subscription');
    await waitFor(() => expect(complete).toBeEnabled());
    await ui.click(complete);
    expect(await screen.findByText('Payment error')).toBeInTheDocument();
    expect(screen.getByText('Your card has insufficient funds.')).toBeInTheDocument();
  });

  it('a subscribed user changes plan through change-plan (downgrade at the renewal), never the card form (decision 031)', async () => {
    const { ui, mock } = setup({
      user: { subscriptionPlan: 'business', creditsLimit: 1000 },
      billing: { subscriptionPlan: 'business', billingCycle: 'monthly', subscriptionStatus: 'active', creditsLimit: 1000, currentPeriodEnd: '2026-04-01T00:00:00.000Z', cancelAtPeriodEnd: false, scheduledChange: null },
      routes: [
        [
          'GET',
          '/api/billing/change-preview',
          () => jsonResponse({ kind: 'downgrade', plan: 'pro', billingCycle: 'monthly', amountDueNowCents: 0, subtotalCents: 2900, taxCents: 551, totalCents: 3451, currency: 'eur', effectiveAt: '2026-04-01T00:00:00.000Z', prorationDate: null }),
        ],
      ],
    });
    await ui.click(within(await card('pro')).getByTestId('choose-pro'));
    expect(await screen.findByTestId('change-downgrade')).toHaveTextContent('Nothing is charged now. Your current plan runs until Apr 01, 2026; from then on you pay 34,51 €');
    expect(screen.getByTestId('change-confirm')).toHaveTextContent('Switch at renewal');
    expect(mock.calls.some((c) => c.url === '/api/get-or-create-subscription')).toBe(false);
    expect(screen.queryByTestId('complete-subscription')).toBeNull();
  });
});

describe('/subscribe signed out (spec §6)', () => {
  it("free leads to sign-up with 'Create account'", async () => {
    const { ui, history } = setup({ user: null });
    await ui.click(within(await card('free')).getByRole('button', { name: 'Create account' }));
    expect(history.at(-1)).toBe('/login?mode=signup');
  });

  it("with OpenID Connect configured, 'Create account' goes to the provider, never the password sign-up", async () => {
    const { ui, history, queryClient } = setup({ user: null, routes: [['GET', '/api/config', () => jsonResponse(testConfig({ billingEnabled: true, stripePublishableKey: 'pk_test_123', oidcEnabled: true }))]] });
    const create = within(await card('free')).getByRole('button', { name: 'Create account' });
    await waitFor(() => expect(queryClient.getQueryData(['/api/config'])).toMatchObject({ oidcEnabled: true }));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/api/login');
    await ui.click(create);
    expect(assign).toHaveBeenCalledWith('/api/login');
    expect(history).not.toContain('/login?mode=signup');
  });

  it("a paid plan says 'Sign-in required' and goes to the login", async () => {
    const { ui, mock } = setup({ user: null });
    await ui.click(within(await card('pro')).getByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByText('Sign-in required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to subscribe to a paid plan.')).toBeInTheDocument();
    later.mock.calls.at(-1)![1]();
    expect(assign).toHaveBeenCalledWith('/api/login');
    expect(mock.calls.some((c) => c.url === '/api/get-or-create-subscription')).toBe(false);
  });
});
