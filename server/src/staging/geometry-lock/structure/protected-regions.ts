import sharp from 'sharp';
import { greyMat } from '../alignment/aligned-result.js';
import { type CV } from '../threads/opencv.js';
import { findOpenings } from './openings.js';
import { longLines } from './structure-lines.js';
import { rgbAt, orientedSize, workingSize } from '../alignment/working-images.js';

/**
 * The edit mask for a provider's strict retry (OpenAI edits: transparent = editable): an RGBA PNG of
 * `size` whose alpha is 255 where the model must not paint (windows and doors above their lower
 * third, the ceiling band) and 0 where it may. Found in the original at working size with the same
 * opening detector the verification uses, then scaled to the size the provider is sent. An OpenCV
 * task (cv-thread.ts); `protectedRegionsMask` (lock.ts) is the caller's side.
 */
/** Share of the frame's height, from the top, that is protected as the ceiling band. */
const CEILING_BAND = 0.12;
/** Margin around an opening, as a share of the long side (frames and reveals). */
const OPENING_MARGIN = 0.01;

export async function drawProtectedRegions(cv: CV, original: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  const working = workingSize(await orientedSize(original));
  const raster = await rgbAt(original, working.width, working.height);
  const grey = greyMat(cv, raster);
  let openings;
  try {
    openings = findOpenings(cv, raster, grey, longLines(cv, grey));
  } finally {
    grey.delete();
  }
  const { width, height } = working;
  const alpha = Buffer.alloc(width * height);
  const band = Math.round(CEILING_BAND * height);
  alpha.fill(255, 0, band * width);
  const margin = Math.round(OPENING_MARGIN * Math.max(width, height));
  for (const o of openings) {
    const x0 = Math.max(0, o.x0 - margin);
    const x1 = Math.min(width - 1, o.x1 + margin);
    const y0 = Math.max(0, o.y0 - margin);
    const y1 = Math.min(height - 1, o.y0 + Math.round(((o.y1 - o.y0) * 2) / 3));
    for (let y = y0; y <= y1; y++) alpha.fill(255, y * width + x0, y * width + x1 + 1);
  }
  const scaled = await sharp(alpha, { raw: { width, height, channels: 1 } }).resize(size.width, size.height, { fit: 'fill', kernel: 'nearest' }).extractChannel(0).raw().toBuffer();
  const rgba = Buffer.alloc(size.width * size.height * 4);
  for (let i = 0; i < scaled.length; i++) rgba[4 * i + 3] = scaled[i] >= 128 ? 255 : 0;
  return sharp(rgba, { raw: { width: size.width, height: size.height, channels: 4 } }).png().toBuffer();
}
