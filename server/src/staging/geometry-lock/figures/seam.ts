import { type CV, matFromRaw, withMats } from '../threads/opencv.js';
import { type Raster } from '../alignment/working-images.js';

/**
 * The seam figure of a delivered image (working size): along the outer half of the change mask's
 * feathered edge, where the delivered pixels blend from the model's result back to the photo, how far
 * the delivered image departs from the photo, relative to what the eye would notice there: a just
 * noticeable step (JND) plus the photo's own local variation (a step hides in texture, not on a
 * plain wall). The figure is the 90th percentile of that ratio over the edge: ≤ 1 means no visible
 * seam (no lighter disc around a lamp, no patch of the model's carpet or wall colour beside furniture).
 */
/** 8-bit levels a step must reach to be seen on a flat surface. */
const JND = 4;
/** The outer half of the feathered edge: soft-mask values (of 255) on the photo's side. */
const EDGE_LOW = 20;
const EDGE_HIGH = 128;
const PERCENTILE = 0.9;

export function seamFigure(cv: CV, original: Raster, lit: Raster, soft: Uint8Array, hard: Uint8Array): number {
  const { width, height } = original;
  const localStd = localDeviation(cv, original);
  const ratios: number[] = [];
  const o = original.data;
  const r = lit.data;
  for (let i = 0; i < width * height; i++) {
    const a = soft[i];
    if (a < EDGE_LOW || a > EDGE_HIGH || hard[i]) continue;
    const t = a / 255;
    const j = 3 * i;
    // delivered − photo = t · (result − photo)
    const dr = t * (r[j] - o[j]);
    const dg = t * (r[j + 1] - o[j + 1]);
    const db = t * (r[j + 2] - o[j + 2]);
    const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
    const step = Math.sqrt(dy * dy + 0.5 * ((db - dy) ** 2 + (dr - dy) ** 2));
    ratios.push(step / (JND + localStd[i]));
  }
  if (!ratios.length) return 0;
  ratios.sort((a, b) => a - b);
  return Math.round(ratios[Math.floor(PERCENTILE * (ratios.length - 1))] * 100) / 100;
}

/** Standard deviation of the photo's luma over a 7 px box, per pixel. */
function localDeviation(cv: CV, raster: Raster): Float32Array {
  return withMats(cv, (keep) => {
    const rgb = keep(matFromRaw(cv, raster.data, raster.width, raster.height, 3));
    const grey = keep(new cv.Mat());
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY);
    const f = keep(new cv.Mat());
    grey.convertTo(f, cv.CV_32F);
    const sq = keep(new cv.Mat());
    cv.multiply(f, f, sq);
    const size = new cv.Size(7, 7);
    const anchor = new cv.Point(-1, -1);
    cv.blur(f, f, size, anchor, cv.BORDER_REFLECT);
    cv.blur(sq, sq, size, anchor, cv.BORDER_REFLECT);
    const mean = f.data32F as Float32Array;
    const meanSq = sq.data32F as Float32Array;
    const out = new Float32Array(mean.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.sqrt(Math.max(0, meanSq[i] - mean[i] * mean[i]));
    return out;
  });
}
