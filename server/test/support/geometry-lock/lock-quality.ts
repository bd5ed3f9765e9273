import sharp from 'sharp';
import { type LockedResult } from '../../../src/staging/geometry-lock/lock-result.js';
import { decodeRgb, type Rgb } from './drift.js';

/**
 * What a buyer would notice about a locked result, measured against a generated case's known answer:
 * the delivered image (after its own JPEG encode, q 92) against the original outside the added
 * objects (PSNR), and the share of the added pixels that came from the model's result.
 */
export async function deliveredJpeg(locked: LockedResult): Promise<Rgb> {
  const jpeg = await (await locked.composite.render()).jpeg({ quality: 92 }).toBuffer();
  return decodeRgb(jpeg);
}

export function psnrOutside(delivered: Rgb, original: Rgb, added?: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < original.width * original.height; i++) {
    if (added?.[i]) continue;
    for (let c = 0; c < 3; c++) {
      const d = delivered.data[3 * i + c] - original.data[3 * i + c];
      sum += d * d;
    }
    count += 3;
  }
  const mse = sum / Math.max(1, count);
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}

/** Share of the added pixels (that the answer shows) where the delivered image is nearer the furnished picture than the original. */
export function keptShare(delivered: Rgb, original: Rgb, furnished: Rgb, added: Uint8Array, inAnswer?: Uint8Array): number {
  let kept = 0;
  let total = 0;
  for (let i = 0; i < added.length; i++) {
    if (!added[i] || (inAnswer && !inAnswer[i])) continue;
    total++;
    let toFurnished = 0;
    let toOriginal = 0;
    for (let c = 0; c < 3; c++) {
      toFurnished += Math.abs(delivered.data[3 * i + c] - furnished.data[3 * i + c]);
      toOriginal += Math.abs(delivered.data[3 * i + c] - original.data[3 * i + c]);
    }
    if (toFurnished < toOriginal) kept++;
  }
  return total ? kept / total : 1;
}

/** Mean of the change mask (0–1) inside a box given in shares of the frame. */
export async function maskCoverage(changeMask: Buffer, box: { x0: number; y0: number; x1: number; y1: number }): Promise<number> {
  const { data, info } = await sharp(changeMask).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(box.y0 * info.height); y < Math.ceil(box.y1 * info.height); y++) {
    for (let x = Math.floor(box.x0 * info.width); x < Math.ceil(box.x1 * info.width); x++) {
      sum += data[y * info.width + x] >= 128 ? 1 : 0;
      count++;
    }
  }
  return count ? sum / count : 0;
}
