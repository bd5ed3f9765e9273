import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, pngFile, testConfig, testProject, testUser, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { ROOM_TYPES } from '@contract/listing';
import NewProjectPage from './new-project-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const PROJECT_ID = '33333333-3333-4333-8333-333333333333';

/** Decision 025 on the new-project screen: room type and room per photo, variations and their cost. */
describe('New project: rooms and variations', () => {
  it('keeps photos of the same room type apart until one is marked "same room as photo N", and sends rooms and variations', async () => {
    const staged: MockRequest[] = [];
    let uploads = 0;
    mockFetch([
      ['GET', '/api/auth/user', () => jsonResponse(testUser({ creditsLimit: 20 }))],
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
      [
        'POST',
        '/api/process-image',
        (request) => {
          staged.push(request);
          return jsonResponse({
            success: true,
            processedImagePath: `/users/u/projects/p/${staged.length}.jpg`,
          });
        },
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
    renderWithProviders(<NewProjectPage />, { path: '/new-project' });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Project name'));
    await user.paste('Flat 3');
    await user.upload(
      screen.getByLabelText('Room photos'),
      [1, 2, 3].map((i) => pngFile(`room-${i}.png`, 1600, 1200)),
    );
    await screen.findByText('3 of 6 images selected');

    await user.selectOptions(screen.getByLabelText('Room type of room-1.png'), 'bedroom');
    await user.selectOptions(screen.getByLabelText('Room type of room-2.png'), 'bedroom');
    await user.selectOptions(screen.getByLabelText('Room type of room-3.png'), 'bedroom');
    // Two bedrooms are two rooms by default (issue #26): nothing is grouped silently.
    expect(screen.getByLabelText('Which room room-2.png shows')).toHaveValue('bedroom-2');
    expect(screen.getByLabelText('Which room room-3.png shows')).toHaveValue('bedroom-3');
    expect(screen.queryAllByTestId('same-room')).toHaveLength(0);
    // The user says photo 2 shows the room of photo 1.
    const group2 = screen.getByLabelText('Which room room-2.png shows');
    expect(
      within(group2).getByRole('option', { name: 'Same room as photo 1', hidden: true }),
    ).toBeInTheDocument();
    await user.selectOptions(group2, 'bedroom-1');
    expect(screen.getAllByTestId('same-room').map((p) => p.textContent)).toEqual([
      'Same room as photo 2',
      'Same room as photo 1',
    ]);

    expect(screen.getByTestId('credit-cost')).toHaveTextContent('3 credits');
    await user.click(screen.getByRole('radio', { name: '3' }));
    expect(screen.getByTestId('credit-cost')).toHaveTextContent('9 credits');
    expect(
      screen.getByText('3 photos × 3 variations = 9 credits. Failed variations cost nothing.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start staging' }));
    await waitFor(() => expect(staged).toHaveLength(3));
    const sent = staged.map(
      (r) =>
        r.body as { imageURL: string; roomType: string; roomGroup: string; variations: number },
    );
    // Each room's first photo first: photos 1 and 3, then photo 2 (second photo of bedroom 1).
    expect(
      sent.map((b) => [b.imageURL.split('/').pop(), b.roomType, b.roomGroup, b.variations]),
    ).toEqual([
      ['1', 'bedroom', 'bedroom-1', 3],
      ['3', 'bedroom', 'bedroom-3', 3],
      ['2', 'bedroom', 'bedroom-1', 3],
    ]);
  });

  it.each([
    ['en', 'Project name', 'Room type of room-1.png', ['Living and eating', 'Sleeping', 'Work and hobby', 'Bath, dressing, entry', 'Outdoors'], 'Bathroom', 'Start staging'],
    ['de', 'Projektname', 'Raumtyp von room-1.png', ['Wohnen und Essen', 'Schlafen', 'Arbeit und Hobby', 'Bad, Ankleide, Flur', 'Draußen'], 'Badezimmer', 'Staging starten'],
  ] as const)('%s: offers every room type once, grouped, and sends a bathroom, a hallway and a nursery (decision 063)', async (language, nameLabel, typeLabel, groups, bathroom, start) => {
    const staged: MockRequest[] = [];
    let uploads = 0;
    mockFetch([
      ['GET', '/api/auth/user', () => jsonResponse(testUser({ creditsLimit: 20 }))],
      ['GET', '/api/config', () => jsonResponse(testConfig({ stagingConcurrency: 3 }))],
      ['POST', '/api/projects', () => jsonResponse({ id: PROJECT_ID }, 201)],
      ['POST', '/api/objects/upload', () => jsonResponse({ uploadURL: `/upload/${++uploads}`, objectPath: `/objects/users/u/uploads/${uploads}` })],
      ['PUT', /^\/upload\//, () => jsonResponse({})],
      ['POST', '/api/process-image', (request) => {
        staged.push(request);
        return jsonResponse({ success: true, processedImagePath: `/users/u/projects/p/${staged.length}.jpg` });
      }],
      ['GET', `/api/projects/${PROJECT_ID}`, () => jsonResponse(testProject({ id: PROJECT_ID, title: 'Flat', createdAt: '2026-11-21T10:00:00.000Z', images: [] }))],
    ]);
    renderWithProviders(<NewProjectPage />, { path: '/new-project', language });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(nameLabel));
    await user.paste('Flat 4');
    await user.upload(screen.getByTestId('file-input'), [1, 2, 3].map((i) => pngFile(`room-${i}.png`, 1600, 1200)));
    const picker = await screen.findByLabelText(typeLabel);
    // One select: automatic first, then the five groups; every room type exactly once.
    const options = within(picker).getAllByRole('option', { hidden: true }).map((o) => (o as HTMLOptionElement).value);
    expect([...options].sort()).toEqual([...ROOM_TYPES].sort());
    expect(options[0]).toBe('auto');
    expect([...picker.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(groups);
    expect(within(picker).getByRole('option', { name: bathroom, hidden: true })).toHaveValue('bathroom');

    const pickers = screen.getAllByTestId('room-type');
    await user.selectOptions(pickers[0]!, 'bathroom');
    await user.selectOptions(pickers[1]!, 'hallway');
    await user.selectOptions(pickers[2]!, 'nursery');
    await user.click(screen.getByRole('button', { name: start }));
    await waitFor(() => expect(staged).toHaveLength(3));
    const sent = staged.map((r) => r.body as { roomType: string; roomGroup: string });
    expect(sent.map((b) => [b.roomType, b.roomGroup]).sort()).toEqual([
      ['bathroom', 'bathroom-1'],
      ['hallway', 'hallway-1'],
      ['nursery', 'nursery-1'],
    ]);
  });
});
