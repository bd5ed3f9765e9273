import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@contract/auth';
import { jsonResponse, mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { billingStateQueryOptions } from './api/get-billing-state';
import { billingNavigation } from './billing-navigation';
import PaymentFailedBanner from './payment-failed-banner';

const assign = vi.spyOn(billingNavigation, 'assign').mockImplementation(() => undefined);
beforeEach(() => assign.mockClear());
afterEach(() => vi.unstubAllGlobals());

const pro = testUser({ subscriptionPlan: 'pro', creditsUsed: 30, creditsLimit: 200 }) as UserResponse;
const billing = (overrides: Record<string, unknown> = {}) => ({
  subscriptionPlan: 'pro',
  billingCycle: 'monthly',
  subscriptionStatus: 'past_due',
  pastDue: true,
  creditsUsed: 30,
  creditsLimit: 200,
  packCredits: 0,
  creditsPeriodStart: '2026-12-01T12:00:00.000Z',
  currentPeriodEnd: '2026-12-31T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledChange: null,
  ...overrides,
});
const PORTAL_URL = 'https://billing.stripe.com/p/session/test_abc';

describe('the failed-payment banner (issue #11)', () => {
  it('says the payment failed, that credits stay usable, and "Update card" opens Stripe\'s portal', async () => {
    const { calls } = mockFetch([
      ['GET', '/api/billing/subscription', () => jsonResponse(billing())],
      ['POST', '/api/billing/portal', () => jsonResponse({ url: PORTAL_URL })],
    ]);
    renderWithProviders(<PaymentFailedBanner user={pro} />);
    const banner = await screen.findByTestId('payment-failed-banner');
    expect(banner).toHaveAttribute('role', 'alert');
    expect(banner).toHaveTextContent('Your payment failed — update your card.');
    expect(banner).toHaveTextContent('Your plan and credits stay active while we retry the payment.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update card' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
    expect(calls.filter((c) => c.url === '/api/billing/portal' && c.method === 'POST')).toHaveLength(1);
  });

  it('is in German for German users', async () => {
    mockFetch([['GET', '/api/billing/subscription', () => jsonResponse(billing())]]);
    renderWithProviders(<PaymentFailedBanner user={pro} />, { language: 'de' });
    const banner = await screen.findByTestId('payment-failed-banner');
    expect(banner).toHaveTextContent('Ihre Zahlung ist fehlgeschlagen — bitte aktualisieren Sie Ihre Karte.');
    expect(screen.getByRole('button', { name: 'Karte aktualisieren' })).toBeEnabled();
  });

  it('tells the user when the portal cannot be opened, with the server\'s sentence', async () => {
    mockFetch([
      ['GET', '/api/billing/subscription', () => jsonResponse(billing())],
      ['POST', '/api/billing/portal', () => jsonResponse({ message: 'Billing is not configured.', code: 'billing_not_configured' }, 503)],
    ]);
    renderWithProviders(<PaymentFailedBanner user={pro} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('Billing is not configured.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('stays away while the payments go through', async () => {
    mockFetch([['GET', '/api/billing/subscription', () => jsonResponse(billing({ pastDue: false, subscriptionStatus: 'active' }))]]);
    const { queryClient } = renderWithProviders(<PaymentFailedBanner user={pro} />);
    await vi.waitFor(() => expect(queryClient.getQueryData(billingStateQueryOptions.queryKey)).toMatchObject({ pastDue: false }));
    expect(screen.queryByTestId('payment-failed-banner')).not.toBeInTheDocument();
  });

  it('asks nothing for a free account', async () => {
    const { calls } = mockFetch([['GET', '/api/billing/subscription', () => jsonResponse(billing())]]);
    renderWithProviders(<PaymentFailedBanner user={testUser() as UserResponse} />);
    // Past the translation's Suspense: the banner has rendered (as nothing).
    await vi.waitFor(() => expect(screen.queryByText('suspended')).not.toBeInTheDocument());
    expect(screen.queryByTestId('payment-failed-banner')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
