import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { PreviewEngineBadge } from './preview-engine-badge';

describe('the "Preview engine" badge (issue #12 item 8)', () => {
  it('marks an image of the offline preview engine, in English and German', async () => {
    const { unmount } = renderWithProviders(<PreviewEngineBadge engine="offline" />);
    expect(await screen.findByTestId('preview-engine-badge')).toHaveTextContent('Preview engine');
    unmount();
    renderWithProviders(<PreviewEngineBadge engine="offline" />, { language: 'de' });
    const badge = await screen.findByTestId('preview-engine-badge');
    expect(badge).toHaveTextContent('Vorschau-Engine');
    expect(badge).toHaveAttribute('title', expect.stringContaining('nicht mit einem KI-Modell'));
  });

  it('stays away from AI results, originals and images of unknown origin', async () => {
    renderWithProviders(
      <div data-testid="cards">
        <PreviewEngineBadge engine="openai:gpt-image-1.5" />
        <PreviewEngineBadge engine={null} />
        <PreviewEngineBadge engine={undefined} />
      </div>,
    );
    await screen.findByTestId('cards');
    expect(screen.queryByTestId('preview-engine-badge')).not.toBeInTheDocument();
  });
});
