import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@contract/auth';
import { billingStateQueryOptions } from '@/features/billing/api/get-billing-state';
import { onAppModal } from '@/lib/modal-bus';
import { jsonResponse, mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import SignedInNav from './signed-in-nav';

afterEach(() => vi.unstubAllGlobals());

const pro = testUser({ subscriptionPlan: 'pro', creditsUsed: 12, creditsLimit: 200 }) as UserResponse;
const billing = (overrides: Record<string, unknown> = {}) => ({
  subscriptionPlan: 'pro',
  billingCycle: 'monthly',
  subscriptionStatus: 'active',
  pastDue: false,
  creditsUsed: 12,
  creditsLimit: 200,
  packCredits: 0,
  creditsPeriodStart: '2026-12-01T12:00:00.000Z',
  currentPeriodEnd: '2026-12-31T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledChange: null,
  ...overrides,
});

function setup(user: UserResponse, state: Record<string, unknown>, language: 'de' | 'en' = 'en') {
  const mock = mockFetch([['GET', '/api/billing/subscription', () => jsonResponse(state)]]);
  return { ...renderWithProviders(<SignedInNav user={user} />, { language }), mock };
}

describe('the header while a paid plan is set to end (issue #11)', () => {
  it('shows "Ends on" with the period end next to the credits and opens the subscription modal', async () => {
    const opened = vi.fn();
    const off = onAppModal('subscription', opened);
    setup(pro, billing({ cancelAtPeriodEnd: true }));
    const hint = await screen.findByTestId('header-plan-ends');
    expect(hint).toHaveTextContent('Ends on Dec 31, 2026');
    expect(hint).toHaveAccessibleName('Ends on Dec 31, 2026');
    expect(screen.getByTestId('credits-display')).toHaveTextContent('188');
    await userEvent.setup().click(hint);
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });

  it('writes the date the German way', async () => {
    setup(pro, billing({ cancelAtPeriodEnd: true }), 'de');
    expect(await screen.findByTestId('header-plan-ends')).toHaveTextContent('Endet am 31.12.2026');
  });

  it('shows nothing for a plan that renews, and goes away once the plan is kept', async () => {
    const { queryClient, mock } = setup(pro, billing({ cancelAtPeriodEnd: true }));
    await screen.findByTestId('header-plan-ends');
    // "Keep my plan" writes the new billing state into the shared query.
    act(() => queryClient.setQueryData(billingStateQueryOptions.queryKey, billing() as never));
    await waitFor(() => expect(screen.queryByTestId('header-plan-ends')).not.toBeInTheDocument());
    expect(mock.calls.filter((c) => c.url === '/api/billing/subscription')).toHaveLength(1);
  });

  it('asks nothing about billing for a free account', async () => {
    const { mock } = setup(testUser() as UserResponse, billing({ subscriptionPlan: 'free', cancelAtPeriodEnd: true }));
    expect(await screen.findByTestId('credits-display')).toHaveTextContent('6');
    expect(screen.queryByTestId('header-plan-ends')).not.toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === '/api/billing/subscription')).toHaveLength(0);
  });
});
