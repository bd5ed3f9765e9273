import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '@/lib/auth';
import { jsonResponse, mockFetch, testConfig, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { SignInForm } from './auth-forms';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'tok_abcdefghijklmnop';
/** The page's own requests (the frame also reads GET /api/config for its engine wording). */
const posts = (calls: Array<{ method: string }>) => calls.filter((c) => c.method === 'POST');
const CONFIG: Parameters<typeof mockFetch>[0][number] = ['GET', '/api/config', () => jsonResponse(testConfig())];

describe('forgot password (issue #10)', () => {
  it('the sign-in form links to it', async () => {
    renderWithProviders(<SignInForm onDone={() => {}} />);
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('checks the address, sends it and shows the same neutral answer', async () => {
    const { calls } = mockFetch([CONFIG, ['POST', '/api/auth/password-reset/request', () => jsonResponse({ accepted: true }, 202)]]);
    const u = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
    const email = await screen.findByLabelText('E-mail');
    await u.type(email, 'not-an-address');
    await u.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await u.clear(email);
    await u.type(email, 'anna@example.com');
    await u.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByTestId('reset-requested')).toHaveTextContent(
      'If an account exists for anna@example.com, we have sent it a link to reset the password. The link is valid for one hour.',
    );
    expect(posts(calls)[0]).toMatchObject({ method: 'POST', body: { email: 'anna@example.com' } });
  });
});

describe('/reset-password?token= (issue #10)', () => {
  it('needs sign-up’s password rule and a matching repeat, then sets it, forgets the session and leads to sign-in', async () => {
    const { calls } = mockFetch([CONFIG, ['POST', '/api/auth/password-reset', () => new Response(null, { status: 204 })]]);
    const u = userEvent.setup();
    const { queryClient } = renderWithProviders(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    queryClient.setQueryData(USER_QUERY_KEY, testUser());
    const password = await screen.findByLabelText('New password');
    const repeat = screen.getByLabelText('Repeat new password');
    await u.type(password, 'short');
    await u.type(repeat, 'short');
    await u.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('The password needs at least 8 characters.')).toBeInTheDocument();
    await u.clear(password);
    await u.type(password, 'long enough 123');
    await u.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await u.clear(repeat);
    await u.type(repeat, 'long enough 123');
    await u.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-done')).toHaveTextContent('Password changed');
    expect(posts(calls)[0]).toMatchObject({ method: 'POST', body: { token: TOKEN, password: 'long enough 123' } });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('a refused link offers a new one (German)', async () => {
    mockFetch([['POST', '/api/auth/password-reset', () => jsonResponse({ message: 'This link is invalid', code: 'token_invalid' }, 400)]]);
    const u = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}`, language: 'de' });
    await u.type(await screen.findByLabelText('Neues Passwort'), 'long enough 123');
    await u.type(screen.getByLabelText('Neues Passwort wiederholen'), 'long enough 123');
    await u.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-invalid')).toHaveTextContent('Dieser Link funktioniert nicht mehr');
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/forgot-password');
  });

  it('other failures keep the form and show the reason', async () => {
    mockFetch([['POST', '/api/auth/password-reset', () => jsonResponse({ message: 'Too many requests', code: 'rate_limited' }, 429)]]);
    const u = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    await u.type(await screen.findByLabelText('New password'), 'long enough 123');
    await u.type(screen.getByLabelText('Repeat new password'), 'long enough 123');
    await u.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
    expect(screen.getByTestId('reset-submit')).toBeInTheDocument();
  });
});
