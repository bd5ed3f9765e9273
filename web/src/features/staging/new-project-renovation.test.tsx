import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, pngFile, testConfig, testProject, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import NewProjectPage from './new-project-page';

/** `/new-project?service=renovation` (decision 062): the surfaces step instead of the style, and the choice sent with each photo. */
const PROJECT_ID = '55555555-5555-4555-8555-555555555555';
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const mock = mockFetch([
    ['GET', '/api/auth/user', () => jsonResponse(testUser())],
    ['GET', '/api/config', () => jsonResponse(testConfig({ stagingConcurrency: 3 }))],
    ['POST', '/api/projects', () => jsonResponse({ id: PROJECT_ID }, 201)],
    ['POST', '/api/objects/upload', () => jsonResponse({ uploadURL: '/upload/1', objectPath: '/objects/users/u/uploads/1' })],
    ['PUT', /^\/upload\//, () => jsonResponse({})],
    ['POST', '/api/process-image', () => jsonResponse({ success: true, processedImagePath: '/users/u/projects/p/1.jpg' })],
    ['GET', `/api/projects/${PROJECT_ID}`, () => jsonResponse(testProject({ id: PROJECT_ID, title: 'Flat', createdAt: '2026-11-28T10:00:00.000Z', images: [] }))],
  ]);
  renderWithProviders(<NewProjectPage />, { path: '/new-project?service=renovation' });
  return { mock, user: userEvent.setup() };
}

describe('New project in renovation mode', () => {
  it('sends category renovation with walls (palette) and floor (material); no style step', async () => {
    const { mock, user } = setup();
    expect(await screen.findByRole('heading', { name: 'Renovation preview', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Interior style')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Project name'));
    await user.paste('Old town flat');
    await user.upload(screen.getByLabelText('Room photos'), [pngFile('room.png', 1600, 1200)]);
    await user.click(screen.getByTestId('walls-paint-terracotta'));
    await user.click(screen.getByTestId('surface-floor-toggle'));
    await user.click(screen.getByTestId('floor-tiles_60'));
    expect(screen.getByTestId('summary-surfaces')).toHaveTextContent('Walls, Floor');
    const start = screen.getByRole('button', { name: 'Start renovation preview' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await waitFor(() => expect(mock.calls.some((c) => c.url === '/api/process-image')).toBe(true));
    expect(mock.calls.find((c) => c.url === '/api/projects' && c.method === 'POST')!.body).toMatchObject({ category: 'renovation' });
    expect(mock.calls.find((c) => c.url === '/api/process-image')!.body).toMatchObject({
      category: 'renovation',
      renovation: { walls: { colour: '#C47A5A' }, floor: { material: 'tiles_60' } },
    });
  });

  it('keeps Start disabled with no surface or a bad colour code, and says why', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { name: 'Renovation preview', level: 1 });
    await user.click(screen.getByLabelText('Project name'));
    await user.paste('Old town flat');
    await user.upload(screen.getByLabelText('Room photos'), [pngFile('room.png', 1600, 1200)]);
    const start = screen.getByRole('button', { name: 'Start renovation preview' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.clear(screen.getByTestId('walls-colour-code'));
    await user.type(screen.getByTestId('walls-colour-code'), '#12345');
    expect(start).toBeDisabled();
    expect(screen.getByText('Enter # and six hex digits, e.g. #9CAF88.')).toBeInTheDocument();
    await user.type(screen.getByTestId('walls-colour-code'), '6');
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(screen.getByTestId('surface-walls-toggle'));
    expect(start).toBeDisabled();
    expect(screen.getByTestId('submit-hint')).toHaveTextContent('Choose at least one surface to change.');
  });
});
