import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '@/lib/auth';
import { jsonResponse, mockFetch, testUser } from '@/test/fetch-mock';
import { errorReply } from '@/test/contract-reply';
import { renderWithProviders } from '@/test/render-with-providers';
import VerifyEmailPage from './verify-email-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'tok_abcdefghijklmnop';
const refused = () => jsonResponse({ message: 'This link is invalid, was already used or has expired.', code: 'token_invalid' }, 400);

describe('/verify-email?token= (issue #10)', () => {
  it('sends the token once, reloads the user and offers to start staging', async () => {
    let verified = false;
    const { calls } = mockFetch([
      ['POST', '/api/auth/verify-email', () => ((verified = true), jsonResponse({ email: 'anna@example.com', emailVerified: true }))],
      ['GET', '/api/auth/user', () => jsonResponse(testUser({ emailVerified: verified }))],
    ]);
    // StrictMode runs effects twice in development: the single-use token must still go out once.
    const { queryClient } = renderWithProviders(
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>,
      { path: `/verify-email?token=${TOKEN}` },
    );
    expect(await screen.findByTestId('verify-email-done')).toHaveTextContent('E-mail address confirmed');
    expect(calls.filter((c) => c.url === '/api/auth/verify-email')).toEqual([expect.objectContaining({ method: 'POST', body: { token: TOKEN } })]);
    expect(await screen.findByRole('link', { name: 'Start staging' })).toHaveAttribute('href', '/new-project');
    await waitFor(() => expect(queryClient.getQueryData<{ emailVerified: boolean }>(USER_QUERY_KEY)?.emailVerified).toBe(true));
  });

  it('signed out: after confirming, the way on is signing in', async () => {
    mockFetch([
      ['POST', '/api/auth/verify-email', () => jsonResponse({ email: 'anna@example.com', emailVerified: true })],
      ['GET', '/api/auth/user', () => errorReply(401, 'unauthorized', 'Unauthorized')],
    ]);
    renderWithProviders(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    await screen.findByTestId('verify-email-done');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('an expired or used link says so; a signed-in user can send a new one, and hears when that is rate-limited', async () => {
    let resends = 0;
    mockFetch([
      ['POST', '/api/auth/verify-email', refused],
      ['GET', '/api/auth/user', () => jsonResponse(testUser({ emailVerified: false }))],
      ['POST', '/api/auth/verify-email/resend', () => (++resends === 1 ? new Response(null, { status: 204 }) : errorReply(429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.'))],
    ]);
    renderWithProviders(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    const panel = await screen.findByTestId('verify-email-invalid');
    expect(panel).toHaveTextContent('This link has expired or was already used');
    expect(panel).toHaveTextContent('Confirmation links are valid for 24 hours and can be used once.');
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('verify-email-resend'));
    expect(await screen.findByTestId('verify-email-feedback')).toHaveTextContent('A new link is on its way to anna@example.com.');
    expect(resends).toBe(1);
  });

  it('signed in and already confirmed: a used link says there is nothing left to do', async () => {
    mockFetch([
      ['POST', '/api/auth/verify-email', refused],
      ['GET', '/api/auth/user', () => jsonResponse(testUser({ emailVerified: true }))],
    ]);
    renderWithProviders(<VerifyEmailPage />, { path: `/verify-email?token=${TOKEN}` });
    expect(await screen.findByTestId('verify-email-already')).toHaveTextContent('Your e-mail address is already confirmed');
  });

  it('German, without a token: no request, the problem in German', async () => {
    const { calls } = mockFetch([['GET', '/api/auth/user', () => errorReply(401, 'unauthorized', 'Unauthorized')]]);
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email', language: 'de' });
    expect(await screen.findByTestId('verify-email-invalid')).toHaveTextContent('Dieser Link ist abgelaufen oder wurde bereits verwendet');
    expect(screen.getByText('Melden Sie sich an, um einen neuen Bestätigungslink anzufordern.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/verify-email')).toBe(false);
  });
});
