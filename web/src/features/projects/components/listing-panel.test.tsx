import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTING_DISCLOSURE } from '@contract/sharing';
import { jsonResponse, mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { PROJECT_ID } from '../test-fixtures';
import { ListingPanel } from './listing-panel';

afterEach(() => vi.unstubAllGlobals());

const SHARE = `/api/projects/${PROJECT_ID}/share`;
const URL_1 = 'http://localhost:3000/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function setup(plan: 'free' | 'pro') {
  let current: string | null = null;
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser({ subscriptionPlan: plan }))],
    ['GET', SHARE, () => jsonResponse({ url: current })],
    ['POST', SHARE, () => jsonResponse({ url: (current = URL_1) })],
    ['DELETE', SHARE, () => ((current = null), new Response(null, { status: 204 }))],
    [
      'GET',
      /download\.zip/,
      () => new Response('zip', { headers: { 'content-type': 'application/zip' } }),
    ],
  ]);
  // After userEvent.setup(), which installs its own clipboard stub.
  const user = userEvent.setup();
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderWithProviders(
    <ListingPanel projectId={PROJECT_ID} projectTitle="Lindenstraße 14" stagedCount={3} />,
  );
  return { mock, writeText, user };
}

describe('ListingPanel', () => {
  it('creates, copies and revokes the share link', async () => {
    const { mock, writeText, user } = setup('pro');
    await user.click(await screen.findByTestId('share-create'));
    expect(await screen.findByTestId('share-url')).toHaveValue(URL_1);
    await user.click(screen.getByTestId('share-copy'));
    expect(writeText).toHaveBeenCalledWith(URL_1);
    expect(screen.getByRole('link', { name: /Open/ })).toHaveAttribute('href', URL_1);
    await user.click(screen.getByTestId('share-revoke'));
    expect(await screen.findByTestId('share-create')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === SHARE).map((c) => c.method)).toEqual([
      'GET',
      'POST',
      'DELETE',
    ]);
  });

  it('downloads the ZIP with the chosen options (Pro: label with the share link)', async () => {
    const { mock, user } = setup('pro');
    await user.click(await screen.findByTestId('share-create'));
    await screen.findByTestId('share-url');
    await user.click(screen.getByTestId('zip-originals'));
    await user.click(screen.getByTestId('zip-label'));
    expect(
      screen.getByText('The label also shows the share link and a QR code.'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('zip-download'));
    await waitFor(() => expect(mock.calls.some((c) => c.url.includes('download.zip'))).toBe(true));
    expect(mock.calls.find((c) => c.url.includes('download.zip'))!.url).toBe(
      `/api/projects/${PROJECT_ID}/download.zip?label=en&originals=1&share=1`,
    );
  });

  it('free plan: the label switch is disabled with an upgrade link; the plain ZIP still downloads', async () => {
    const { mock, user } = setup('free');
    await waitFor(() => expect(screen.getByTestId('zip-label')).toBeDisabled());
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
    await user.click(screen.getByTestId('zip-download'));
    await waitFor(() =>
      expect(mock.calls.some((c) => c.url === `/api/projects/${PROJECT_ID}/download.zip`)).toBe(
        true,
      ),
    );
  });

  it('offers the disclosure sentence in German and English, each with a copy button', async () => {
    const { writeText, user } = setup('pro');
    expect(await screen.findByTestId('disclosure-de')).toHaveTextContent(LISTING_DISCLOSURE.de);
    expect(screen.getByTestId('disclosure-en')).toHaveTextContent(LISTING_DISCLOSURE.en);
    await user.click(screen.getByTestId('disclosure-copy-de'));
    expect(writeText).toHaveBeenCalledWith(LISTING_DISCLOSURE.de);
  });
});
