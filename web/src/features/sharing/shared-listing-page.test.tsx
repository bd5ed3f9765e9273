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
            title: null,
            branding: null,
            category: 'virtual_staging',
            pairs: [
              { position: 1, original: img('o1'), staged: img('s1'), credentials: null },
              { position: 2, original: img('o2'), staged: img('s2'), credentials: null },
            ],
          }),
      ],
    ]);
    renderWithProviders(<SharedListingPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    // A link without a public title: the heading counts the photos (the internal name is never sent, issue #26).
    expect(await screen.findByRole('heading', { name: '2 room photos, virtually staged' })).toBeInTheDocument();
    expect(screen.getByTestId('share-footer')).toHaveTextContent('Virtually staged with Raumwerk.');
    expect(screen.getByTestId('staged-notice')).toHaveTextContent('Virtually staged: the staged images were furnished digitally.');
    expect(screen.getByTestId('staged-notice')).not.toHaveTextContent(/\bAI\b/);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByAltText('Photo 1, original')).toHaveAttribute('src', img('o1').url);
    expect(within(rows[0]!).getByAltText('Photo 1, virtually staged')).toHaveAttribute('src', img('s1').url);
    expect(within(rows[0]!).getByText('Virtually staged')).toBeInTheDocument();
    expect(within(rows[1]!).getByAltText('Photo 2, virtually staged')).toHaveAttribute('src', img('s2').url);
    // "noindex" is the served HTML's (one tag, server side); the page asks browsers to send no referrer.
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    expect(mock.calls.map((c) => c.url)).toEqual([`/api/share/${TOKEN}`]);
  });

  it('a branded listing (decision 045): the public title, the agency header with logo, its contact card, no Raumwerk mark', async () => {
    mockFetch([
      [
        'GET',
        `/api/share/${TOKEN}`,
        () =>
          jsonResponse({
            title: 'Helle Altbauwohnung am Park',
            category: 'virtual_staging',
            branding: {
              displayName: 'Muster Immobilien',
              contactName: 'Anna Muster',
              phone: '+49 30 1234567',
              email: 'anna@muster-immobilien.de',
              website: 'https://muster-immobilien.de',
              accentColor: '#1f6feb',
              logoUrl: `/api/share/${TOKEN}/logo?v=1`,
              logoWidth: 800,
              logoHeight: 200,
            },
            pairs: [{ position: 1, original: img('o1'), staged: img('s1'), credentials: null }],
          }),
      ],
    ]);
    const Frame = ({ children, renderHeader: header }: { children: React.ReactNode; renderHeader?: (toggle: React.ReactNode) => React.ReactNode }) => {
      return (
        <>
          {header?.(<button type="button">EN</button>)}
          {children}
        </>
      );
    };
    renderWithProviders(<SharedListingPage token={TOKEN} Frame={Frame} />, { path: `/s/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Helle Altbauwohnung am Park' })).toBeInTheDocument();
    expect(screen.getByTestId('brand-logo')).toHaveAttribute('src', `/api/share/${TOKEN}/logo?v=1`);
    expect(screen.getByTestId('share-eyebrow')).toHaveTextContent('Muster Immobilien');
    const contact = screen.getByTestId('share-contact');
    expect(within(contact).getByText('Anna Muster')).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'Call: +49 30 1234567' })).toHaveAttribute('href', 'tel:+49301234567');
    expect(within(contact).getByRole('link', { name: 'Write an e-mail: anna@muster-immobilien.de' })).toHaveAttribute('href', 'mailto:anna@muster-immobilien.de');
    expect(within(contact).getByRole('link', { name: 'Website: muster-immobilien.de' })).toHaveAttribute('href', 'https://muster-immobilien.de');
    expect(document.body).not.toHaveTextContent(/Raumwerk/);
    expect(document.title).toBe('Helle Altbauwohnung am Park · Muster Immobilien');
  });

  it('shows markup in the agency’s texts as text, never as HTML: no element, no handler made from it (issue 36)', async () => {
    const markup = (what: string) => `<img src="x-${what}" onerror="window.pwned='${what}'"><b data-injected>${what}</b>`;
    mockFetch([
      [
        'GET',
        `/api/share/${TOKEN}`,
        () =>
          jsonResponse({
            title: markup('title'),
            category: 'virtual_staging',
            branding: {
              displayName: markup('name'),
              contactName: markup('contact'),
              phone: null,
              email: null,
              website: null,
              accentColor: '#1f6feb',
              logoUrl: null,
              logoWidth: null,
              logoHeight: null,
            },
            pairs: [{ position: 1, original: img('o1'), staged: img('s1'), credentials: null }],
          }),
      ],
    ]);
    const Frame = ({ children, renderHeader: header }: { children: React.ReactNode; renderHeader?: (toggle: React.ReactNode) => React.ReactNode }) => (
      <>
        {header?.(<button type="button">EN</button>)}
        {children}
      </>
    );
    renderWithProviders(<SharedListingPage token={TOKEN} Frame={Frame} />, { path: `/s/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: markup('title') })).toBeInTheDocument();
    expect(screen.getByTestId('share-eyebrow')).toHaveTextContent(markup('name'));
    expect(screen.getAllByText(markup('name')).length).toBeGreaterThanOrEqual(2); // the header and the eyebrow
    expect(within(screen.getByTestId('share-contact')).getByText(markup('contact'))).toBeInTheDocument();
    expect(document.querySelectorAll('[data-injected], img[src^="x-"]')).toHaveLength(0);
    expect((window as { pwned?: string }).pwned).toBeUndefined();
  });

  it('says the link no longer opens once it was revoked (404)', async () => {
    mockFetch([['GET', `/api/share/${TOKEN}`, () => jsonResponse({ message: 'gone', code: 'not_found' }, 404)]]);
    renderWithProviders(<SharedListingPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'This link does not open any more' })).toBeInTheDocument();
  });

  it('a "Content Credentials" panel per staged image: model, date, service, the original linked, the lock in words, the signer; a development signer is flagged (DE and EN)', async () => {
    const credentials = {
      madeWith: 'OpenAI GPT Image 1.5',
      createdAt: '2026-11-28T10:00:00.000Z',
      service: 'removal',
      changedShare: 0.234,
      architectureScore: 0.97,
      signedBy: 'Makler Nord GmbH',
      developmentCertificate: false,
    };
    const listing = (developmentCertificate: boolean) => () =>
      jsonResponse({
        title: null,
        branding: null,
        category: 'furniture_removal',
        pairs: [{ position: 1, original: img('o1'), staged: img('s1'), credentials: { ...credentials, developmentCertificate, signedBy: developmentCertificate ? 'Raumwerk (development certificate)' : credentials.signedBy } }],
      });
    mockFetch([['GET', `/api/share/${TOKEN}`, listing(false)]]);
    const { unmount } = renderWithProviders(<SharedListingPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    const panel = await screen.findByTestId('content-credentials');
    expect(within(panel).getByText('Content Credentials')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Made withOpenAI GPT Image 1.5');
    expect(panel).toHaveTextContent('Created28 November 2026');
    expect(panel).toHaveTextContent('ServiceFurniture removal');
    expect(within(panel).getByRole('link', { name: 'Open original photo 1' })).toHaveAttribute('href', img('o1').url);
    expect(within(panel).getByTestId('lock-verdict')).toHaveTextContent(
      'Geometry lock: the room is the original photograph. 77 % of the picture is unchanged from it; only the areas where furniture was removed (23 %) are new. 97 % of the room\'s lines',
    );
    expect(panel).toHaveTextContent('Signed by Makler Nord GmbH.');
    expect(within(panel).queryByTestId('development-certificate')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Download the file with its credentials' })).toHaveAttribute('href', img('s1').url);
    unmount();

    mockFetch([['GET', `/api/share/${TOKEN}`, listing(true)]]);
    renderWithProviders(<SharedListingPage token={TOKEN} />, { path: `/s/${TOKEN}`, language: 'de' });
    const german = await screen.findByTestId('content-credentials');
    expect(german).toHaveTextContent('Erstellt mitOpenAI GPT Image 1.5');
    expect(german).toHaveTextContent('LeistungMöbel entfernen');
    expect(within(german).getByRole('link', { name: 'Originalfoto 1 öffnen' })).toBeInTheDocument();
    expect(within(german).getByTestId('lock-verdict')).toHaveTextContent('77 % des Bildes sind unverändert');
    expect(within(german).getByTestId('development-certificate')).toHaveTextContent('Entwicklungszertifikat – nicht vertrauenswürdig');
  });

  it('a branded page names no signer in the panel (decision 045), and the lock names no maker', async () => {
    mockFetch([
      [
        'GET',
        `/api/share/${TOKEN}`,
        () =>
          jsonResponse({
            title: 'Villa',
            branding: { displayName: 'Makler Nord GmbH', contactName: null, phone: null, email: null, website: null, accentColor: null, logoUrl: null, logoWidth: null, logoHeight: null },
            category: 'virtual_staging',
            pairs: [{ position: 1, original: img('o1'), staged: img('s1'), credentials: { madeWith: 'Offline preview engine', createdAt: '2026-11-28T10:00:00.000Z', service: 'staging', changedShare: 0.18, architectureScore: 1, signedBy: 'Raumwerk (development certificate)', developmentCertificate: true } }],
          }),
      ],
    ]);
    renderWithProviders(<SharedListingPage token={TOKEN} />, { path: `/s/${TOKEN}`, language: 'de' });
    const panel = await screen.findByTestId('content-credentials');
    expect(panel).toHaveTextContent('Vom Bilddienst signiert.');
    expect(panel).not.toHaveTextContent('Raumwerk');
    expect(within(panel).getByTestId('lock-verdict')).toHaveTextContent('82 % des Bildes sind unverändert; neu sind nur die hinzugefügten Möbel und ihre Schatten (18 %).');
    expect(panel).not.toHaveTextContent('KI');
  });
});
