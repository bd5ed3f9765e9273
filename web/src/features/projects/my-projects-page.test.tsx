import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import MyProjectsPage from './my-projects-page';
import type { ProjectListItem } from '@contract/projects';
import { listItem } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const A = '44444444-4444-4444-8444-444444444444';
const B = '55555555-5555-4555-8555-555555555555';
const C = '66666666-6666-4666-8666-666666666666';
const projects = [
  listItem({ id: A, title: 'Penthouse Elbblick', createdAt: '2026-11-21T08:05:00.000Z', imagesExpireAt: '2026-12-21T08:10:00.000Z' }),
  listItem({ id: B, title: 'Altbau Küche', status: 'processing', processedImagePath: null, processedThumbnailPath: null }),
  listItem({ id: C, title: 'Keller', status: 'failed', processedImagePath: null, processedThumbnailPath: null, imagesExpired: true }),
];

/** One keyset page of GET /api/projects?limit=24 (contract/project-pages.ts). */
const page = (items: ProjectListItem[], nextCursor: string | null = null, total = items.length) => ({ items, nextCursor, total });

function setup(list: () => Response | Promise<Response>, del?: () => Response) {
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser())],
    ['GET', '/api/projects', list],
    ['DELETE', new RegExp('^/api/projects/'), del ?? (() => jsonResponse({ deletedFiles: 4 }))],
  ]);
  renderWithProviders(<MyProjectsPage />, { language: 'de', path: '/my-projects' });
  return { mock, user: userEvent.setup() };
}

describe('My projects (German texts of spec §2)', () => {
  it('shows 6 skeleton cards while loading', async () => {
    setup(() => new Promise<Response>(() => {}));
    expect(await screen.findAllByTestId('project-skeleton')).toHaveLength(6);
  });

  it("shows 'Fehler beim Laden der Projekte' when the list fails", async () => {
    setup(() => jsonResponse({ message: 'boom', code: 'internal_error' }, 500));
    expect(await screen.findByText('Fehler beim Laden der Projekte')).toBeInTheDocument();
  });

  it('shows the empty state with a create button', async () => {
    setup(() => jsonResponse(page([])));
    expect(await screen.findByText('Noch keine Projekte')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Erstes Projekt erstellen/ })).toHaveAttribute('href', '/new-project');
  });

  it('shows a card per project: image (processed, else dimmed original), status badge, title, category, date and expiry', async () => {
    setup(() => jsonResponse(page(projects)));
    const cards = await screen.findAllByTestId('project-card');
    expect(cards).toHaveLength(3);
    const [done, running, failed] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(done).getByText('Abgeschlossen')).toBeInTheDocument();
    expect(within(running).getByText('In Bearbeitung')).toBeInTheDocument();
    expect(within(failed).getByText('Fehler')).toBeInTheDocument();
    expect(within(done).getByText('Penthouse Elbblick')).toBeInTheDocument();
    expect(within(done).getByText('Virtuelles Staging')).toBeInTheDocument();
    expect(within(done).getByText('21.11.2026')).toBeInTheDocument();
    expect(within(done).getByText('Bilder bis 21.12.2026')).toBeInTheDocument();
    expect(within(failed).getByText('Bilder gelöscht')).toBeInTheDocument();

    const processed = done.querySelector('img')!;
    expect(processed).toHaveAttribute('src', `/objects/users/u/projects/${A}/s.thumb.webp`);
    expect(processed).toHaveAttribute('loading', 'lazy');
    const dimmed = running.querySelector('img')!;
    expect(dimmed).toHaveAttribute('src', `/objects/users/u/projects/${B}/o.thumb.webp`);
    expect(dimmed).toHaveClass('opacity-50');
    expect(within(failed).getByRole('button', { name: /Herunterladen/ })).toBeDisabled();
  });

  it('calls a partly staged project "2 von 3 eingerichtet" in its card and its quick view, with the staged cover (ADR 051)', async () => {
    const partial = listItem({ id: A, title: 'Penthouse Elbblick', status: 'partial', counts: { photos: 3, staged: 2 } });
    const { user } = setup(() => jsonResponse(page([partial])));
    const [card] = await screen.findAllByTestId('project-card');
    expect(within(card!).getByTestId('status-badge')).toHaveTextContent('2 von 3 eingerichtet');
    expect(within(card!).queryByText('Noch nicht eingerichtet')).toBeNull();
    expect(card!.querySelector('img')).toHaveAttribute('src', `/objects/users/u/projects/${A}/s.thumb.webp`);
    await user.click(within(card!).getByTestId('project-view'));
    expect(within(await screen.findByRole('dialog')).getByTestId('status-badge')).toHaveTextContent('2 von 3 eingerichtet');
  });

  it('opens the image in a new tab on Download, and shows details on View', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = setup(() => jsonResponse(page(projects)));
    const [done] = await screen.findAllByTestId('project-card');
    await user.click(within(done!).getByRole('button', { name: /Herunterladen/ }));
    expect(open).toHaveBeenCalledWith(`/objects/users/u/projects/${A}/s.jpg`, '_blank', 'noopener,noreferrer');

    await user.click(within(done!).getByRole('button', { name: /Ansehen/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Penthouse Elbblick' })).toBeInTheDocument();
    expect(within(dialog).getByText(/21\.11\.2026 \d\d:05/)).toBeInTheDocument();
    expect(within(dialog).getByAltText('Original')).toHaveAttribute('src', `/objects/users/u/projects/${A}/o.jpg`);
    expect(within(dialog).getByAltText('Bearbeitet')).toHaveAttribute('src', `/objects/users/u/projects/${A}/s.jpg`);
    expect(within(dialog).getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Schließen' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    open.mockRestore();
  });

  it("asks 'Projekt löschen' first; Abbrechen keeps the project; Löschen deletes, toasts the files removed and refetches the list", async () => {
    const { user, mock } = setup(() => jsonResponse(page(projects)));
    const [done] = await screen.findAllByTestId('project-card');
    await user.click(within(done!).getByRole('button', { name: /Löschen: Penthouse/ }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Projekt löschen' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('nicht rückgängig gemacht werden');
    expect(dialog).toHaveTextContent('Alle Bilder werden dauerhaft gelöscht.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mock.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(done!).getByRole('button', { name: /Löschen: Penthouse/ }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Projekt gelöscht')).toBeInTheDocument();
    expect(screen.getByText('Ihr Projekt und seine Bilder wurden gelöscht.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/projects/${A}`);
    await waitFor(() => expect(mock.calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/projects?'))).toHaveLength(2));
  });

  it("toasts 'Fehler' with the German text of the server's code (never its English sentence), or 'Das Projekt konnte nicht gelöscht werden.'", async () => {
    let reply = () => jsonResponse({ message: 'Project not found', code: 'not_found' }, 404);
    const { user } = setup(() => jsonResponse(page(projects.slice(0, 1))), () => reply());
    const [done] = await screen.findAllByTestId('project-card');
    await user.click(within(done!).getByRole('button', { name: /Löschen: Penthouse/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Fehler')).toBeInTheDocument();
    expect(screen.getByText('Das wurde nicht gefunden. Vielleicht wurde es gelöscht.')).toBeInTheDocument();
    expect(screen.queryByText('Project not found')).not.toBeInTheDocument();

    // A gateway in front of the server answers with its own page: no code to translate.
    reply = () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } });
    await user.click(within(done!).getByRole('button', { name: /Löschen: Penthouse/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Das Projekt konnte nicht gelöscht werden.')).toBeInTheDocument();
  });

  it('loads the next 24 with "Weitere laden" (the scroll observer does the same) and shows the total', async () => {
    const first = Array.from({ length: 24 }, (_, i) => listItem({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Objekt ${i + 1}` }));
    const second = [listItem({ id: '00000000-0000-4000-8000-999999999999', title: 'Objekt 25' })];
    const { user, mock } = setup(() => jsonResponse(page(first, 'next-page', 25)));
    mock.fn.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.split('?')[0] === '/api/auth/user') return jsonResponse(testUser());
      if (url.includes('cursor=next-page')) return jsonResponse(page(second, null, 0));
      return jsonResponse(page(first, 'next-page', 25));
    });
    expect(await screen.findAllByTestId('project-card')).toHaveLength(24);
    expect(screen.getByText(/25 Projekte/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weitere laden' }));
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(25));
    expect(screen.getByText('Objekt 25')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).not.toBeInTheDocument();
  });

  it('updates by itself while a project is being staged: "In Bearbeitung" becomes "Abgeschlossen" without a reload', async () => {
    let status: ProjectListItem['status'] = 'processing';
    setup(() => jsonResponse(page([listItem({ id: B, title: 'Altbau Küche', status })])));
    expect(await screen.findByText('In Bearbeitung')).toBeInTheDocument();
    status = 'completed';
    expect(await screen.findByText('Abgeschlossen', {}, { timeout: 6000 })).toBeInTheDocument();
  }, 10_000);
});

describe('My projects marks preview-engine results (issue #12 item 8)', () => {
  it('shows "Vorschau-Engine" on a cover the offline engine made, not on an AI result', async () => {
    const D = '77777777-7777-4777-8777-777777777777';
    setup(() => jsonResponse(page([listItem({ id: D, title: 'Vorschau', processedEngine: 'offline' }), projects[0]!])));
    const [preview, ai] = (await screen.findAllByTestId('project-card')) as [HTMLElement, HTMLElement];
    expect(within(preview).getByTestId('preview-engine-badge')).toHaveTextContent('Vorschau-Engine');
    expect(within(ai).queryByTestId('preview-engine-badge')).not.toBeInTheDocument();
  });
});
