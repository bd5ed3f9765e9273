import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch, testUser, type MockHandler } from '@/test/fetch-mock';
import { processImageReply } from '@/test/contract-reply';
import { onAppModal } from '@/lib/modal-bus';
import { renderWithProviders } from '@/test/render-with-providers';
import ProjectDetailPage from './project-detail-page';
import { PROJECT_ID, projectDetail } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

function setup(detail: MockHandler, processImage?: MockHandler) {
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser())],
    ['GET', `/api/projects/${PROJECT_ID}`, detail],
    ['POST', '/api/process-image', processImage ?? (() => jsonResponse({ success: true, processedImagePath: '/users/u/new.jpg' }))],
    ['GET', /^\/api\/objects\/download\?/, () => new Response('jpeg bytes', { headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="flat-1.jpg"' } })],
  ]);
  const rendered = renderWithProviders(<ProjectDetailPage id={PROJECT_ID} />, { path: `/projects/${PROJECT_ID}` });
  return { ...rendered, mock, user: userEvent.setup() };
}

/** Re-stage from the pair card: the dialog opens with the project's settings; submit them as they are. */
async function restageThroughDialog(user: ReturnType<typeof setup>['user'], pair: HTMLElement) {
  await user.click(within(pair).getByRole('button', { name: /Re-stage/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Re-stage' });
  await user.click(within(dialog).getByRole('button', { name: 'Re-stage' }));
}

describe('Project detail', () => {
  it("shows 'Loading project...' first", async () => {
    setup(() => new Promise<Response>(() => {}));
    expect(await screen.findByText('Loading project...')).toBeInTheDocument();
  });

  it("shows 'Project not found' with a way back to the dashboard", async () => {
    setup(() => jsonResponse({ message: 'Project not found', code: 'not_found' }, 404));
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByText("The project you're looking for doesn't exist or you don't have access to it.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the header (status colour, category translated, style) and each original with its staged image', async () => {
    setup(() => jsonResponse(projectDetail(3, [2], { status: 'processing', category: 'floor_plan_to_photos' })));
    expect(await screen.findByRole('heading', { name: 'Lindenstraße 14' })).toBeInTheDocument();
    expect(screen.getByTestId('project-status')).toHaveAttribute('data-status', 'processing');
    expect(screen.getByTestId('project-status')).toHaveClass('text-amber-800');
    expect(screen.getByTestId('project-category')).toHaveTextContent('Floor plan to photos');
    expect(screen.getByText('Scandinavian')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/');

    const pairs = screen.getAllByTestId('image-pair');
    expect(pairs).toHaveLength(3);
    expect(within(pairs[0]!).getByAltText('After: Image 1')).toHaveAttribute('src', `/objects/users/u/projects/${PROJECT_ID}/s1.jpg`);
    expect(within(pairs[0]!).getByAltText('Before: Image 1')).toHaveAttribute('src', `/objects/users/u/projects/${PROJECT_ID}/o1.jpg`);
    expect(within(pairs[0]!).getByRole('slider')).toBeInTheDocument();
    // Still processing: a missing staged image is on its way.
    expect(within(pairs[1]!).getByText('Being staged…')).toBeInTheDocument();
  });

  it("shows 'No staged image was found' / 'Processing failed' for an original without a staged image", async () => {
    setup(() => jsonResponse(projectDetail(2, [2], { status: 'failed' })));
    const pairs = await screen.findAllByTestId('image-pair');
    expect(screen.getByTestId('project-status')).toHaveClass('text-destructive');
    expect(within(pairs[1]!).getByText('Processing failed')).toBeInTheDocument();
    expect(within(pairs[1]!).getByText('No staged image was found')).toBeInTheDocument();
  });

  it("shows 'No images found in this project' without images", async () => {
    setup(() => jsonResponse(projectDetail(0, [], { status: 'completed' })));
    expect(await screen.findByText('No images found in this project')).toBeInTheDocument();
    expect(screen.getByTestId('project-status')).toHaveAttribute('data-status', 'completed');
  });

  it("re-stages through the dialog with the project's settings: 'Re-staging started', then success, with a spinner meanwhile", async () => {
    const hold = deferred<Response>();
    const { user, mock } = setup(
      () => jsonResponse(projectDetail(2)),
      () => hold.promise,
    );
    const [first] = await screen.findAllByTestId('image-pair');
    await restageThroughDialog(user, first!);
    expect(await screen.findByText('Re-staging started')).toBeInTheDocument();
    expect(screen.getByText('Your image is being staged again with the settings you chose.')).toBeInTheDocument();
    expect(within(first!).getByText('Re-staging…')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: /Re-stage/ })).toBeDisabled();
    expect(mock.calls.find((c) => c.url === '/api/process-image')?.body).toEqual({
      imageURL: `/objects/users/u/projects/${PROJECT_ID}/o1.jpg`,
      category: 'virtual_staging',
      projectId: PROJECT_ID,
      styleName: 'Scandinavian',
      styleDescription: 'Light wood, soft textiles and an airy, uncluttered feel.',
      isRegeneration: true,
    });
    const detailCalls = mock.calls.filter((c) => c.url === `/api/projects/${PROJECT_ID}`).length;
    hold.resolve(jsonResponse({ success: true, processedImagePath: '/users/u/new.jpg' }));
    expect(await screen.findByText('Re-staging complete')).toBeInTheDocument();
    await waitFor(() => expect(mock.calls.filter((c) => c.url === `/api/projects/${PROJECT_ID}`).length).toBeGreaterThan(detailCalls));
  });

  it('opens the Re-stage dialog with the wishes of the last run prefilled and sends the changed ones', async () => {
    const { user, mock } = setup(
      () => jsonResponse(projectDetail(1, [], { instructions: 'Keep the balcony door free' })),
      () => jsonResponse({ success: true, processedImagePath: '/users/u/new.jpg' }),
    );
    const [first] = await screen.findAllByTestId('image-pair');
    await user.click(within(first!).getByRole('button', { name: /Re-stage/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-stage' });
    const wishes = within(dialog).getByLabelText('Extra instructions');
    expect(wishes).toHaveValue('Keep the balcony door free');
    expect(within(dialog).getByText(/current result stays/)).toBeInTheDocument();
    expect(mock.calls.some((c) => c.url === '/api/process-image')).toBe(false);
    await user.clear(wishes);
    await user.type(wishes, 'Add a reading corner');
    await user.click(within(dialog).getByRole('button', { name: 'Re-stage' }));
    expect(await screen.findByText('Re-staging complete')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/api/process-image')?.body).toMatchObject({ styleName: 'Scandinavian', instructions: 'Add a reading corner', isRegeneration: true });
  });

  it("toasts 'Re-staging failed' when the server fails without a reason to tell", async () => {
    const { user } = setup(
      () => jsonResponse(projectDetail(1)),
      () => jsonResponse({ message: 'Internal Server Error', code: 'internal_error' }, 500),
    );
    const [first] = await screen.findAllByTestId('image-pair');
    await restageThroughDialog(user, first!);
    expect(await screen.findByText('Re-staging failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error re-staging your image. Please try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('restage-problem')).not.toBeInTheDocument();
  });

  it('says why a Re-stage failed: no credits with the Upgrade button that opens the subscription modal', async () => {
    const { user } = setup(
      () => jsonResponse(projectDetail(1)),
      () => processImageReply({ success: false, error: 'You have no credits left.', code: 'insufficient_credits' }, 402),
    );
    const [first] = await screen.findAllByTestId('image-pair');
    await restageThroughDialog(user, first!);
    const alert = await screen.findByTestId('restage-problem');
    expect(alert).toHaveTextContent('No credits left');
    expect(alert).toHaveTextContent('Re-staging an image costs one credit');
    const opened = vi.fn();
    const off = onAppModal('subscription', opened);
    await user.click(within(alert).getByRole('button', { name: 'Upgrade' }));
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });

  it('says the result changed the room (structure_changed) and that the previous image stays', async () => {
    const { user } = setup(
      () => jsonResponse(projectDetail(1)),
      () => processImageReply({ success: false, error: 'The AI changed the room itself', code: 'structure_changed' }, 422),
    );
    const [first] = await screen.findAllByTestId('image-pair');
    await restageThroughDialog(user, first!);
    expect(await screen.findByText('The result changed the room')).toBeInTheDocument();
    expect(screen.getByText(/the previous image stays/)).toBeInTheDocument();
    expect(screen.queryByTestId('restage-problem')).not.toBeInTheDocument();
  });

  it('refetches by itself while the project is processing, so the new result appears without a reload', async () => {
    let status: 'processing' | 'completed' = 'processing';
    const { mock } = setup(() => jsonResponse({ ...projectDetail(1), status }));
    await screen.findAllByTestId('image-pair');
    const before = mock.calls.filter((c) => c.url === `/api/projects/${PROJECT_ID}`).length;
    status = 'completed';
    await waitFor(() => expect(mock.calls.filter((c) => c.url === `/api/projects/${PROJECT_ID}`).length).toBeGreaterThan(before), { timeout: 6000 });
    const after = mock.calls.filter((c) => c.url === `/api/projects/${PROJECT_ID}`).length;
    // Completed: no more polling.
    await new Promise((r) => setTimeout(r, 3500));
    expect(mock.calls.filter((c) => c.url === `/api/projects/${PROJECT_ID}`).length).toBe(after);
  }, 15_000);

  it("downloads through /api/objects/download and toasts 'Download started'", async () => {
    // jsdom has no object URLs; the browser's are stood in for.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, mock } = setup(() => jsonResponse(projectDetail(1)));
    const [first] = await screen.findAllByTestId('image-pair');
    await user.click(within(first!).getByRole('button', { name: /Download/ }));
    expect(await screen.findByText('Download started')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url.startsWith('/api/objects/download'))?.url).toBe(
      `/api/objects/download?path=${encodeURIComponent(`/users/u/projects/${PROJECT_ID}/s1.jpg`)}`,
    );
    expect(click).toHaveBeenCalled();
    click.mockRestore();
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('offers Edit, View and Download on each image card (shown on hover and keyboard focus); View opens the modal', async () => {
    const { user } = setup(() => jsonResponse(projectDetail(2)));
    await user.click(await screen.findByRole('tab', { name: /Gallery/ }));
    const cards = await screen.findAllByTestId('image-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Before')).toHaveClass('uppercase');
    expect(within(cards[0]!).getByText('After')).toHaveClass('uppercase');
    expect(within(cards[0]!).getByText(/Created 20\.11\.2026/)).toBeInTheDocument();
    const actions = within(cards[0]!).getByTestId('image-card-actions');
    expect(actions).toHaveClass('group-hover:opacity-100', 'group-focus-within:opacity-100');
    expect(within(actions).getByRole('button', { name: /Edit/ })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: /Download/ })).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: /View/ }));
    expect(await screen.findByTestId('image-modal')).toBeInTheDocument();
  });
});
