import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testConfig } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { ActiveRunsPanel } from './active-runs-panel';

afterEach(() => vi.unstubAllGlobals());

const project = (
  id: string,
  title: string,
  counts: { running: number; delivered: number; failed: number },
) => ({
  projectId: id,
  title,
  status: counts.running ? 'processing' : counts.delivered ? 'completed' : 'failed',
  ...counts,
  startedAt: '2026-11-26T10:00:00.000Z',
  finishedAt: counts.running ? null : '2026-11-26T10:02:00.000Z',
  live: [],
});

describe('ActiveRunsPanel (issue #23)', () => {
  it('shows just-finished runs with their result and a link to the project, in English and German', async () => {
    mockFetch([
      [
        'GET',
        '/api/staging-runs',
        () =>
          jsonResponse({
            projects: [
              project('p1', 'Altbau', { running: 0, delivered: 2, failed: 1 }),
              project('p2', 'Loft', { running: 0, delivered: 0, failed: 1 }),
            ],
          }),
      ],
    ]);
    const { unmount } = renderWithProviders(<ActiveRunsPanel />, { path: '/dashboard' });
    const runs = await screen.findAllByTestId('active-run');
    // Two of three staged is partial (ADR 051), not a green check next to a project listed as failed.
    expect(runs.map((r) => r.dataset.state)).toEqual(['partial', 'failed']);
    expect(within(runs[0]!).getByTestId('active-run-status')).toHaveTextContent(
      'Finished: 2 of 3 images staged, 1 failed (credit refunded)',
    );
    expect(within(runs[0]!).getByTestId('active-run-link')).toHaveAttribute('href', '/projects/p1');
    expect(within(runs[1]!).getByTestId('active-run-status')).toHaveTextContent(
      'Not finished: the image could not be staged (credit refunded)',
    );
    unmount();

    renderWithProviders(<ActiveRunsPanel />, { path: '/dashboard', language: 'de' });
    const de = await screen.findAllByTestId('active-run');
    expect(within(de[0]!).getByTestId('active-run-status')).toHaveTextContent(
      'Fertig: 2 von 3 Bildern eingerichtet, 1 fehlgeschlagen (Credit erstattet)',
    );
    expect(within(de[0]!).getByTestId('active-run-link')).toHaveTextContent('Projekt öffnen');
  });

  it('shows nothing when there is no recent run', async () => {
    const { calls } = mockFetch([
      ['GET', '/api/staging-runs', () => jsonResponse({ projects: [] })],
    ]);
    renderWithProviders(<ActiveRunsPanel />, { path: '/dashboard' });
    await vi.waitFor(() =>
      expect(calls.some((c) => c.url === '/api/staging-runs?active=1')).toBe(true),
    );
    expect(screen.queryByTestId('active-runs')).not.toBeInTheDocument();
  });
  it('names the step of a live run in words that follow the engine (preview: no AI; issue #26)', async () => {
    const live = {
      ...project('p3', 'Dachgeschoss', { running: 1, delivered: 0, failed: 0 }),
      live: [{ runId: 'r1', stage: 'generating', eventsUrl: '/api/staging-runs/r1/events' }],
    };
    mockFetch([
      ['GET', '/api/config', () => jsonResponse(testConfig({ stagingEngine: 'offline' }))],
      ['GET', '/api/staging-runs', () => jsonResponse({ projects: [live] })],
      ['GET', /^\/api\/staging-runs\/r1\/events/, () => new Promise<Response>(() => {})],
    ]);
    renderWithProviders(<ActiveRunsPanel />, { path: '/dashboard' });
    const status = await screen.findByTestId('active-run-status');
    await vi.waitFor(() =>
      expect(status).toHaveTextContent(
        'Staging in progress: 0 of 1 finished · drawing the furniture into the room',
      ),
    );
    expect(status).not.toHaveTextContent(/AI/);
  });
});
