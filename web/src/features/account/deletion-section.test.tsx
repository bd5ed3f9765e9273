import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@contract/limits';
import type { UserResponse } from '@contract/auth';
import { contractCheckedFetch } from '@/test/contract-routes';
import { renderWithProviders } from '@/test/render-with-providers';
import SettingsModal from './settings-modal';

// The first render loads the feature's translations on demand; allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const user: UserResponse = {
  id: 'u1',
  email: 'lena@example.com',
  firstName: 'Lena',
  lastName: null,
  profileRole: null,
  industry: null,
  role: 'user',
  subscriptionPlan: 'pro',
  creditsUsed: 0,
  creditsLimit: 200,
  emailVerified: true,
  pendingEmail: null,
  language: null,
  deletionScheduledFor: null,
  creditsResetAt: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A tiny fake of the deletion endpoints (DESIGN §5), the only boundary replaced. */
function fakeDeletionApi(options: { failPost?: boolean; teamFirst?: boolean; failDelete?: boolean } = {}) {
  let state: { status: 'none' | 'pending'; requestedAt: string | null; scheduledFor: string | null } = {
    status: 'none',
    requestedAt: null,
    scheduledFor: null,
  };
  const scheduled = new Date(Date.UTC(2030, 0, 8, 9, 30)).toISOString();
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    // Every reply checked against contract/ (web/src/test/contract-routes.ts).
    contractCheckedFetch(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${String(input)}`);
      if (String(input) !== '/api/account/deletion') return json({ message: 'Not found', code: 'not_found' }, 404);
      if (method === 'POST') {
        if (options.failPost) return json({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }, 500);
        if (options.teamFirst) {
          return json({ message: 'Your workspace has other members. Transfer ownership or remove them before you delete your account.', code: 'workspace_has_members' }, 409);
        }
        state = { status: 'pending', requestedAt: new Date(Date.UTC(2030, 0, 1, 9, 30)).toISOString(), scheduledFor: scheduled };
      }
      if (method === 'DELETE') {
        if (options.failDelete) return json({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }, 500);
        state = { status: 'none', requestedAt: null, scheduledFor: null };
      }
      return json(state);
    }),
  );
  return { calls, scheduled };
}

afterEach(() => vi.unstubAllGlobals());

describe('Account deletion dialogs (spec §2/§4)', () => {
  it('request with warning and confirmation → pending with the purge date → cancel', async () => {
    const api = fakeDeletionApi();
    const u = userEvent.setup();
    renderWithProviders(
      <SettingsModal user={user} open initialSection="deletion" onOpenChange={() => {}} />,
    );

    await u.click(await screen.findByTestId('delete-account-button'));
    const dialog = await screen.findByTestId('delete-confirm-dialog');
    expect(within(dialog).getByText('Delete your account?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('lena@example.com');
    expect(dialog).toHaveTextContent(
      `You can cancel the deletion within ${ACCOUNT_DELETION_GRACE_DAYS} days`,
    );
    const confirm = within(dialog).getByTestId('delete-confirm-button');
    expect(confirm).toBeDisabled();
    await u.click(within(dialog).getByLabelText(/I understand/));
    expect(confirm).toBeEnabled();
    await u.click(confirm);

    const pending = await screen.findByTestId('deletion-pending');
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(api.scheduled),
    );
    expect(pending).toHaveTextContent(`deleted permanently on ${date}`);
    expect(screen.queryByTestId('delete-confirm-dialog')).not.toBeInTheDocument();
    expect(api.calls).toContain('POST /api/account/deletion');

    await u.click(screen.getByTestId('cancel-deletion-button'));
    expect(await screen.findByTestId('delete-account-button')).toBeInTheDocument();
    expect(screen.queryByTestId('deletion-pending')).not.toBeInTheDocument();
    expect(api.calls).toContain('DELETE /api/account/deletion');
    expect(await screen.findByText('Account deletion cancelled')).toBeInTheDocument();
  });

  it('shows the pending state on open when a deletion is already scheduled', async () => {
    fakeDeletionApi();
    await fetch('/api/account/deletion', { method: 'POST' });
    renderWithProviders(
      <SettingsModal user={user} open initialSection="deletion" onOpenChange={() => {}} />,
    );
    expect(await screen.findByTestId('deletion-pending')).toHaveTextContent('Deletion scheduled');
  });

  it('toasts "Failed to request account deletion" when the request fails', async () => {
    fakeDeletionApi({ failPost: true });
    const u = userEvent.setup();
    renderWithProviders(
      <SettingsModal user={user} open initialSection="deletion" onOpenChange={() => {}} />,
    );
    await u.click(await screen.findByTestId('delete-account-button'));
    await u.click(await screen.findByTestId('delete-understood'));
    await u.click(screen.getByTestId('delete-confirm-button'));
    expect(await screen.findByText('Failed to request account deletion')).toBeInTheDocument();
    expect(screen.queryByTestId('deletion-pending')).not.toBeInTheDocument();
  });

  it('toasts "Failed to cancel account deletion" when cancelling fails', async () => {
    fakeDeletionApi({ failDelete: true });
    await fetch('/api/account/deletion', { method: 'POST' });
    const u = userEvent.setup();
    renderWithProviders(
      <SettingsModal user={user} open initialSection="deletion" onOpenChange={() => {}} />,
    );
    await u.click(await screen.findByTestId('cancel-deletion-button'));
    expect(await screen.findByText('Failed to cancel account deletion')).toBeInTheDocument();
    expect(screen.getByTestId('deletion-pending')).toBeInTheDocument();
  });

  it('uses the German error texts in German', async () => {
    fakeDeletionApi({ failPost: true });
    const u = userEvent.setup();
    renderWithProviders(
      <SettingsModal user={user} open initialSection="deletion" onOpenChange={() => {}} />,
      { language: 'de' },
    );
    // The language switch and the German texts load asynchronously.
    await screen.findByRole('tab', { name: /Konto/ });
    await u.click(await screen.findByTestId('delete-account-button'));
    await u.click(await screen.findByTestId('delete-understood'));
    await u.click(screen.getByTestId('delete-confirm-button'));
    expect(
      await screen.findByText('Kontolöschung konnte nicht beantragt werden'),
    ).toBeInTheDocument();
  });

  it('an owner of a team is told to hand it over first and can open Settings → Team from there', async () => {
    fakeDeletionApi({ teamFirst: true });
    const u = userEvent.setup();
    renderWithProviders(
      <SettingsModal user={user} open initialSection="deletion" onOpenChange={() => {}} />,
      { language: 'de' },
    );
    await screen.findByRole('tab', { name: /Konto/ });
    await u.click(await screen.findByTestId('delete-account-button'));
    await u.click(await screen.findByTestId('delete-understood'));
    await u.click(screen.getByTestId('delete-confirm-button'));
    const notice = await screen.findByTestId('deletion-team-first');
    expect(notice).toHaveRole('alert');
    expect(notice).toHaveTextContent('Übergeben Sie zuerst Ihr Team');
    expect(notice).toHaveTextContent('Entfernen Sie unter Einstellungen → Team zuerst die Mitglieder');
    expect(screen.queryByTestId('delete-confirm-dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deletion-pending')).not.toBeInTheDocument();
    await u.click(within(notice).getByRole('button', { name: 'Team-Einstellungen öffnen' }));
    expect(screen.getByTestId('settings-tab-team')).toHaveAttribute('aria-selected', 'true');
  });
});
