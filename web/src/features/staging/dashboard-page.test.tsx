import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch, pngFile, testConfig, testImage, testProject, testUser, type MockHandler } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import DashboardPage from './dashboard-page';
import { addSessionProject, listSessionProjects, type SessionProject } from './session-projects';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const OLD = '77777777-7777-4777-8777-777777777777';
const NEW = '88888888-8888-4888-8888-888888888888';

function sessionProject(
  id: string,
  name: string,
  createdAt: string,
  staged: Array<string | null>,
): SessionProject {
  return {
    id,
    name,
    createdAt,
    styleGuide: {
      styleName: 'Luxury',
      styleDescription: 'Velvet and bouclé, marble and brass, layered lighting.',
    },
    images: staged.map((stagedPath, i) => ({
      originalPath: `/users/u/projects/${id}/o${i + 1}.jpg`,
      originalThumbnailPath: null,
      sourcePath: `/objects/users/u/uploads/${id}-${i + 1}`,
      type: 'image/jpeg',
      qualityWarning: false,
      width: 1600,
      height: 1200,
      stagedPath,
      stagedThumbnailPath: null,
    })),
  };
}

function setup({
  user = testUser(),
  processImage,
}: { user?: ReturnType<typeof testUser>; processImage?: MockHandler } = {}) {
  let uploads = 0;
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(user)],
    ['GET', '/api/config', () => jsonResponse(testConfig({ stagingConcurrency: 3 }))],
    [
      'POST',
      '/api/process-image',
      processImage ??
        (() =>
          jsonResponse({
            success: true,
            processedImagePath: '/users/u/new-staged.jpg',
            imageId: 'new',
          })),
    ],
    [
      'GET',
      /^\/api\/projects\/[0-9a-f-]+$/,
      () => jsonResponse(testProject({ id: NEW, title: 'x' })),
    ],
    ['POST', '/api/projects', () => jsonResponse({ id: NEW }, 201)],
    [
      'POST',
      '/api/objects/upload',
      () =>
        jsonResponse({
          uploadURL: `/upload/${++uploads}`,
          objectPath: `/objects/users/u/uploads/${uploads}`,
        }),
    ],
    ['PUT', /^\/upload\//, () => jsonResponse({})],
  ]);
  const rendered = renderWithProviders(<DashboardPage />, { path: '/dashboard' });
  return { ...rendered, mock, user: userEvent.setup() };
}

describe('Dashboard (session projects)', () => {
  it('shows an empty state with a create button, four tool tabs and the ad slot', async () => {
    setup();
    expect(await screen.findByText('No projects in this session yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create a project/ })).toHaveAttribute(
      'href',
      '/new-project',
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Virtual staging',
      'Furniture removal',
      'Renovation preview',
      'Floor planComing soon',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('ad-card')).toHaveTextContent('Stage more, in 4K');
  });

  it('shows "Your ad here" to paying users and a coming-soon panel on the other tools', async () => {
    const { user } = setup({ user: testUser({ subscriptionPlan: 'pro', creditsLimit: 200 }) });
    await waitFor(() => expect(screen.getByTestId('ad-card')).toHaveTextContent('Your ad here'));
    await user.click(screen.getByRole('tab', { name: /Floor plan/ }));
    expect(await screen.findByText('Floor plan is coming soon')).toBeInTheDocument();
  });

  it('lists this session’s projects newest first, original and staged side by side', async () => {
    addSessionProject(
      sessionProject(OLD, 'Old flat', '2026-11-20T08:00:00.000Z', ['/users/u/s-old.jpg']),
    );
    addSessionProject(
      sessionProject(NEW, 'New flat', '2026-11-21T08:00:00.000Z', ['/users/u/s-new.jpg', null]),
    );
    setup();
    const projects = await screen.findAllByTestId('session-project');
    expect(projects.map((p) => within(p).getByRole('heading').textContent)).toEqual([
      'New flat',
      'Old flat',
    ]);
    // Placeholders until the server's current images are known, then the images.
    expect(await within(projects[0]!).findByAltText('Original 1')).toHaveAttribute(
      'src',
      `/objects/users/u/projects/${NEW}/o1.jpg`,
    );
    expect(within(projects[0]!).getByAltText('Staged 1')).toHaveAttribute(
      'src',
      '/objects/users/u/s-new.jpg',
    );
    // A missing staged image: 'staging failed' with the regenerate option.
    expect(within(projects[0]!).getByTestId('staging-failed')).toHaveTextContent('Staging failed');
    expect(within(projects[0]!).getAllByRole('button', { name: /Regenerate/ })).toHaveLength(2);
    expect(within(projects[0]!).getByRole('link', { name: /Open project/ })).toHaveAttribute(
      'href',
      `/projects/${NEW}`,
    );
  });

  it('regenerates one image: spinner while running, then the staged image is replaced', async () => {
    addSessionProject(
      sessionProject(NEW, 'New flat', '2026-11-21T08:00:00.000Z', ['/users/u/s-new.jpg', null]),
    );
    const hold = deferred<Response>();
    const { user, mock } = setup({ processImage: () => hold.promise });
    const [project] = await screen.findAllByTestId('session-project');
    const [first, second] = within(project!).getAllByRole('button', { name: /Regenerate/ });
    await user.click(second!);
    expect(within(project!).getByRole('button', { name: /Regenerating…/ })).toBeDisabled();
    expect(first).toBeEnabled();
    expect(mock.calls.find((c) => c.url === '/api/process-image')?.body).toEqual({
      imageURL: `/objects/users/u/projects/${NEW}/o2.jpg`,
      category: 'virtual_staging',
      projectId: NEW,
      styleName: 'Luxury',
      styleDescription: 'Velvet and bouclé, marble and brass, layered lighting.',
      isRegeneration: true,
    });
    hold.resolve(
      jsonResponse({ success: true, processedImagePath: '/users/u/s-new-2.jpg', imageId: 'x' }),
    );
    expect(await within(project!).findByAltText('Staged 2')).toHaveAttribute(
      'src',
      '/objects/users/u/s-new-2.jpg',
    );
    expect(within(project!).queryByTestId('staging-failed')).not.toBeInTheDocument();
    expect(listSessionProjects()[0]!.images[1]!.stagedPath).toBe('/users/u/s-new-2.jpg');
  });

  it("toasts 'Failed to regenerate image' when regeneration fails", async () => {
    addSessionProject(
      sessionProject(NEW, 'New flat', '2026-11-21T08:00:00.000Z', ['/users/u/s-new.jpg']),
    );
    const { user } = setup({
      processImage: () =>
        jsonResponse({ success: false, error: 'Engine exploded', code: 'staging_failed' }, 502),
    });
    const [project] = await screen.findAllByTestId('session-project');
    await user.click(within(project!).getByRole('button', { name: /Regenerate/ }));
    expect(await screen.findByText('Failed to regenerate image')).toBeInTheDocument();
    expect(screen.getByText('Engine exploded')).toBeInTheDocument();
    expect(within(project!).getByAltText('Staged 1')).toHaveAttribute(
      'src',
      '/objects/users/u/s-new.jpg',
    );
  });

  it("quick staging: 'Please select files and enter a project title' without them", async () => {
    const { user } = setup();
    const quick = await screen.findByTestId('quick-staging');
    await user.click(within(quick).getByRole('button', { name: 'Stage photo' }));
    expect(
      await within(quick).findByText('Please select files and enter a project title'),
    ).toBeInTheDocument();
    await user.type(within(quick).getByLabelText('Project title'), 'Kitchen');
    await user.click(within(quick).getByRole('button', { name: 'Stage photo' }));
    expect(
      within(quick).getByText('Please select files and enter a project title'),
    ).toBeInTheDocument();
  });

  it('quick staging: of several files the first is staged, with New project named for more; a quality warning below 1280×720', async () => {
    const { user, mock } = setup();
    const quick = await screen.findByTestId('quick-staging');
    expect(within(quick).getByText(/Quick staging takes one photo/)).toBeInTheDocument();
    await user.type(within(quick).getByLabelText('Project title'), 'Kitchen');
    await user.upload(within(quick).getByLabelText('Photo'), [
      pngFile('first.png', 1280, 700),
      pngFile('second.png', 1600, 1200),
    ]);
    expect(await within(quick).findByTestId('only-first')).toHaveTextContent(
      '2 files selected: quick staging takes one photo, so first.png will be staged',
    );
    expect(await within(quick).findByTestId('quality-warning')).toHaveTextContent(
      'Below 1280 × 720 px (1280 × 700)',
    );

    await user.click(within(quick).getByRole('button', { name: 'Stage photo' }));
    expect(await screen.findByText('Image processed successfully!')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === '/api/objects/upload')).toHaveLength(1);
    expect(mock.calls.filter((c) => c.url === '/api/process-image')).toHaveLength(1);
    expect(await screen.findAllByTestId('session-project')).toHaveLength(1);
    expect(listSessionProjects()[0]).toMatchObject({
      name: 'Kitchen',
      images: [{ qualityWarning: true }],
    });
  });

  it('quick staging: no warning at 1280×720', async () => {
    const { user } = setup();
    const quick = await screen.findByTestId('quick-staging');
    await user.upload(within(quick).getByLabelText('Photo'), [pngFile('ok.png', 1280, 720)]);
    await within(quick).findByText('ok.png');
    expect(within(quick).queryByTestId('quality-warning')).not.toBeInTheDocument();
  });
});

describe('Dashboard keeps session projects in step with the server', () => {
  it('shows the staged image the server has now and drops projects deleted meanwhile', async () => {
    addSessionProject(
      sessionProject(OLD, 'Deleted flat', '2026-11-20T08:00:00.000Z', ['/users/u/s-old.jpg']),
    );
    addSessionProject(
      sessionProject(NEW, 'New flat', '2026-11-21T08:00:00.000Z', ['/users/u/replaced.jpg']),
    );
    mockFetch([
      ['GET', '/api/auth/user', () => jsonResponse(testUser())],
      ['GET', '/api/config', () => jsonResponse(testConfig())],
      [
        'GET',
        `/api/projects/${OLD}`,
        () => jsonResponse({ message: 'Project not found', code: 'not_found' }, 404),
      ],
      [
        'GET',
        `/api/projects/${NEW}`,
        () =>
          jsonResponse(testProject({
            id: NEW,
            images: [
              testImage({
                id: 'o1',
                isOriginal: true,
                filePath: `/users/u/projects/${NEW}/o1.jpg`,
                thumbnailPath: null,
                originalImageId: null,
                createdAt: '2026-11-21T08:00:00.000Z',
              }),
              testImage({
                id: 's9',
                isOriginal: false,
                filePath: '/users/u/restaged.jpg',
                thumbnailPath: '/users/u/restaged.thumb.webp',
                originalImageId: 'o1',
                createdAt: '2026-11-21T09:00:00.000Z',
              }),
            ],
          })),
      ],
    ]);
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    await waitFor(() => expect(screen.getAllByTestId('session-project')).toHaveLength(1));
    expect(await screen.findByAltText('Staged 1')).toHaveAttribute(
      'src',
      '/objects/users/u/restaged.thumb.webp',
    );
    expect(listSessionProjects().map((p) => p.id)).toEqual([NEW]);
  });
});
