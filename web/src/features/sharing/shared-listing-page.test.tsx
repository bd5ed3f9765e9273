import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import SharedListingPage from './shared-listing-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'T'.repeat(43);
const img = (id: string) => ({ url: `/api/share/${TOKEN}/images/${id}`, width: 1600, height: 1200 });

describe('SharedListingPage (signed out)', () => {
  it('shows each original beside its staged image, a "Virtually staged" notice and a noindex meta tag, without any session call', async () => {
    const mock = mockFetch([
      [
        'GET',
        `/api/share/${TOKEN}`,
        () =>
          jsonResponse({
            title: 'Lindenstraße 14',
            category: 'virtual_staging',
            pairs: [
              { position: 1, original: img('o1'), staged: img('s1') },
              { position: 2, original: img('o2'), staged: null },
            ],
          }),
      ],
    ]);
    renderWithProviders(<SharedListingPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    // The project name is the owner's internal one: the public heading counts the photos instead (issue #26).
    expect(await screen.findByRole('heading', { name: '2 room photos, virtually staged' })).toBeInTheDocument();
    expect(screen.queryByText(/Lindenstraße/)).not.toBeInTheDocument();
    expect(screen.getByTestId('staged-notice')).toHaveTextContent('Virtually staged: the staged images were furnished digitally.');
    expect(screen.getByTestId('staged-notice')).not.toHaveTextContent(/\bAI\b/);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByAltText('Photo 1, original')).toHaveAttribute('src', img('o1').url);
    expect(within(rows[0]!).getByAltText('Photo 1, virtually staged')).toHaveAttribute('src', img('s1').url);
    expect(within(rows[0]!).getByText('Virtually staged')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('No staged version of this photo.')).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow, noarchive');
    expect(mock.calls.map((c) => c.url)).toEqual([`/api/share/${TOKEN}`]);
  });

  it('says the link no longer opens once it was revoked (404)', async () => {
    mockFetch([['GET', `/api/share/${TOKEN}`, () => jsonResponse({ message: 'gone', code: 'not_found' }, 404)]]);
    renderWithProviders(<SharedListingPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'This link does not open any more' })).toBeInTheDocument();
  });
});
