import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photo } from '../../test/support/staging-fixtures.js';
import type { LockComposite } from './geometry-lock/lock-result.js';
import { finishResult, watermarkText } from './result-image.js';

/** A composite with nothing added (the photo itself), drawn at the asked size as the lock draws its own. */
async function raw(image: Buffer | Promise<Buffer>): Promise<LockComposite> {
  const buffer = await image;
  const { width = 0, height = 0 } = await sharp(buffer).metadata();
  return {
    width,
    height,
    render: async (size = { width, height }, overlays = []) => sharp(buffer).removeAlpha().resize(size.width, size.height, { fit: 'fill' }).composite(overlays),
  };
}

/** Mean absolute difference of two same-sized images inside a region. */
async function difference(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const [ra, rb] = await Promise.all([a, b].map((img) => sharp(img).extract(region).raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < ra!.length; i++) sum += Math.abs(ra![i]! - rb![i]!);
  return sum / ra!.length;
}

describe('finishResult', () => {
  it('free: fits 1280x720 (720x1280 upright), adds the watermark, strips metadata', async () => {
    const landscape = await photo(2400, 1600);
    const free = await finishResult(await raw(landscape), 'free');
    expect([free.width, free.height]).toEqual([1080, 720]);
    const clean = await finishResult(await raw(sharp(landscape).resize(1080, 720).jpeg().toBuffer()), 'pro');
    // The label sits in the bottom-right corner; the rest of the picture is untouched.
    expect(await difference(free.image, clean.image, { left: 1080 - 400, top: 720 - 70, width: 400, height: 70 })).toBeGreaterThan(20);
    expect(await difference(free.image, clean.image, { left: 0, top: 0, width: 400, height: 300 })).toBeLessThan(3);
    expect((await sharp(free.image).metadata()).exif).toBeUndefined();

    const upright = await finishResult(await raw(photo(1200, 2400)), 'free');
    expect([upright.width, upright.height]).toEqual([640, 1280]);
  });

  it("writes the free watermark in the account's language (issue #26): a German account's label differs, the picture does not", async () => {
    const landscape = await photo(2400, 1600);
    const [de, en] = await Promise.all([finishResult(await raw(landscape), 'free', 'furnish', 'de'), finishResult(await raw(landscape), 'free', 'furnish', 'en')]);
    expect(await difference(de.image, en.image, { left: 1080 - 400, top: 720 - 70, width: 400, height: 70 })).toBeGreaterThan(5);
    expect(await difference(de.image, en.image, { left: 0, top: 0, width: 600, height: 500 })).toBe(0);
    expect(watermarkText('de')).toBe('Virtuell eingerichtet · Raumwerk');
  });

  it('watermarks odd and tiny sizes without overflowing the image', async () => {
    for (const [w, h] of [[101, 67], [1283, 721], [3001, 1999], [64, 640], [1281, 719]] as const) {
      const out = await finishResult(await raw(photo(w, h, 'png')), 'free');
      expect(out.width).toBeLessThanOrEqual(h > w ? 720 : 1280);
      expect(out.height).toBeLessThanOrEqual(h > w ? 1280 : 720);
    }
  });

  it('pro/business: at most 3840 px on the long side, never enlarged, no watermark', async () => {
    const big = await finishResult(await raw(photo(5000, 2500)), 'business');
    expect([big.width, big.height]).toEqual([3840, 1920]);
    const small = await finishResult(await raw(photo(800, 600)), 'pro');
    expect([small.width, small.height]).toEqual([800, 600]);
    const thumb = await sharp(small.thumbnail).metadata();
    expect([thumb.format, thumb.width]).toEqual(['webp', 480]);
  });

  it('encodes the composite once as a JPEG without metadata, the thumbnail from it', async () => {
    const composite = await raw(photo(1600, 1200));
    const out = await finishResult(composite, 'pro');
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.icc]).toEqual(['jpeg', 1600, 1200, undefined, undefined]);
    expect((await sharp(out.thumbnail).metadata()).width).toBe(480);
  });
});
