import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corpusImage } from '../../../../test/support/corpus.js';
import { renderSampleRoom } from '../../engines/sample-room.js';
import { protectedRegionsMask } from '../lock.js';

/** Share of a box (shares of the frame) whose alpha is 255 (protected). */
async function protectedShare(png: Buffer, box: { x0: number; y0: number; x1: number; y1: number }): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  let on = 0;
  let all = 0;
  for (let y = Math.floor(box.y0 * info.height); y < Math.ceil(box.y1 * info.height); y++) {
    for (let x = Math.floor(box.x0 * info.width); x < Math.ceil(box.x1 * info.width); x++) {
      all++;
      if (data[(y * info.width + x) * 4 + 3] === 255) on++;
    }
  }
  return on / all;
}

describe('protectedRegionsMask', () => {
  it('protects the balcony door and the ceiling of a real photo and leaves the floor editable, at the size asked for', async () => {
    const png = await protectedRegionsMask(corpusImage('furnish-before.jpg'), { width: 1024, height: 1536 });
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1024, 1536, 'png']);
    expect(await protectedShare(png, { x0: 0.6, y0: 0.41, x1: 0.64, y1: 0.45 })).toBeGreaterThan(0.9); // door glass, upper part
    expect(await protectedShare(png, { x0: 0.2, y0: 0.01, x1: 0.8, y1: 0.08 })).toBe(1); // ceiling band
    expect(await protectedShare(png, { x0: 0.2, y0: 0.8, x1: 0.7, y1: 0.95 })).toBe(0); // floor
  });

  // The drawn sample room's window (blue sky behind trees) is not found by the daylight detector, so
  // only its ceiling band is protected there (known weakness, see docs/decisions/013).
  it('protects the ceiling band of the drawn sample room and leaves its floor editable', async () => {
    const png = await protectedRegionsMask(await renderSampleRoom(0, 1200, 900), { width: 1536, height: 1024 });
    expect(await protectedShare(png, { x0: 0, y0: 0, x1: 1, y1: 0.1 })).toBe(1);
    expect(await protectedShare(png, { x0: 0.3, y0: 0.85, x1: 0.7, y1: 0.98 })).toBe(0);
  });
});
