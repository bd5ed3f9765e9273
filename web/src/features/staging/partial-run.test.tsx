import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, pngFile, testConfig, testProject, testUser, type MockHandler } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import NewProjectPage from './new-project-page';
import { listSessionProjects } from './session-projects';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const PROJECT_ID = '33333333-3333-4333-8333-333333333333';
const stagedReply = (imageURL: string) =>
  jsonResponse({
    success: true,
    processedImagePath: `/users/u/projects/p/${imageURL.split('/').pop()}.jpg`,
  });

function setup(processImage: MockHandler, language: 'en' | 'de' = 'en') {
  let uploads = 0;
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser())],
    ['GET', '/api/config', () => jsonResponse(testConfig({ stagingConcurrency: 3 }))],
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
    ['POST', '/api/process-image', processImage],
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
  const rendered = renderWithProviders(<NewProjectPage />, { path: '/new-project', language });
  return { ...rendered, mock, user: userEvent.setup() };
}

async function startWith(
  user: ReturnType<typeof userEvent.setup>,
  count: number,
  labels = { name: 'Project name', photos: 'Room photos', start: 'Start staging' },
) {
  await user.click(await screen.findByLabelText(labels.name));
  await user.paste('Flat 3');
  await user.upload(
    await screen.findByLabelText(labels.photos),
    Array.from({ length: count }, (_, i) => pngFile(`room-${i + 1}.png`, 1600, 1200)),
  );
  await user.click(await screen.findByRole('button', { name: labels.start }));
}

const imageUrlOf = (body: unknown) => (body as { imageURL: string }).imageURL;

describe('a partial run (issue #12)', () => {
  it('shows staged and failed photos side by side with the reason and the project link; "Retry failed images" stages only those in the same project', async () => {
    let refuseSecond = true;
    const { user, mock } = setup(({ body }) => {
      const url = imageUrlOf(body);
      if (url.endsWith('/2') && refuseSecond)
        return jsonResponse(
          { success: false, error: 'The AI changed the room itself', code: 'structure_changed' },
          422,
        );
      if (url.endsWith('/3'))
        return jsonResponse(
          { success: false, error: 'The AI service refused this image.', code: 'staging_refused' },
          422,
        );
      return stagedReply(url);
    });
    await startWith(user, 3);

    expect(
      await screen.findByRole('heading', { name: 'Staging partly complete' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('1 of 3 images was staged. You only pay for staged images.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('partial-project-link')).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}`,
    );
    const failed = screen.getAllByTestId('failed-image');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toHaveTextContent('Image 2');
    expect(failed[0]).toHaveTextContent(
      'The result changed the room itself (walls, windows or perspective)',
    );
    expect(failed[1]).toHaveTextContent('The AI service refused this image.');
    expect(screen.getAllByRole('button', { name: /^Open Image \d$/ })).toHaveLength(1);
    // The session dashboard knows the project, failed photos included.
    expect(listSessionProjects()).toMatchObject([{ id: PROJECT_ID }]);
    expect(
      listSessionProjects()[0]!.images.map((i) =>
        i.failure && 'code' in i.failure ? i.failure.code : i.stagedPath,
      ),
    ).toEqual(['/users/u/projects/p/1.jpg', 'structure_changed', 'staging_refused']);

    refuseSecond = false;
    const before = mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Retry 2 failed images' }));
    await waitFor(() => expect(screen.getAllByTestId('failed-image')).toHaveLength(1));
    const retried = mock.calls.slice(before);
    expect(
      retried
        .filter((c) => c.url === '/api/process-image')
        .map((c) => imageUrlOf(c.body))
        .sort(),
    ).toEqual(['/objects/users/u/uploads/2', '/objects/users/u/uploads/3']);
    expect(retried.some((c) => c.url === '/api/projects' || c.url === '/api/objects/upload')).toBe(
      false,
    );
    expect(screen.getAllByRole('button', { name: /^Open Image \d$/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Retry failed image' })).toBeInTheDocument();
  });

  it('German: the same screen in German, with Upgrade when credits ran out on the way', async () => {
    const { user } = setup(({ body }) => {
      const url = imageUrlOf(body);
      if (url.endsWith('/2'))
        return jsonResponse(
          { success: false, error: 'You have no credits left.', code: 'insufficient_credits' },
          402,
        );
      return stagedReply(url);
    }, 'de');
    await startWith(user, 2, {
      name: 'Projektname',
      photos: 'Raumfotos',
      start: 'Staging starten',
    });
    expect(
      await screen.findByRole('heading', { name: 'Staging teilweise abgeschlossen' }),
    ).toBeInTheDocument();
    const failed = screen.getByTestId('failed-image');
    expect(failed).toHaveTextContent('Bild 2');
    expect(
      within(screen.getByTestId('partial-run')).getByRole('button', { name: /Upgrade/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Fehlgeschlagenes Bild wiederholen' }),
    ).toBeInTheDocument();
  });

  it('a 401 mid-run says "You are logged out. Logging in again..." and opens the sign-in page that leads back here', async () => {
    const { user, history } = setup(() =>
      jsonResponse({ message: 'Unauthorized', code: 'unauthorized' }, 401),
    );
    await startWith(user, 1);
    expect(await screen.findAllByText('You are logged out. Logging in again...')).not.toHaveLength(
      0,
    );
    await waitFor(() => expect(history.at(-1)).toBe('/login?returnTo=%2Fnew-project'), {
      timeout: 4000,
    });
  });
});
