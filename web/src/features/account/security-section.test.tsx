import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@contract/auth';
import { USER_QUERY_KEY } from '@/lib/auth';
import { jsonResponse, mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { SecuritySection } from './security-section';

afterEach(() => vi.unstubAllGlobals());

const user = testUser({ email: 'lena@example.com' }) as UserResponse;

describe('Settings → Security: change password (issue #10)', () => {
  it('checks the fields, then sends current and new password and confirms', async () => {
    const { calls } = mockFetch([['PUT', '/api/auth/password', () => new Response(null, { status: 204 })]]);
    const u = userEvent.setup();
    renderWithProviders(<SecuritySection user={user} onClose={() => {}} />);
    const form = await screen.findByTestId('change-password-form');
    await u.click(screen.getByTestId('change-password-submit'));
    expect(form).toHaveTextContent('Please enter your current password.');
    expect(form).toHaveTextContent('The password needs at least 8 characters.');

    await u.type(screen.getByLabelText('Current password', { selector: '#current-password' }), 'old-password-1');
    await u.type(screen.getByLabelText('New password'), 'new-password-22');
    await u.type(screen.getByLabelText('Repeat new password'), 'new-password-2');
    await u.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await u.type(screen.getByLabelText('Repeat new password'), '2');
    await u.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your other devices have been signed out.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { currentPassword: 'old-password-1', newPassword: 'new-password-22' } });
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('a wrong current password gets its own text (German)', async () => {
    mockFetch([['PUT', '/api/auth/password', () => jsonResponse({ message: 'The current password is not correct.', code: 'wrong_password' }, 403)]]);
    const u = userEvent.setup();
    renderWithProviders(<SecuritySection user={user} onClose={() => {}} />, { language: 'de' });
    await u.type(await screen.findByLabelText('Aktuelles Passwort', { selector: '#current-password' }), 'wrong-one');
    await u.type(screen.getByLabelText('Neues Passwort'), 'new-password-22');
    await u.type(screen.getByLabelText('Neues Passwort wiederholen'), 'new-password-22');
    await u.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByTestId('change-password-error')).toHaveTextContent('Das aktuelle Passwort ist nicht korrekt.');
  });
});

describe('Settings → Security: change e-mail (issue #10)', () => {
  it('sends the new address with the current password; the pending address shows until confirmed', async () => {
    const { calls } = mockFetch([['PUT', '/api/auth/profile', () => jsonResponse({ ...user, pendingEmail: 'lena.new@example.com' })]]);
    const u = userEvent.setup();
    const { queryClient } = renderWithProviders(<SecuritySection user={user} onClose={() => {}} />);
    const form = await screen.findByTestId('change-email-form');
    await u.type(screen.getByLabelText('New e-mail address'), 'LENA@example.com');
    await u.click(screen.getByTestId('change-email-submit'));
    expect(form).toHaveTextContent('This is already your e-mail address.');
    expect(form).toHaveTextContent('Please enter your current password.');

    await u.clear(screen.getByLabelText('New e-mail address'));
    await u.type(screen.getByLabelText('New e-mail address'), 'Lena.New@example.com');
    await u.type(screen.getByLabelText('Current password', { selector: '#email-current-password' }), 'my-password-1');
    await u.click(screen.getByTestId('change-email-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { email: 'lena.new@example.com', currentPassword: 'my-password-1' } });
    await waitFor(() => expect(queryClient.getQueryData<UserResponse>(USER_QUERY_KEY)?.pendingEmail).toBe('lena.new@example.com'));
  });

  it('shows a pending change with what happens next', async () => {
    renderWithProviders(<SecuritySection user={{ ...user, pendingEmail: 'lena.new@example.com' }} onClose={() => {}} />);
    expect(await screen.findByTestId('email-change-pending')).toHaveTextContent(
      'Confirmation sent to lena.new@example.com. Your address changes once you open the link in that e-mail; until then you keep signing in with your current address.',
    );
  });

  it('a taken address and a wrong password are told apart', async () => {
    let reply = jsonResponse({ message: 'An account with this e-mail address already exists.', code: 'email_taken' }, 409);
    mockFetch([['PUT', '/api/auth/profile', () => reply]]);
    const u = userEvent.setup();
    renderWithProviders(<SecuritySection user={user} onClose={() => {}} />);
    await u.type(await screen.findByLabelText('New e-mail address'), 'taken@example.com');
    await u.type(screen.getByLabelText('Current password', { selector: '#email-current-password' }), 'my-password-1');
    await u.click(screen.getByTestId('change-email-submit'));
    expect(await screen.findByTestId('change-email-error')).toHaveTextContent('An account with this e-mail address already exists.');
    reply = jsonResponse({ message: 'The current password is not correct.', code: 'wrong_password' }, 403);
    await u.click(screen.getByTestId('change-email-submit'));
    expect(await screen.findByTestId('change-email-error')).toHaveTextContent('The current password is not correct.');
  });
});
