import { screen, waitFor, within } from '@testing-library/react';
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
  de: `${LISTING_DISCLOSURE.preview.de} Rückfragen: Muster Immobilien · Anna Muster`,
  en: `${LISTING_DISCLOSURE.preview.en} Questions: Muster Immobilien · Anna Muster`,
};

/** Three staged photos (a fourth failed and is not offered). */
const PHOTOS = [1, 2, 3].map((n) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, src: `/objects/thumb-${n}.webp`, title: `Room ${n}` }));

function setup(plan: 'free' | 'pro', disclosure: { de: string; en: string } = LISTING_DISCLOSURE.preview) {
  let current: string | null = null;
  let title: string | null = null;
  let imageIds: string[] | null = null;
  let market = 'other';
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser({ subscriptionPlan: plan }))],
    ['GET', SHARE, () => jsonResponse({ url: current, publicTitle: title, imageIds, disclosure, market })],
    ['PUT', `/api/projects/${PROJECT_ID}/publish-market`, (request) => jsonResponse({ market: (market = (request.body as { market: string }).market) })],
    [
      'POST',
      SHARE,
      (request) => {
        ({ publicTitle: title, imageIds } = request.body as { publicTitle: string; imageIds: string[] | null });
        return jsonResponse({ url: (current = URL_1), publicTitle: title, imageIds });
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
    <ListingPanel projectId={PROJECT_ID} projectTitle="Lindenstraße 14" photos={PHOTOS} />,
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
    // Every staged photo stays chosen: null, so photos staged later join the page too.
    expect(mock.calls.find((c) => c.method === 'POST')!.body).toEqual({ publicTitle: 'Helle Altbauwohnung', imageIds: null });
    expect(screen.getByTestId('share-photo-count')).toHaveTextContent('3 of 3 photos on the page');
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

  it('the page and the zip hold the photos the member leaves ticked; none ticked cannot be confirmed', async () => {
    const { mock, user } = setup('pro');
    await user.click(await screen.findByTestId('share-create'));
    const dialog = await screen.findByTestId('share-photos');
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true]);
    await user.click(boxes[1]!);
    expect(within(dialog).getByTestId('share-photos-count')).toHaveTextContent('2 of 3 photos');
    await user.click(screen.getByTestId('share-title-confirm'));
    expect(await screen.findByTestId('share-photo-count')).toHaveTextContent('2 of 3 photos on the page');
    expect(mock.calls.find((c) => c.method === 'POST')!.body).toEqual({ publicTitle: 'Lindenstraße 14', imageIds: [PHOTOS[0]!.id, PHOTOS[2]!.id] });
    // Editing again starts from the link's choice; unticking all disables saving.
    await user.click(screen.getByTestId('share-title-edit'));
    const again = within(await screen.findByTestId('share-photos'));
    expect(again.getAllByRole('checkbox').map((b) => (b as HTMLInputElement).checked)).toEqual([true, false, true]);
    for (const box of again.getAllByRole('checkbox').filter((b) => (b as HTMLInputElement).checked)) await user.click(box);
    expect(again.getByTestId('share-photos-count')).toHaveTextContent('0 of 3 photos');
    expect(screen.getByTestId('share-title-confirm')).toBeDisabled();
    await user.keyboard('{Escape}');

    const zip = within(screen.getByTestId('zip-photos'));
    await user.click(zip.getAllByRole('checkbox')[0]!);
    await user.click(screen.getByTestId('zip-download'));
    await waitFor(() => expect(mock.calls.some((c) => c.url.includes('download.zip'))).toBe(true));
    expect(mock.calls.find((c) => c.url.includes('download.zip'))!.url).toBe(
      `/api/projects/${PROJECT_ID}/download.zip?images=${PHOTOS[1]!.id}%2C${PHOTOS[2]!.id}`,
    );
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

  it('the publishing market: California puts each original beside its staged photo (switch on and locked), and the zip asks for them', async () => {
    const { mock, user } = setup('free');
    expect(await screen.findByTestId('publish-market-note')).toHaveTextContent('Portals differ');
    expect(screen.getByTestId('zip-originals')).not.toBeChecked();
    await user.click(screen.getByTestId('publish-market'));
    await user.click(await screen.findByRole('option', { name: 'California (AB 723, CRMLS)' }));
    await waitFor(() => expect(screen.getByTestId('publish-market-note')).toHaveTextContent('Each staged photo comes with its original right beside it'));
    expect(mock.calls.find((c) => c.method === 'PUT')!.body).toEqual({ market: 'california' });
    expect(screen.getByTestId('zip-originals')).toBeChecked();
    expect(screen.getByTestId('zip-originals')).toBeDisabled();
    await user.click(screen.getByTestId('zip-download'));
    await waitFor(() => expect(mock.calls.some((c) => c.url.includes('download.zip'))).toBe(true));
    expect(mock.calls.find((c) => c.url.includes('download.zip'))!.url).toBe(`/api/projects/${PROJECT_ID}/download.zip?originals=1`);
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
    expect(await screen.findByTestId('disclosure-de')).toHaveTextContent(LISTING_DISCLOSURE.preview.de);
    expect(screen.getByTestId('disclosure-en')).toHaveTextContent(LISTING_DISCLOSURE.preview.en);
    await user.click(screen.getByTestId('disclosure-copy-de'));
    expect(writeText).toHaveBeenCalledWith(LISTING_DISCLOSURE.preview.de);
  });

  it("a branded workspace's sentence ends with its name and contact (decision 045), and that is what is copied", async () => {
    const { writeText, user } = setup('pro', BRANDED);
    await waitFor(() => expect(screen.getByTestId('disclosure-en')).toHaveTextContent(BRANDED.en));
    await user.click(screen.getByTestId('disclosure-copy-en'));
    expect(writeText).toHaveBeenCalledWith(BRANDED.en);
  });
});
