import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import EmailVerificationBanner from './email-verification-banner';

afterEach(() => vi.unstubAllGlobals());

describe('the confirm-your-e-mail banner (issue #10)', () => {
  it('names the address and resends the mail', async () => {
    const { calls } = mockFetch([['POST', '/api/auth/verify-email/resend', () => new Response(null, { status: 204 })]]);
    renderWithProviders(<EmailVerificationBanner email="anna@example.com" />);
    const banner = await screen.findByTestId('verify-email-banner');
    expect(banner).toHaveTextContent('Confirm your e-mail address');
    expect(banner).toHaveTextContent('We sent a confirmation link to anna@example.com. Confirm it to start staging rooms.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByTestId('verify-email-feedback')).toHaveTextContent('A new link is on its way to anna@example.com.');
    expect(calls.filter((c) => c.url === '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('says clearly when too many mails were requested (429)', async () => {
    mockFetch([['POST', '/api/auth/verify-email/resend', () => jsonResponse({ message: 'Too many requests. Try again in 900 s.', code: 'rate_limited' }, 429)]]);
    renderWithProviders(<EmailVerificationBanner email="anna@example.com" />, { language: 'de' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'E-Mail erneut senden' }));
    const feedback = await screen.findByTestId('verify-email-feedback');
    expect(feedback).toHaveAttribute('role', 'alert');
    expect(feedback).toHaveTextContent('Sie haben in kurzer Zeit mehrere E-Mails angefordert.');
  });

  it('a failure other than the rate limit gets its own text', async () => {
    mockFetch([['POST', '/api/auth/verify-email/resend', () => jsonResponse({ message: 'Mail server down', code: 'service_unavailable' }, 503)]]);
    renderWithProviders(<EmailVerificationBanner email="anna@example.com" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByTestId('verify-email-feedback')).toHaveTextContent('The e-mail could not be sent. Please try again later.');
  });
});
