import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, pngFile, testConfig, testProject, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import NewProjectPage from './new-project-page';

/** `/new-project?service=furniture_removal` (decision 027): no style step, the removal category, or the offline-engine note. */
const PROJECT_ID = '44444444-4444-4444-8444-444444444444';
afterEach(() => vi.unstubAllGlobals());

function setup(furnitureRemoval: boolean) {
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser())],
    ['GET', '/api/config', () => jsonResponse(testConfig({ stagingConcurrency: 3, furnitureRemoval }))],
    ['POST', '/api/projects', () => jsonResponse({ id: PROJECT_ID }, 201)],
    [
      'POST',
      '/api/objects/upload',
      () => jsonResponse({ uploadURL: '/upload/1', objectPath: '/objects/users/u/uploads/1' }),
    ],
    ['PUT', /^\/upload\//, () => jsonResponse({})],
    [
      'POST',
      '/api/process-image',
      () => jsonResponse({ success: true, processedImagePath: '/users/u/projects/p/1.jpg' }),
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
  renderWithProviders(<NewProjectPage />, { path: '/new-project?service=furniture_removal' });
  return { mock, user: userEvent.setup() };
}

describe('New project in furniture-removal mode', () => {
  it('creates a furniture_removal project and stages with that category; no style step', async () => {
    const { mock, user } = setup(true);
    expect(
      await screen.findByRole('heading', { name: 'Furniture removal', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Interior style')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Project name'));
    await user.paste('Flat 3');
    await user.upload(screen.getByLabelText('Room photos'), [pngFile('room.png', 1600, 1200)]);
    const start = screen.getByRole('button', { name: 'Start removal' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await waitFor(() => expect(mock.calls.some((c) => c.url === '/api/process-image')).toBe(true));
    expect(
      mock.calls.find((c) => c.url === '/api/projects' && c.method === 'POST')!.body,
    ).toMatchObject({ category: 'furniture_removal' });
    expect(mock.calls.find((c) => c.url === '/api/process-image')!.body).toMatchObject({
      category: 'furniture_removal',
    });
  });

  it('on the offline engine: says in customer words that removal is not available yet, and keeps the start button disabled', async () => {
    const { user } = setup(false);
    const notice = await screen.findByTestId('removal-unavailable');
    expect(notice).toHaveTextContent('Furniture removal is not available yet');
    expect(notice).not.toHaveTextContent(/engine|STAGING_ENGINE|administrator/);
    await user.click(screen.getByLabelText('Project name'));
    await user.paste('Flat 3');
    await user.upload(screen.getByLabelText('Room photos'), [pngFile('room.png', 1600, 1200)]);
    expect(screen.getByRole('button', { name: 'Start removal' })).toBeDisabled();
    expect(screen.getByTestId('submit-hint')).toHaveTextContent(
      'Furniture removal is not available yet.',
    );
  });
});
