import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@contract/auth';
import { billingNavigation } from '@/features/billing/billing-navigation';
import { onAppModal } from '@/lib/modal-bus';
import { jsonResponse, mockFetch, testUser, type MockHandler } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { SettingsBillingSection } from './settings-billing-section';

const assign = vi.spyOn(billingNavigation, 'assign').mockImplementation(() => undefined);
beforeEach(() => assign.mockClear());
afterEach(() => vi.unstubAllGlobals());

const pro = testUser({ subscriptionPlan: 'pro', creditsUsed: 30, creditsLimit: 200 }) as UserResponse;
const state = (overrides: Record<string, unknown> = {}) => ({
  subscriptionPlan: 'pro',
  billingCycle: 'yearly',
  subscriptionStatus: 'active',
  pastDue: false,
  creditsUsed: 30,
  creditsLimit: 200,
  packCredits: 0,
  creditsPeriodStart: '2026-12-01T12:00:00.000Z',
  currentPeriodEnd: '2027-03-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledChange: null,
  ...overrides,
});

const noPacks = { packCredits: 0, available: [], purchases: [] };

function setup(options: { user?: UserResponse; billing?: Record<string, unknown>; packs?: Record<string, unknown>; routes?: Array<[string, string, MockHandler]>; language?: 'de' | 'en' } = {}) {
  const mock = mockFetch([
    ...(options.routes ?? []),
    ['GET', '/api/billing/subscription', () => jsonResponse(state(options.billing))],
    ['GET', '/api/billing/credit-packs', () => jsonResponse(options.packs ?? noPacks)],
    ['GET', '/api/auth/user', () => jsonResponse(options.user ?? pro)],
  ]);
  const rendered = renderWithProviders(<SettingsBillingSection user={options.user ?? pro} />, { language: options.language });
  return { ...rendered, mock, ui: userEvent.setup() };
}

describe('Settings → Plan and billing (issue #11)', () => {
  it('a free account is told so and "See plans" opens the subscription modal', async () => {
    const opened = vi.fn();
    const off = onAppModal('subscription', opened);
    const { ui } = setup({ user: testUser() as UserResponse, billing: { subscriptionPlan: 'free', billingCycle: null, subscriptionStatus: null, currentPeriodEnd: null, creditsLimit: 6 } });
    const section = await screen.findByTestId('billing-section');
    expect(await within(section).findByText('You are on the Free plan.')).toBeInTheDocument();
    expect(within(section).queryByTestId('manage-billing')).not.toBeInTheDocument();
    await ui.click(within(section).getByTestId('settings-see-plans'));
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });

  it('a paid plan shows its renewal and "Manage billing" opens Stripe\'s portal', async () => {
    const { ui, mock } = setup({ routes: [['POST', '/api/billing/portal', () => jsonResponse({ url: 'https://billing.stripe.com/p/session/test_1' })]] });
    expect(await screen.findByTestId('plan-renews-on')).toHaveTextContent('Renews on Mar 15, 2027');
    expect(screen.getByTestId('plan-status')).toHaveTextContent('Pro · Yearly');
    expect(screen.queryByTestId('past-due-notice')).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Manage billing' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
    expect(mock.calls.filter((c) => c.url === '/api/billing/portal')).toHaveLength(1);
  });

  it('"Cancel plan" asks first, then shows "Ends on" with "Keep my plan", which takes it back', async () => {
    const { ui, mock } = setup({
      routes: [
        ['POST', '/api/downgrade-to-free', () => jsonResponse({ success: true, ...state({ cancelAtPeriodEnd: true }) })],
        ['POST', '/api/billing/resume', () => jsonResponse({ success: true, ...state() })],
      ],
    });
    await ui.click(await screen.findByTestId('cancel-plan'));
    const dialog = await screen.findByTestId('downgrade-dialog');
    expect(dialog).toHaveTextContent('Your Pro plan stays active until Mar 15, 2027');
    expect(mock.calls.some((c) => c.url === '/api/downgrade-to-free')).toBe(false);
    await ui.click(within(dialog).getByTestId('downgrade-confirm'));
    expect(await screen.findByText('Plan cancelled')).toBeInTheDocument();
    expect(await screen.findByTestId('plan-ends-on')).toHaveTextContent('Ends on Mar 15, 2027');
    expect(screen.queryByTestId('downgrade-dialog')).not.toBeInTheDocument();
    // Already ending: no second "Cancel plan".
    expect(screen.queryByTestId('cancel-plan')).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(await screen.findByText('Plan kept')).toBeInTheDocument();
    expect(await screen.findByTestId('plan-renews-on')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-ends-on')).not.toBeInTheDocument();
    expect(mock.calls.filter((c) => c.method === 'POST' && c.url === '/api/billing/resume')).toHaveLength(1);
  });

  it('says so when the cancellation fails, and the plan stays as it was', async () => {
    const { ui } = setup({ routes: [['POST', '/api/downgrade-to-free', () => jsonResponse({ message: 'Stripe is unreachable.', code: 'billing_error' }, 503)]] });
    await ui.click(await screen.findByTestId('cancel-plan'));
    await ui.click(await screen.findByTestId('downgrade-confirm'));
    expect(await screen.findByText('Cancellation failed')).toBeInTheDocument();
    expect(screen.getByTestId('plan-renews-on')).toBeInTheDocument();
  });

  it('German, past due and ending: the notice, "Endet am" and "Tarif behalten"', async () => {
    setup({ language: 'de', billing: { pastDue: true, subscriptionStatus: 'past_due', cancelAtPeriodEnd: true } });
    expect(await screen.findByTestId('past-due-notice')).toHaveTextContent('Ihre letzte Zahlung ist fehlgeschlagen');
    expect(screen.getByTestId('plan-ends-on')).toHaveTextContent('Endet am 15.03.2027');
    expect(screen.getByTestId('keep-plan')).toHaveTextContent('Tarif behalten');
    expect(screen.getByTestId('billing-section')).toHaveTextContent('Tarif und Abrechnung');
  });

  it('shows the pack credits apart from the allowance, the packs on sale and the bought ones; "Buy" opens Stripe Checkout (decision 061)', async () => {
    const packs = {
      packCredits: 148,
      available: [
        { id: 'pack_50', credits: 50, price: 12 },
        { id: 'pack_200', credits: 200, price: 39 },
      ],
      purchases: [{ id: 'p1', packId: 'pack_200', credits: 200, creditsRevoked: 0, amountCents: 4641, currency: 'eur', refunded: false, createdAt: '2026-11-20T10:00:00.000Z' }],
    };
    const checkoutUrl = 'https://checkout.stripe.com/c/pay/cs_test_1';
    const { ui, mock } = setup({ packs, routes: [['POST', '/api/billing/credit-packs/checkout', () => jsonResponse({ url: checkoutUrl, sessionId: 'cs_test_1' })]] });
    await vi.waitFor(() => expect(screen.getByTestId('pack-credits')).toHaveTextContent('148 pack credits left'));
    expect(screen.getByTestId('pack-purchases')).toHaveTextContent('200 credits');
    expect(screen.getByTestId('pack-purchases')).toHaveTextContent('46,41');
    await ui.click(screen.getByTestId('buy-pack_200'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    const call = mock.calls.find((c) => c.url === '/api/billing/credit-packs/checkout');
    expect(call?.body).toEqual({ packId: 'pack_200' });
  });
});
