import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corpusImage } from '../../test/support/corpus.js';
import { furnish, photo } from '../../test/support/staging-fixtures.js';
import { OfflineStagingEngine } from './engines/offline-engine.js';
import { differsFromAll, fingerprintOf, MIN_VARIATION_DISTANCE, variationDistance } from './variation-distance.js';

describe('the perceptual distance between results of one photo', () => {
  it('is 0 for a re-encoded copy and a smaller copy, and about the changed area for another sofa colour', async () => {
    const room = await photo(800, 600);
    const staged = await furnish(room, 0);
    const fp = await fingerprintOf(staged);
    const reencoded = await fingerprintOf(await sharp(staged).jpeg({ quality: 60 }).toBuffer());
    const thumbnail = await fingerprintOf(await sharp(staged).resize(320).webp().toBuffer());
    expect(variationDistance(fp, reencoded)).toBeLessThan(MIN_VARIATION_DISTANCE);
    expect(variationDistance(fp, thumbnail)).toBeLessThan(MIN_VARIATION_DISTANCE);
    // The block is 30 % × 15 % of the frame (4.5 %): another colour differs over about that much.
    const other = variationDistance(fp, await fingerprintOf(await furnish(room, 1)));
    expect(other).toBeGreaterThan(0.03);
    expect(other).toBeLessThan(0.07);
    expect(differsFromAll(fp, [reencoded])).toBe(false);
    expect(differsFromAll(fp, [await fingerprintOf(room)])).toBe(true);
  });

  it('calls pictures of another shape entirely different', async () => {
    const wide = await fingerprintOf(await photo(800, 400));
    const upright = await fingerprintOf(await photo(400, 800));
    expect(variationDistance(wide, upright)).toBe(1);
  });
});

describe('the offline engine varies layout, pieces and palette per variation (issue #23)', () => {
  it('draws three variations of a real living room that are pairwise further apart than the duplicate threshold', async () => {
    const engine = new OfflineStagingEngine();
    const image = corpusImage('furnish-before.jpg');
    const input = { image, mimeType: 'image/jpeg', styleId: 'scandinavian', styleName: 'Scandinavian', styleDescription: '', roomType: 'living_room', furnitureSeed: 'p:living-1', task: 'furnish' } as const;
    const prints = [];
    for (const variant of [0, 1, 2]) prints.push(await fingerprintOf((await engine.stage({ ...input, variant })).image));
    const distances = [variationDistance(prints[0]!, prints[1]!), variationDistance(prints[0]!, prints[2]!), variationDistance(prints[1]!, prints[2]!)];
    for (const d of distances) expect(d).toBeGreaterThan(MIN_VARIATION_DISTANCE);
  }, 240_000);
});
