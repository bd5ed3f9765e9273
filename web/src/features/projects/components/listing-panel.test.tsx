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

const BRANDED = {
  de: `${LISTING_DISCLOSURE.de} Rückfragen: Muster Immobilien · Anna Muster`,
  en: `${LISTING_DISCLOSURE.en} Questions: Muster Immobilien · Anna Muster`,
};

function setup(plan: 'free' | 'pro', disclosure: { de: string; en: string } = LISTING_DISCLOSURE) {
  let current: string | null = null;
  let title: string | null = null;
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser({ subscriptionPlan: plan }))],
    ['GET', SHARE, () => jsonResponse({ url: current, publicTitle: title, disclosure })],
    [
      'POST',
      SHARE,
      (request) => {
        title = (request.body as { publicTitle: string }).publicTitle;
        return jsonResponse({ url: (current = URL_1), publicTitle: title });
      },
    ],
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
    // The public title (issue #24): prefilled with the project's name, confirmed or changed in the dialog.
    const titleInput = await screen.findByTestId('share-public-title');
    expect(titleInput).toHaveValue('Lindenstraße 14');
    await user.clear(titleInput);
    await user.type(titleInput, 'Helle Altbauwohnung');
    await user.click(screen.getByTestId('share-title-confirm'));
    expect(await screen.findByTestId('share-url')).toHaveValue(URL_1);
    expect(screen.getByTestId('share-title-shown')).toHaveTextContent('Helle Altbauwohnung');
    expect(mock.calls.find((c) => c.method === 'POST')!.body).toEqual({ publicTitle: 'Helle Altbauwohnung' });
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
    await user.click(await screen.findByTestId('share-title-confirm'));
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

  it("a branded workspace's sentence ends with its name and contact (decision 045), and that is what is copied", async () => {
    const { writeText, user } = setup('pro', BRANDED);
    await waitFor(() => expect(screen.getByTestId('disclosure-en')).toHaveTextContent(BRANDED.en));
    await user.click(screen.getByTestId('disclosure-copy-en'));
    expect(writeText).toHaveBeenCalledWith(BRANDED.en);
  });
});
