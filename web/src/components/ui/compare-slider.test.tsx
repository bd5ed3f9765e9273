import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CompareSlider } from './compare-slider';

const props = {
  before: { src: '/objects/a.jpg', alt: 'Empty room' },
  after: { src: '/objects/b.jpg', alt: 'Staged room' },
  labels: { before: 'Before', after: 'After', slider: 'Before/after comparison' },
  width: 1600,
  height: 1200,
};

describe('CompareSlider', () => {
  it('is a keyboard slider: ←/→ move by 5, PageUp/PageDown by 20, Home/End to the ends, clamped to 0–100', async () => {
    const user = userEvent.setup();
    render(<CompareSlider {...props} />);
    const slider = screen.getByRole('slider', { name: 'Before/after comparison' });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100');

    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '45');
    await user.keyboard('{PageUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '65');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider).toHaveAttribute('aria-valuetext', 'Before 0% · After 100%');
  });

  it('follows the pointer (mouse and touch) while dragging and reveals the original up to the handle', () => {
    render(<CompareSlider {...props} />);
    const box = screen.getByTestId('compare-slider');
    box.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 300, right: 500, bottom: 300, x: 100, y: 0, toJSON: () => ({}) });
    const slider = screen.getByRole('slider');

    fireEvent.pointerDown(box, { clientX: 200, pointerId: 1, pointerType: 'touch' });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(box, { clientX: 400, pointerId: 1, pointerType: 'touch' });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    fireEvent.pointerUp(box, { pointerId: 1 });
    fireEvent.pointerMove(box, { clientX: 120, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByAltText('Empty room')).toHaveStyle({ clipPath: 'inset(0 25% 0 0)' });

    fireEvent.pointerDown(box, { clientX: 900, pointerId: 2, pointerType: 'mouse', button: 0 });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows BEFORE/AFTER labels and reserves the image box', () => {
    render(<CompareSlider {...props} />);
    expect(screen.getByText('Before')).toHaveClass('uppercase');
    expect(screen.getByText('After')).toHaveClass('uppercase');
    expect(screen.getByTestId('compare-slider')).toHaveStyle({ aspectRatio: '1600 / 1200' });
    expect(screen.getByAltText('Staged room')).toHaveAttribute('loading', 'lazy');
  });

  it('takes responsive images and loads the largest paint eagerly with high priority', () => {
    render(
      <CompareSlider
        {...props}
        before={{ src: '/samples/a-before-1200.webp', srcSet: '/samples/a-before-640.webp 640w, /samples/a-before-1200.webp 1200w', sizes: '100vw', alt: 'Empty room' }}
        after={{ src: '/samples/a-after-1200.webp', srcSet: '/samples/a-after-640.webp 640w, /samples/a-after-1200.webp 1200w', sizes: '100vw', alt: 'Staged room' }}
        priority
        data-testid="hero-compare"
      />,
    );
    const before = screen.getByAltText('Empty room');
    expect(before).toHaveAttribute('srcset', '/samples/a-before-640.webp 640w, /samples/a-before-1200.webp 1200w');
    expect(before).toHaveAttribute('sizes', '100vw');
    expect(before).toHaveAttribute('loading', 'eager');
    expect(before).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByTestId('hero-compare')).toContainElement(screen.getByRole('slider'));
  });

  it('keeps the keys it handles from reaching a surrounding dialog', async () => {
    const user = userEvent.setup();
    const outer: string[] = [];
    render(
      <div onKeyDown={(event) => outer.push(event.key)}>
        <CompareSlider {...props} />
      </div>,
    );
    screen.getByRole('slider').focus();
    await user.keyboard('{ArrowRight}{Escape}');
    expect(outer).toEqual(['Escape']);
  });
});
