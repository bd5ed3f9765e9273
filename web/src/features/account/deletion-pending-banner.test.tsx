import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import DeletionPendingBanner from './deletion-pending-banner';

afterEach(() => vi.unstubAllGlobals());

describe('the pending-deletion banner (issue #12 item 10)', () => {
  it('names the date in German and cancels the deletion', async () => {
    const { calls } = mockFetch([
      ['DELETE', '/api/account/deletion', () => jsonResponse({ status: 'none', requestedAt: null, scheduledFor: null })],
      ['GET', '/api/auth/user', () => jsonResponse(null, 401)],
    ]);
    renderWithProviders(<DeletionPendingBanner scheduledFor="2026-12-01T10:00:00.000Z" />, { language: 'de' });
    const banner = await screen.findByTestId('deletion-pending-banner');
    expect(banner).toHaveTextContent('Ihr Konto wird am 1. Dezember 2026 gelöscht.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Löschung abbrechen' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE' && c.url === '/api/account/deletion')).toHaveLength(1));
    expect(await screen.findByText('Kontolöschung abgebrochen')).toBeInTheDocument();
  });

  it('is in English for English users', async () => {
    mockFetch([]);
    renderWithProviders(<DeletionPendingBanner scheduledFor="2026-12-01T10:00:00.000Z" />);
    expect(await screen.findByTestId('deletion-pending-banner')).toHaveTextContent('Your account will be deleted on 1 December 2026.');
    expect(screen.getByRole('button', { name: 'Cancel deletion' })).toBeEnabled();
  });
});
