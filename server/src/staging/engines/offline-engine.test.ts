import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STYLE_IDS, type StyleId } from '../../../../contract/styles.js';
import { EngineError, type StageInput } from './engine.js';
import { OfflineStagingEngine } from './offline-engine.js';
import { renderSampleRoom } from './sample-room.js';
import { meanAbsDiff, meanColor } from '../../../test/fakes/providers/test-images.js';

const engine = new OfflineStagingEngine();
const stage = (image: Buffer, styleId: StyleId, styleDescription = ''): Promise<{ image: Buffer }> =>
  engine.stage({ image, mimeType: 'image/jpeg', styleId, styleName: styleId, styleDescription } satisfies StageInput);

/** The furnished band: sofa, table and rug sit here in a level room photo. */
const FURNISHED = { x0: 0.25, y0: 0.5, x1: 0.75, y1: 0.85 };

describe('OfflineStagingEngine', () => {
  it('is deterministic and keeps the input size', async () => {
    const room = await renderSampleRoom(0, 960, 720);
    const [a, b] = await Promise.all([stage(room, 'modern'), stage(room, 'modern')]);
    expect(a.image.equals(b.image)).toBe(true);
    const meta = await sharp(a.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 960, 720]);
    const portrait = await stage(await renderSampleRoom(3, 600, 800), 'farmhouse');
    expect(await sharp(portrait.image).metadata()).toMatchObject({ width: 600, height: 800 });
  });

  it('furnishes the floor and leaves the upper corners alone', async () => {
    const room = await renderSampleRoom(2, 960, 720);
    const { image } = await stage(room, 'scandinavian');
    const furnished = await meanAbsDiff(room, image, FURNISHED);
    const topLeft = await meanAbsDiff(room, image, { x0: 0, y0: 0, x1: 0.15, y1: 0.15 });
    const topRight = await meanAbsDiff(room, image, { x0: 0.85, y0: 0, x1: 1, y1: 0.15 });
    expect(furnished).toBeGreaterThan(25);
    expect(topLeft).toBeLessThan(3);
    expect(topRight).toBeLessThan(3);
  });

  it('gives every style its own look', async () => {
    const room = await renderSampleRoom(1, 640, 480);
    const colors = await Promise.all(
      STYLE_IDS.map(async (id) => meanColor((await stage(room, id, id === 'custom' ? 'deep blue velvet with brass' : '')).image, FURNISHED)),
    );
    for (let i = 0; i < colors.length; i++) {
      for (let j = i + 1; j < colors.length; j++) {
        const distance = Math.hypot(...colors[i].map((c, k) => c - colors[j][k]));
        expect(distance, `${STYLE_IDS[i]} vs ${STYLE_IDS[j]}`).toBeGreaterThan(4);
      }
    }
  });

  it('derives custom styles from their text, steered by colour words', async () => {
    const room = await renderSampleRoom(0, 640, 480);
    const [r1, g1, b1] = await meanColor((await stage(room, 'custom', 'calm navy blue sofa, light oak')).image, FURNISHED);
    const [r2, g2, b2] = await meanColor((await stage(room, 'custom', 'sage green linen and light oak')).image, FURNISHED);
    expect(b1 - r1).toBeGreaterThan(b2 - r2);
    expect(g2 - b2).toBeGreaterThan(g1 - b1);
    const again = await stage(room, 'custom', 'calm navy blue sofa, light oak');
    expect((await stage(room, 'custom', 'calm navy blue sofa, light oak')).image.equals(again.image)).toBe(true);
  });

  it('rejects a file that is not an image as a permanent error', async () => {
    await expect(stage(Buffer.from('not an image'), 'modern')).rejects.toMatchObject({ kind: 'permanent' });
    await expect(stage(Buffer.from('not an image'), 'modern')).rejects.toBeInstanceOf(EngineError);
  });

  it('stages a 12-megapixel photo at full size, furnished like a small one', async () => {
    // Its CPU time is a figure of the cpu benchmark (bench/cpu.ts, "offline engine"), not a unit test's.
    const room = await renderSampleRoom(4, 4000, 3000);
    const { image } = await stage(room, 'classic');
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 });
    expect(await meanAbsDiff(room, image, FURNISHED)).toBeGreaterThan(25);
    expect(await meanAbsDiff(room, image, { x0: 0, y0: 0, x1: 0.15, y1: 0.15 })).toBeLessThan(3);
  }, 60_000);
});
