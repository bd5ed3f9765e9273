import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { SampleCompare } from './sample-compare';
import { SAMPLES } from './samples';

// The first render loads the feature's translations on demand; allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const sample = SAMPLES[0]!;

describe('Landing before/after examples (the shared CompareSlider)', () => {
  it('shows the hero sample eagerly with responsive WebP variants, BEFORE/AFTER labels and a keyboard slider', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SampleCompare sample={sample} priority initial={35} sizes="100vw" label="Compare the empty and the staged room" data-testid="hero-compare" />);
    const slider = await screen.findByRole('slider', { name: 'Compare the empty and the staged room' });
    expect(slider).toHaveAttribute('aria-valuenow', '35');
    expect(screen.getByTestId('hero-compare')).toHaveStyle({ aspectRatio: `${sample.width} / ${sample.height}` });
    expect(await screen.findByText('Before')).toHaveClass('uppercase');
    expect(screen.getByText('After')).toHaveClass('uppercase');

    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('fetchpriority', 'high');
      expect(image.getAttribute('srcset')).toMatch(new RegExp(`/samples/${sample.id}-(before|after)-\\d+\\.webp \\d+w`));
      expect(image).toHaveAttribute('sizes', '100vw');
    }

    slider.focus();
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '95');
  });

  it('loads gallery samples lazily', async () => {
    renderWithProviders(<SampleCompare sample={sample} sizes="400px" label="Compare" />);
    await screen.findByRole('slider', { name: 'Compare' });
    for (const image of screen.getAllByRole('img')) expect(image).toHaveAttribute('loading', 'lazy');
  });
});
