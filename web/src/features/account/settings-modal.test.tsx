import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@contract/auth';
import { USER_QUERY_KEY } from '@/lib/auth';
import { contractCheckedFetch } from '@/test/contract-routes';
import { renderWithProviders } from '@/test/render-with-providers';
import SettingsModal from './settings-modal';

// The first render loads the feature's translations on demand; allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const user: UserResponse = {
  id: 'u1',
  email: 'lena@example.com',
  firstName: 'Lena',
  lastName: 'Vogel',
  profileRole: null,
  industry: null,
  role: 'user',
  subscriptionPlan: 'free',
  creditsUsed: 1,
  creditsLimit: 6,
  emailVerified: true,
  pendingEmail: null,
  language: null,
  deletionScheduledFor: null,
  creditsResetAt: null,
};

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(String(input), init),
  );
  vi.stubGlobal('fetch', contractCheckedFetch((input, init) => fn(input, init)));
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

function renderModal(onOpenChange = vi.fn()) {
  const rendered = renderWithProviders(
    <SettingsModal user={user} open initialSection="profile" onOpenChange={onOpenChange} />,
  );
  return { ...rendered, onOpenChange };
}

describe('Settings modal: profile (spec §2, DESIGN §4)', () => {
  it('shows the profile fields filled from the user, with Close and Save', async () => {
    stubFetch(() => json({}));
    renderModal();
    expect(await screen.findByLabelText('First name')).toHaveValue('Lena');
    expect(screen.getByLabelText('Last name')).toHaveValue('Vogel');
    expect(screen.getByLabelText('E-mail')).toHaveValue('lena@example.com');
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Please choose');
    expect(screen.getByTestId('profile-industry')).toHaveTextContent('Please choose');
    expect(screen.getByTestId('settings-close')).toHaveTextContent('Close');
    expect(screen.getByTestId('settings-save')).toHaveTextContent('Save');
  });

  it('saves through PUT /api/auth/profile, updates the cached user and mirrors the profile locally', async () => {
    const saved = {
      ...user,
      firstName: 'Lea',
      profileRole: 'photographer',
      industry: 'photography',
    } satisfies UserResponse;
    const fetchMock = stubFetch((url, init) =>
      url === '/api/auth/profile' && init.method === 'PUT' ? json(saved) : json({}, 404),
    );
    const u = userEvent.setup();
    const { queryClient, onOpenChange } = renderModal();
    const first = await screen.findByLabelText('First name');
    await u.clear(first);
    await u.type(first, 'Lea');
    await u.click(screen.getByTestId('profile-role'));
    await u.click(await screen.findByRole('option', { name: 'Photographer' }));
    await u.click(screen.getByTestId('profile-industry'));
    await u.click(await screen.findByRole('option', { name: 'Photography' }));
    await u.click(screen.getByTestId('settings-save'));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/auth/profile')!;
    expect(put[1]!.method).toBe('PUT');
    expect(JSON.parse(put[1]!.body as string)).toEqual({
      firstName: 'Lea',
      lastName: 'Vogel',
      profileRole: 'photographer',
      industry: 'photography',
    });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('profile')!)).toEqual({
      firstName: 'Lea',
      lastName: 'Vogel',
      email: 'lena@example.com',
      role: 'photographer',
      industry: 'photography',
    });
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
  });

  it('shows the server error and stays open', async () => {
    stubFetch(() => json({ message: 'Too many requests.', code: 'rate_limited' }, 429));
    const u = userEvent.setup();
    const { onOpenChange } = renderModal();
    await screen.findByLabelText('First name');
    await u.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('profile-error')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows other server errors with the server message', async () => {
    stubFetch(() => json({ message: 'Database unavailable', code: 'service_unavailable' }, 503));
    const u = userEvent.setup();
    renderModal();
    await screen.findByLabelText('First name');
    await u.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('profile-error')).toHaveTextContent(
      'The profile could not be saved. Database unavailable',
    );
  });

  it('shows the e-mail read-only: it changes only under Security, with the password and a confirmation mail', async () => {
    stubFetch(() => json({}));
    const u = userEvent.setup();
    renderModal();
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('Change your address under Security.')).toBeInTheDocument();
    await u.click(screen.getByTestId('settings-tab-security'));
    expect(await screen.findByTestId('change-email-form')).toBeInTheDocument();
    expect(screen.getByTestId('change-password-form')).toBeInTheDocument();
  });

  it('Close closes the modal', async () => {
    stubFetch(() => json({}));
    const u = userEvent.setup();
    const { onOpenChange } = renderModal();
    await u.click(await screen.findByTestId('settings-close'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
