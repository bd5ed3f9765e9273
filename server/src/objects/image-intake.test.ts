import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photo } from '../../test/support/staging-fixtures.js';
import { intakeImage } from './image-intake.js';

describe('intakeImage', () => {
  it('flattens transparency onto white and stores JPEG', async () => {
    const transparent = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const out = await intakeImage(transparent);
    const { data } = await sharp(out.image).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data.subarray(0, 30))).toBeGreaterThan(245);
    expect((await sharp(out.image).metadata()).format).toBe('jpeg');
    expect((await sharp(out.thumbnail).metadata()).format).toBe('webp');
  });

  it('accepts 16-bit PNG, greyscale JPEG, CMYK JPEG and WEBP as 8-bit sRGB or greyscale JPEG', async () => {
    const inputs = [
      await sharp(await photo(400, 300, 'png')).toColourspace('rgb16').png().toBuffer(),
      await sharp(await photo(400, 300)).greyscale().jpeg().toBuffer(),
      await sharp(await photo(400, 300)).toColourspace('cmyk').jpeg().toBuffer(),
      await photo(400, 300, 'webp'),
    ];
    for (const input of inputs) {
      const out = await intakeImage(input);
      const meta = await sharp(out.image).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.depth).toBe('uchar');
      expect(['srgb', 'b-w']).toContain(meta.space);
      expect([out.width, out.height]).toEqual([400, 300]);
    }
  });

  it('refuses GIF (content, whatever the name) with 415', async () => {
    const gif = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#f00' } }).gif().toBuffer();
    await expect(intakeImage(gif)).rejects.toMatchObject({ statusCode: 415 });
  });
});
