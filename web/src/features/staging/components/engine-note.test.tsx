import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testConfig } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { EngineNote } from './engine-note';

afterEach(() => vi.unstubAllGlobals());

describe('the new-project screen names the staging engine (issue #12 item 8)', () => {
  it('says when the server stages with the built-in preview engine (German)', async () => {
    mockFetch([['GET', '/api/config', () => jsonResponse(testConfig({ stagingEngine: 'offline' }))]]);
    renderWithProviders(<EngineNote />, { language: 'de' });
    expect(await screen.findByTestId('engine-note')).toHaveTextContent(
      'Eingerichtet wird mit der eingebauten Vorschau-Engine',
    );
  });

  it('names the AI provider otherwise', async () => {
    mockFetch([['GET', '/api/config', () => jsonResponse(testConfig({ stagingEngine: 'gemini' }))]]);
    renderWithProviders(<EngineNote />);
    expect(await screen.findByTestId('engine-note')).toHaveTextContent(
      'Staged with Google Gemini.',
    );
  });
});
