import { describe, expect, it } from 'vitest';
import type { StyleId } from '../../../../../contract/styles.js';
import { corpusImage, type CorpusFile } from '../../../../test/support/corpus.js';
import { changedMask, changedShare, renderKnownRoom, upperTwoThirds, type Box } from '../../../../test/fakes/providers/known-room.js';
import { OfflineStagingEngine } from '../offline-engine.js';
import { analysePhoto, type PhotoAnalysis } from './photo-analysis.js';

const engine = new OfflineStagingEngine();
const stage = async (image: Buffer, styleId: StyleId) =>
  (await engine.stage({ image, mimeType: 'image/jpeg', styleId, styleName: styleId, styleDescription: '' })).image;

type Changed = Awaited<ReturnType<typeof changedMask>>;

/** Per column with changes, the lowest changed row: where the drawn furniture meets the ground. */
function lowestChanged(changed: Changed): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  for (let x = 0; x < changed.width; x++) {
    for (let y = changed.height - 1; y >= 0; y--) {
      if (changed.mask[y * changed.width + x]) {
        out.push({ x, y });
        break;
      }
    }
  }
  return out;
}

function share(changed: Changed): number {
  return changed.mask.reduce((sum, v) => sum + v, 0) / changed.mask.length;
}

describe('offline placement in a room drawn with a known window and door', () => {
  it.each(['modern', 'classic', 'mediterranean', 'farmhouse'] as const)('%s: stands on the floor and leaves the window and door visible', async (style) => {
    const room = await renderKnownRoom();
    const changed = await changedMask(room.image, await stage(room.image, style));
    expect(share(changed)).toBeGreaterThan(0.03);
    // Nothing over the upper two thirds of the window or the door, nothing on the ceiling.
    expect(changedShare(changed, upperTwoThirds(room.window))).toBeLessThan(0.01);
    expect(changedShare(changed, upperTwoThirds(room.door))).toBeLessThan(0.01);
    expect(changedShare(changed, { left: 0, top: 0, right: room.width, bottom: room.ceilingY })).toBe(0);
    // The furniture reaches down onto the floor: in (nearly) every column it touches, its lowest drawn pixel lies below the back wall's floor line.
    const feet = lowestChanged(changed);
    const grounded = feet.filter((p) => p.y > room.floorLineY).length;
    expect(grounded / feet.length).toBeGreaterThan(0.95);
  });
});

describe('offline placement in a room drawn with a fireplace between the window and the door', () => {
  it.each(['modern', 'classic', 'farmhouse'] as const)('%s: leaves the fireplace and mantel wholly visible', async (style) => {
    const room = await renderKnownRoom({ fireplace: true });
    const fireplace = room.fireplace!;
    const changed = await changedMask(room.image, await stage(room.image, style));
    expect(share(changed)).toBeGreaterThan(0.02);
    expect(changedShare(changed, fireplace)).toBeLessThan(0.01);
    expect(changedShare(changed, upperTwoThirds(room.window))).toBeLessThan(0.01);
    expect(changedShare(changed, upperTwoThirds(room.door))).toBeLessThan(0.01);
  });
});

/** The balcony door of furnish-before.jpg, labelled by eye, as fractions of the frame. */
const BALCONY_DOOR = { left: 0.47, top: 0.39, right: 0.66, bottom: 0.58 };

describe('offline placement on real photos (test corpus)', () => {
  const load = async (name: CorpusFile) => corpusImage(name);
  const scaled = (box: typeof BALCONY_DOOR, a: PhotoAnalysis): Box => ({
    left: box.left * a.width,
    right: box.right * a.width,
    top: box.top * a.height,
    bottom: box.bottom * a.height,
  });

  it('finds the floor in the lower part of furnish-before and its balcony door as an opening', async () => {
    const analysis = await analysePhoto(await load('furnish-before.jpg'));
    expect(analysis.floorLineFound).toBe(true);
    expect(analysis.floorLineY / analysis.height).toBeGreaterThan(0.5);
    expect(analysis.floorLineY / analysis.height).toBeLessThan(0.7);
    expect(analysis.isFloor(analysis.width / 2, analysis.height * 0.9)).toBe(true);
    expect(analysis.isFloor(analysis.width * 0.1, analysis.height * 0.3)).toBe(false);
    const door = scaled(BALCONY_DOOR, analysis);
    const found = analysis.openings.find((o) => o.left <= door.left + 0.1 * (door.right - door.left) && o.right >= door.right - 0.1 * (door.right - door.left) && o.top <= (door.top + door.bottom) / 2);
    expect(found, JSON.stringify(analysis.openings)).toBeDefined();
  });

  it.each([
    ['furnish-before.jpg', 'scandinavian'],
    ['furnish-before.jpg', 'classic'],
    ['declutter-after.jpg', 'modern'],
    ['declutter-after.jpg', 'industrial'],
  ] as const)('%s, %s: the furniture stands on the detected floor and covers no opening above its lower third', async (name, style) => {
    const photo = await load(name);
    const analysis = await analysePhoto(photo);
    const changed = await changedMask(photo, await stage(photo, style));
    expect(share(changed)).toBeGreaterThan(0.01);
    for (const rect of analysis.protectedRects) expect(changedShare(changed, rect), JSON.stringify(rect)).toBeLessThan(0.02);
    if (name === 'furnish-before.jpg') expect(changedShare(changed, upperTwoThirds(scaled(BALCONY_DOOR, analysis)))).toBeLessThan(0.02);
    const feet = lowestChanged(changed);
    const onFloor = feet.filter((p) => p.y >= analysis.floorTopAt(p.x) - analysis.height * 0.01).length;
    expect(onFloor / feet.length).toBeGreaterThan(0.95);
  });
});
