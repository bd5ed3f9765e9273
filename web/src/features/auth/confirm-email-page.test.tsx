import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import ConfirmEmailPage from './confirm-email-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'tok_abcdefghijklmnop';

describe('/confirm-email?token= (issue #10)', () => {
  it('confirms the new address once and names it', async () => {
    const { calls } = mockFetch([
      ['POST', '/api/auth/confirm-email', () => jsonResponse({ email: 'new@example.com', emailVerified: true })],
      ['GET', '/api/auth/user', () => jsonResponse(testUser({ email: 'new@example.com' }))],
    ]);
    renderWithProviders(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}` });
    expect(await screen.findByTestId('confirm-email-done')).toHaveTextContent('Your account now uses new@example.com.');
    expect(calls.filter((c) => c.url === '/api/auth/confirm-email')).toEqual([expect.objectContaining({ body: { token: TOKEN } })]);
  });

  it('a used link says the address has not changed (German)', async () => {
    mockFetch([
      ['POST', '/api/auth/confirm-email', () => jsonResponse({ message: 'This link is invalid', code: 'token_invalid' }, 400)],
      ['GET', '/api/auth/user', () => jsonResponse(testUser())],
    ]);
    renderWithProviders(<ConfirmEmailPage />, { path: `/confirm-email?token=${TOKEN}`, language: 'de' });
    expect(await screen.findByTestId('confirm-email-invalid')).toHaveTextContent('Ihre E-Mail-Adresse wurde nicht geändert.');
  });
});
