import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { ExampleCompare } from './example-compare';
import { example } from './examples';

// The first render loads the feature's translations on demand; allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const hero = example('furnish');

describe('Landing before/after examples (the shared CompareSlider)', () => {
  it('shows the hero example eagerly as AVIF, WebP and JPEG at every width, with BEFORE/AFTER labels and a keyboard slider', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<ExampleCompare example={hero} priority initial={35} sizes="100vw" label="Compare the empty and the staged room" data-testid="hero-compare" />);
    const slider = await screen.findByRole('slider', { name: 'Compare the empty and the staged room' });
    expect(slider).toHaveAttribute('aria-valuenow', '35');
    expect(screen.getByTestId('hero-compare')).toHaveStyle({ aspectRatio: `${hero.width} / ${hero.height}` });
    expect(await screen.findByText('Before')).toHaveClass('uppercase');
    expect(screen.getByText('After')).toHaveClass('uppercase');

    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'The same Living room with furniture added by an AI model',
      'Living room, empty, as photographed',
    ]);
    for (const [index, image] of images.entries()) {
      const side = index === 0 ? 'after' : 'before';
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('fetchpriority', 'high');
      expect(image).toHaveAttribute('src', `/examples/furnish-${side}-${hero.width}.jpg`);
      expect(image.getAttribute('srcset')).toBe(hero.widths.map((w) => `/examples/furnish-${side}-${w}.jpg ${w}w`).join(', '));
      expect(image).toHaveAttribute('sizes', '100vw');
      const sources = [...image.parentElement!.querySelectorAll('source')];
      expect(sources.map((s) => [s.type, s.getAttribute('srcset')])).toEqual(
        (['avif', 'webp'] as const).map((format) => [`image/${format}`, hero.widths.map((w) => `/examples/furnish-${side}-${w}.${format} ${w}w`).join(', ')]),
      );
    }
    expect(container.querySelectorAll('picture')).toHaveLength(2);

    slider.focus();
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '95');
  });

  it('loads gallery examples lazily', async () => {
    renderWithProviders(<ExampleCompare example={example('realvibe-living')} sizes="400px" label="Compare" />);
    await screen.findByRole('slider', { name: 'Compare' });
    for (const image of screen.getAllByRole('img')) expect(image).toHaveAttribute('loading', 'lazy');
  });
});
