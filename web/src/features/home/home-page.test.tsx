import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@contract/auth';
import { onAppModal } from '@/lib/modal-bus';
import { jsonResponse, mockFetch, testConfig } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import HomePage from './home-page';

// The first render loads the feature's translations on demand; allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const base: UserResponse = {
  id: 'u1',
  email: 'lena@example.com',
  firstName: 'Lena',
  lastName: 'Vogel',
  profileRole: null,
  industry: null,
  role: 'user',
  subscriptionPlan: 'pro',
  creditsUsed: 37,
  creditsLimit: 200,
  emailVerified: true,
  pendingEmail: null,
  language: null,
  deletionScheduledFor: null,
  creditsResetAt: null,
};

function renderHome(user: UserResponse, config: { furnitureRemoval: boolean } = { furnitureRemoval: true }) {
  mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(user)],
    ['GET', '/api/config', () => jsonResponse(testConfig({ stagingEngine: config.furnitureRemoval ? 'openai' : 'offline', ...config }))],
  ]);
  return renderWithProviders(<HomePage />);
}

afterEach(() => vi.unstubAllGlobals());

describe('Home (spec §2)', () => {
  it('welcomes the user by first name and shows used, limit, remaining and usage from userStats', async () => {
    renderHome(base);
    expect(await screen.findByTestId('home-welcome')).toHaveTextContent('Welcome back, Lena');
    expect(screen.getByTestId('stat-used-value')).toHaveTextContent('37');
    expect(screen.getByTestId('stat-limit-value')).toHaveTextContent('200');
    expect(screen.getByTestId('stat-remaining-value')).toHaveTextContent('163');
    // 37 / 200 = 18.5 % → rounded to 19 %.
    expect(screen.getByTestId('stat-usage-value')).toHaveTextContent('19 %');
  });

  it('falls back to a limit of 6 when none is given and never shows negative credits', async () => {
    renderHome({ ...base, subscriptionPlan: 'free', creditsLimit: 0, creditsUsed: 9 });
    await screen.findByTestId('home-welcome');
    expect(screen.getByTestId('stat-limit-value')).toHaveTextContent('6');
    expect(screen.getByTestId('stat-remaining-value')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-usage-value')).toHaveTextContent('150 %');
    expect(screen.getByText(/You have used all credits/)).toBeInTheDocument();
  });

  it('shows the subscription status and opens the subscription modal', async () => {
    const opened = vi.fn();
    const off = onAppModal('subscription', opened);
    const u = userEvent.setup();
    renderHome(base);
    const card = await screen.findByTestId('subscription-card');
    expect(within(card).getByTestId('subscription-plan')).toHaveTextContent('Pro');
    expect(within(card).getByTestId('subscription-credits')).toHaveTextContent(
      '163 of 200 credits left',
    );
    await u.click(within(card).getByTestId('manage-subscription'));
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });

  it('has a quick start to /new-project, four tool tiles (two coming soon) and links to dashboard and projects', async () => {
    renderHome(base);
    await screen.findByTestId('home-welcome');
    expect(screen.getByTestId('quick-start-button')).toHaveAttribute('href', '/new-project');
    expect(within(screen.getByTestId('tool-staging')).getByRole('link')).toHaveAttribute(
      'href',
      '/new-project',
    );
    await waitFor(() => expect(within(screen.getByTestId('tool-removal')).getByRole('link')).toHaveAttribute('href', '/new-project?service=furniture_removal'));
    expect(within(screen.getByTestId('tool-renovation')).getByRole('link')).toHaveAttribute('href', '/new-project?service=renovation');
    for (const tool of ['floorPlan']) {
      const tile = screen.getByTestId(`tool-${tool}`);
      expect(tile).toHaveTextContent('Coming soon');
      expect(within(tile).queryByRole('link')).not.toBeInTheDocument();
    }
    expect(screen.getByTestId('home-link-dashboard')).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('home-link-projects')).toHaveAttribute('href', '/my-projects');
  });

  it('says on the furniture-removal tile, in customer words, that removal is not available yet (no link)', async () => {
    renderHome(base, { furnitureRemoval: false });
    const tile = await screen.findByTestId('tool-removal');
    await waitFor(() => expect(tile).toHaveTextContent('Not available yet'));
    expect(tile).toHaveTextContent('Empty rooms can be staged as usual');
    expect(tile).not.toHaveTextContent(/engine|offline/i);
    expect(within(tile).queryByRole('link')).not.toBeInTheDocument();
  });

  it('greets a just created account with "Welcome", not "Welcome back" (issue #26)', async () => {
    sessionStorage.setItem('raumwerk-new-account', base.id);
    renderHome(base);
    expect(await screen.findByTestId('home-welcome')).toHaveTextContent(/^Welcome, /);
    sessionStorage.removeItem('raumwerk-new-account');
  });

  it('says "No credits left" with the renewal date at 0 credits, not "running low" (issue #26)', async () => {
    renderHome({ ...base, subscriptionPlan: 'free', creditsUsed: 6, creditsLimit: 6, creditsResetAt: '2026-04-01T00:00:00.000Z' });
    const card = await screen.findByTestId('subscription-card');
    expect(card).toHaveTextContent('No credits left');
    expect(card).not.toHaveTextContent('running low');
    expect(within(card).getByTestId('credits-reset')).toHaveTextContent('New credits on Apr 01, 2026');
  });

  it('uses a neutral welcome without a first name', async () => {
    renderHome({ ...base, firstName: null });
    expect(await screen.findByTestId('home-welcome')).toHaveTextContent(/^Welcome back$/);
    await act(async () => {});
  });
});
