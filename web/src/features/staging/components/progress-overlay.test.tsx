import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testConfig } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { progressAt, type ImageProgress } from '../staging-progress';
import { ProgressOverlay } from './progress-overlay';

afterEach(() => vi.unstubAllGlobals());

/** Three photos staged in parallel: the second finished first, the first is being checked, the third drawn. */
const images: ImageProgress[] = [
  { imageNumber: 1, step: 'locking' },
  { imageNumber: 2, step: 'staged', stagedPath: '/users/u/projects/p/b.jpg' },
  { imageNumber: 3, step: 'generating' },
];

describe('ProgressOverlay (issue 35)', () => {
  it('shows a finished image at once, says what the run waits for (the first unfinished image), and a lost connection', async () => {
    mockFetch([['GET', '/api/config', () => jsonResponse(testConfig({ stagingEngine: 'offline' }))]]);
    const progress = { ...progressAt.staging(1, 3, 0.6, { imageNumber: 3, step: 'generating' }), images, connectionLost: true };
    renderWithProviders(<ProgressOverlay progress={progress} previews={['blob:a', 'blob:b', 'blob:c']} />, { language: 'de' });
    const tiles = await screen.findAllByTestId('progress-image');
    expect(tiles.map((tile) => tile.dataset.step)).toEqual(['locking', 'staged', 'generating']);
    expect(within(tiles[1]!).getByRole('img')).toHaveAttribute('src', '/objects/users/u/projects/p/b.jpg');
    expect(within(tiles[0]!).getByRole('img')).toHaveAttribute('src', 'blob:a');
    // Not "image 3" although image 3 reported last: the text follows the first image still running.
    expect(screen.getByTestId('progress-message')).toHaveTextContent('Bild 1 von 3: Prüfung, ob Wände, Fenster und Perspektive unverändert sind…');
    expect(screen.getByTestId('progress-connection-lost')).toHaveTextContent('Verbindung unterbrochen – wird wiederhergestellt…');
  });
});
