import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { imagePairs } from '../image-pairs';
import { projectDetail } from '../test-fixtures';
import { ImageDetailModal } from './image-detail-modal';

const project = projectDetail(3);
const pairs = imagePairs(project.images);

function Harness({ onDelete = vi.fn(), onRestage = vi.fn(), onDownload = vi.fn() }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setIndex(0)}>
        open
      </button>
      <ImageDetailModal
        project={project}
        pairs={pairs}
        index={index}
        onIndexChange={setIndex}
        onDownload={onDownload}
        onRestage={onRestage}
        onDelete={onDelete}
        isRestaging={() => false}
      />
    </>
  );
}

async function open() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'open' }));
  const modal = await screen.findByTestId('image-modal');
  return { user, modal, zoom: () => within(modal).getByTestId('zoom-level').textContent };
}

describe('Image detail modal', () => {
  it('closes with Escape', async () => {
    renderWithProviders(<Harness />);
    const { user } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('image-modal')).not.toBeInTheDocument();
  });

  it('navigates with ← and → and wraps around at both ends', async () => {
    renderWithProviders(<Harness />);
    const { user, modal } = await open();
    expect(
      within(modal).getByRole('heading', { name: 'Lindenstraße 14 · Image 1' }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(
      within(modal).getByRole('heading', { name: 'Lindenstraße 14 · Image 3' }),
    ).toBeInTheDocument();
    expect(within(modal).getByText('Image 3 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(
      within(modal).getByRole('heading', { name: 'Lindenstraße 14 · Image 1' }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(
      within(modal).getByRole('heading', { name: 'Lindenstraße 14 · Image 3' }),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Next image' }));
    expect(
      within(modal).getByRole('heading', { name: 'Lindenstraße 14 · Image 1' }),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Previous image' }));
    expect(
      within(modal).getByRole('heading', { name: 'Lindenstraße 14 · Image 3' }),
    ).toBeInTheDocument();
  });

  it('zooms with + and − in 25% steps between 50% and 300%', async () => {
    renderWithProviders(<Harness />);
    const { user, modal, zoom } = await open();
    expect(zoom()).toBe('100%');
    await user.keyboard('+');
    expect(zoom()).toBe('125%');
    await user.keyboard('++++++++++');
    expect(zoom()).toBe('300%');
    expect(within(modal).getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await user.keyboard('-');
    expect(zoom()).toBe('275%');
    await user.keyboard('{-}'.repeat(12));
    expect(zoom()).toBe('50%');
    expect(within(modal).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await user.click(within(modal).getByRole('button', { name: 'Zoom in' }));
    expect(zoom()).toBe('75%');
  });

  it('toggles zoom when the image is clicked', async () => {
    renderWithProviders(<Harness />);
    const { user, modal, zoom } = await open();
    const image = within(modal).getByTestId('modal-image');
    await user.click(image);
    expect(zoom()).toBe('200%');
    await user.click(image);
    expect(zoom()).toBe('100%');
    await user.keyboard('-');
    await user.click(image);
    expect(zoom()).toBe('100%');
  });

  it('opens at 100% again, and resets when another image is shown', async () => {
    renderWithProviders(<Harness />);
    let { user, zoom } = await open();
    await user.keyboard('++');
    expect(zoom()).toBe('150%');
    await user.keyboard('{Escape}');
    ({ user, zoom } = await open());
    expect(zoom()).toBe('100%');
    await user.keyboard('+');
    await user.keyboard('{ArrowRight}');
    expect(zoom()).toBe('100%');
  });

  it('shows created, category, style, the room check in plain words and the actions', async () => {
    const onDelete = vi.fn();
    const onRestage = vi.fn();
    const onDownload = vi.fn();
    renderWithProviders(
      <Harness onDelete={onDelete} onRestage={onRestage} onDownload={onDownload} />,
    );
    const { user, modal } = await open();
    expect(within(modal).getByText('Scandinavian')).toBeInTheDocument();
    const room = within(modal).getByTestId('room-lock');
    expect(room).toHaveTextContent('Room as photographed');
    expect(room).toHaveTextContent('only the furniture and decor were added');
    // The lock's measurements are for the operator, not the customer (issue #26).
    expect(room).not.toHaveTextContent(/px|lines in place/);
    expect(within(modal).getByText('Preview engine (quick sketch)')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Download' }));
    await user.click(within(modal).getByRole('button', { name: 'Re-stage' }));
    expect(onDownload).toHaveBeenCalledWith(pairs[0]);
    expect(onRestage).toHaveBeenCalledWith(pairs[0]);
    await user.click(within(modal).getByRole('button', { name: 'Delete project' }));
    expect(onDelete).toHaveBeenCalled();
  });

  it('"Show what changed" opens the comparison with the added area tinted from the change mask, and hides it again', async () => {
    renderWithProviders(<Harness />);
    const { user, modal } = await open();
    expect(within(modal).queryByTestId('change-highlight')).not.toBeInTheDocument();
    const toggle = within(modal).getByRole('button', { name: 'Show what changed' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(within(modal).getByRole('slider')).toBeInTheDocument();
    const tint = within(modal).getByTestId('change-highlight');
    expect(tint.style.maskImage).toContain(
      `/objects/users/u/projects/${project.id}/s1.changes.png`,
    );
    // Only the staged half is tinted: the tint lies under the original, which covers it left of the handle.
    expect(within(modal).getByTestId('compare-slider')).toContainElement(tint);
    expect(tint.nextElementSibling?.getAttribute('alt')).toMatch(/^Before/);
    expect(within(modal).getByTestId('changes-legend')).toHaveTextContent('Tinted: what was added');
    await user.click(within(modal).getByRole('button', { name: 'Hide changes' }));
    expect(within(modal).queryByTestId('change-highlight')).not.toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Show what changed' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('compares with the original: the slider takes ←/→ without changing the image', async () => {
    renderWithProviders(<Harness />);
    const { user, modal } = await open();
    await user.click(within(modal).getByRole('button', { name: 'Compare with original' }));
    const slider = within(modal).getByRole('slider');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    expect(
      within(modal).getByRole('heading', { name: 'Lindenstraße 14 · Image 1' }),
    ).toBeInTheDocument();
  });
});
