import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { onAppModal } from '@/lib/modal-bus';
import { deferred, jsonResponse, mockFetch, pngFile, testConfig, testProject, testUser, type MockHandler } from '@/test/fetch-mock';
import { processImageReply } from '@/test/contract-reply';
import { renderWithProviders } from '@/test/render-with-providers';
import { uploadRetry } from './api/upload-image';
import NewProjectPage from './new-project-page';
import { listSessionProjects } from './session-projects';

// A big form rendered per keystroke: generous time on a busy (2-core, shared) machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const PROJECT_ID = '22222222-2222-4222-8222-222222222222';

function setup({
  user = testUser(),
  processImage,
  config = { stagingConcurrency: 3 },
}: { user?: ReturnType<typeof testUser>; processImage?: MockHandler; config?: object } = {}) {
  let uploads = 0;
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(user)],
    ['GET', '/api/config', () => jsonResponse(testConfig(config))],
    ['POST', '/api/projects', () => jsonResponse({ id: PROJECT_ID }, 201)],
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
    [
      'POST',
      '/api/process-image',
      processImage ??
        (({ body }) =>
          processImageReply({
            success: true,
            processedImagePath: `/users/u/projects/p/${(body as { imageURL: string }).imageURL.split('/').pop()}.jpg`,
          })),
    ],
    [
      'GET',
      `/api/projects/${PROJECT_ID}`,
      () =>
        jsonResponse(testProject({
          id: PROJECT_ID,
          title: 'Flat',
          createdAt: '2026-11-21T10:00:00.000Z',
          images: [],
        })),
    ],
  ]);
  const rendered = renderWithProviders(<NewProjectPage />, { path: '/new-project' });
  return { ...rendered, mock, user: userEvent.setup() };
}

const files = (n: number, width = 1600, height = 1200) =>
  Array.from({ length: n }, (_, i) => pngFile(`room-${i + 1}.png`, width, height));
const startButton = () => screen.getByRole('button', { name: 'Start staging' });

async function fill(user: ReturnType<typeof userEvent.setup>, name: string, picked: File[]) {
  if (name) {
    await user.click(await screen.findByLabelText('Project name'));
    await user.paste(name);
  }
  if (picked.length) await user.upload(await screen.findByLabelText('Room photos'), picked);
}

describe('New project form — spec §5', () => {
  it('keeps Start staging disabled until a name and 1–6 images are present', async () => {
    const { user } = setup();
    await screen.findByLabelText('Project name');
    expect(startButton()).toBeDisabled();
    expect(
      screen.getByText('Enter a project name and select 1 to 6 images to start.'),
    ).toBeInTheDocument();

    await user.click(screen.getByLabelText('Project name'));
    await user.paste('   ');
    await user.upload(screen.getByLabelText('Room photos'), files(2));
    await screen.findByText('2 of 6 images selected');
    expect(startButton()).toBeDisabled(); // a name of blanks is no name

    await user.clear(screen.getByLabelText('Project name'));
    await user.paste('Flat 3');
    expect(startButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    expect(startButton()).toBeDisabled();
  });

  it("shows 'Please provide a project name and select images.' when submitted without them", async () => {
    setup();
    await screen.findByLabelText('Project name');
    fireEvent.submit(screen.getByTestId('staging-form'));
    const box = await screen.findByTestId('staging-error');
    expect(box).toHaveTextContent('Missing information');
    expect(box).toHaveTextContent('Please provide a project name and select images.');
  });

  it('states the 1–6 rule and, when more than 6 are chosen, keeps the first six and says how many were left out (issue #26)', async () => {
    const { user } = setup();
    await fill(user, 'Flat', files(4));
    await screen.findByText('4 of 6 images selected');
    expect(screen.getByText(/Please select between 1 and 6 images\./)).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Room photos'), files(3));
    expect(await screen.findByText('Max 6 images allowed')).toBeInTheDocument();
    expect(await screen.findByText('6 of 6 images selected')).toBeInTheDocument();
    expect(screen.getByTestId('picker-notice')).toHaveTextContent('1 photo was left out');
    expect(startButton()).toBeEnabled();
  });

  it('flags photos below 1024×768 with a non-blocking warning', async () => {
    const { user } = setup();
    await fill(user, 'Flat', [
      pngFile('big.png', 1600, 1200),
      pngFile('small.png', 800, 600),
      pngFile('narrow.png', 1000, 1200),
    ]);
    await screen.findByText('3 of 6 images selected');
    const warnings = await screen.findAllByTestId('low-res-warning');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toHaveTextContent(
      'Low resolution (800 × 600 px). At least 1024 × 768 px is recommended.',
    );
    expect(screen.getByTestId('low-res-summary')).toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });

  it('refuses to start without credits: No credits left with an Upgrade button that opens the subscription modal', async () => {
    const { user } = setup({ user: testUser({ creditsUsed: 6, creditsLimit: 6 }) });
    await fill(user, 'Flat', files(1));
    await screen.findByText('1 of 6 images selected');
    await user.click(startButton());
    const box = await screen.findByTestId('staging-error');
    expect(box).toHaveTextContent('No credits left');
    expect(box).toHaveTextContent('You need more credits to process images.');

    const opened = vi.fn();
    const off = onAppModal('subscription', opened);
    await user.click(within(box).getByRole('button', { name: 'Upgrade' }));
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });

  it('refuses more images than credits: Not enough credits, stating credits held versus images selected', async () => {
    const { user, mock } = setup({ user: testUser({ creditsUsed: 4, creditsLimit: 6 }) });
    await fill(user, 'Flat', files(3));
    await screen.findByText('3 of 6 images selected');
    await user.click(startButton());
    const box = await screen.findByTestId('staging-error');
    expect(box).toHaveTextContent('Not enough credits');
    expect(box).toHaveTextContent('Please upgrade your plan to process more images');
    expect(box).toHaveTextContent('You have 2 credits but selected 3 images.');
    expect(within(box).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(mock.calls.some((c) => c.url === '/api/projects')).toBe(false);
  });

  it('runs the staging with the overlay (submit disabled meanwhile), then shows Staging complete and keeps the project for the session', async () => {
    const hold = deferred<void>();
    const { user, mock } = setup({
      processImage: async ({ body }) => {
        await hold.promise;
        return processImageReply({
          success: true,
          processedImagePath: `/users/u/projects/p/${(body as { imageURL: string }).imageURL.split('/').pop()}.jpg`,
        });
      },
    });
    await fill(user, 'Flat 3', files(2));
    await screen.findByText('2 of 6 images selected');
    await user.click(startButton());

    const overlay = await screen.findByTestId('progress-overlay');
    await waitFor(() =>
      expect(within(overlay).getByTestId('progress-message')).toHaveTextContent(
        'Placing furniture in image 1 of 2…',
      ),
    );
    expect(within(overlay).getByTestId('progress-percent')).toHaveTextContent('30%');
    // The page behind the modal overlay is hidden from the accessibility tree, hence the test id.
    expect(screen.getByTestId('start-staging')).toBeDisabled();

    const userCallsBefore = mock.calls.filter((c) => c.url.startsWith('/api/auth/user')).length;
    hold.resolve();
    expect(await screen.findByRole('heading', { name: 'Staging complete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create another' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View project' })).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}`,
    );
    expect(screen.getAllByRole('button', { name: /^Open Image \d$/ })).toHaveLength(2);
    // Credits changed: the user is fetched again.
    await waitFor(() =>
      expect(mock.calls.filter((c) => c.url.startsWith('/api/auth/user')).length).toBeGreaterThan(
        userCallsBefore,
      ),
    );
    expect(listSessionProjects()).toMatchObject([
      { id: PROJECT_ID, name: 'Flat 3', styleGuide: { styleName: 'Modern Staging' } },
    ]);
    expect(listSessionProjects()[0]!.images).toHaveLength(2);
  });

  it("shows 'Failed to upload file' when an upload still fails after its retries", async () => {
    const delays = uploadRetry.delaysMs;
    uploadRetry.delaysMs = [0, 0, 0, 0];
    onTestFinished(() => {
      uploadRetry.delaysMs = delays;
    });
    const { user, mock } = setup();
    mock.fn.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.split('?')[0] === '/api/auth/user') return jsonResponse(testUser());
      if (url === '/api/config') return jsonResponse(testConfig());
      if (url === '/api/projects') return jsonResponse({ id: PROJECT_ID }, 201);
      if (url === '/api/objects/upload')
        return jsonResponse({ uploadURL: '/upload/1', objectPath: '/objects/x' });
      if (init?.method === 'PUT') return new Response('', { status: 500 });
      return new Response('unexpected', { status: 599 });
    });
    await fill(user, 'Flat', files(1));
    await screen.findByText('1 of 6 images selected');
    await user.click(startButton());
    const box = await screen.findByTestId('staging-error');
    expect(box).toHaveTextContent('Failed to upload file');
    expect(screen.queryByTestId('progress-overlay')).not.toBeInTheDocument();
    // The first try and four more (a 500 may be a brief failure of the server).
    expect(mock.fn.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(5);
  });

  it('shows the failing image with the server error and stays on the form', async () => {
    const { user } = setup({
      processImage: () => processImageReply({ success: false, error: 'The room could not be detected', code: 'unprocessable_image' }, 422),
    });
    await fill(user, 'Flat', files(1));
    await screen.findByText('1 of 6 images selected');
    await user.click(startButton());
    const box = await screen.findByTestId('staging-error');
    expect(box).toHaveTextContent('Failed to process image');
    expect(box).toHaveTextContent('Image 1 failed: The room could not be detected');
    expect(startButton()).toBeEnabled();
  });

  it('asks for a description when the custom style is chosen', async () => {
    const { user, mock } = setup();
    await fill(user, 'Flat', files(1));
    await screen.findByText('1 of 6 images selected');
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    await user.click(startButton());
    expect(await screen.findByText('Please describe the style you want.')).toBeInTheDocument();
    expect(mock.calls.some((c) => c.url === '/api/projects')).toBe(false);
  });

  it('stages as many images at once as the server allows (stagingConcurrency from /api/config)', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const { user } = setup({
      config: { stagingConcurrency: 1 },
      processImage: async ({ body }) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 10));
        inFlight--;
        return processImageReply({
          success: true,
          processedImagePath: `/users/u/${(body as { imageURL: string }).imageURL.split('/').pop()}.jpg`,
        });
      },
    });
    await fill(user, 'Flat', files(3));
    await screen.findByText('3 of 6 images selected');
    await user.click(startButton());
    expect(await screen.findByRole('heading', { name: 'Staging complete' })).toBeInTheDocument();
    expect(maxInFlight).toBe(1);
  });
});
