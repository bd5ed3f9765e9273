import { type CV, matFromRaw, withMats } from '../threads/opencv.js';
import { type Raster } from '../alignment/working-images.js';

/**
 * The model's change of light over the frame, per colour channel, as a smooth field of log gains
 * (result ÷ photo) on a coarse grid: a warmer lamp, a brighter wall, a re-exposed corner, a glow
 * around an added lamp. What the model *added* is not light: it is found where the result still
 * differs once this field is divided out (change-mask.ts), and the added objects are delivered with
 * the field divided out too, so they sit in the photographer's light with no step at their edge
 * (compose.ts).
 *
 * Estimated robustly: a normalised convolution of the per-cell log ratio, re-weighted so cells that
 * disagree with their neighbourhood (furniture, its shadows) stop pulling the field toward them.
 */
export interface LightField {
  /** Grid cells across and down; one cell is `cell` working pixels. */
  width: number;
  height: number;
  cell: number;
  /** Log gains, 3 per cell (R, G, B), row-major. */
  gains: Float32Array;
}

/** Grid cell in working pixels (1024 long side → 128 cells). */
const CELL = 8;
/** Smoothness of the field: Gaussian sigma in cells (~5 % of the long side). */
const SIGMA_CELLS = 6;
/** Where a neighbourhood is mostly furniture, the field comes from this wider one (~20 %). */
const WIDE_SIGMA_CELLS = 24;
/** Weight density (of 1) below which the wide field takes over, linearly. */
const MIN_DENSITY = 0.5;
/** Re-weighting scale of a cell's disagreement with the field (log units): at this, a cell counts half. */
const OUTLIER_SCALE = 0.1;
/** First weights: disagreement with the frame's median change, at this broader scale. */
const FIRST_SCALE = 0.25;
const ROUNDS = 3;
/** The field stays within this much (log units, ×/÷ 1.5) of the frame's median change: beyond, it is no longer light. */
const MAX_LOCAL_LOG_GAIN = 0.4;

/** A cell with more than this share of its pixels in `exclude` is not light evidence (it holds an object). */
const MAX_EXCLUDED = 0.25;

/**
 * `exclude` (0/255 per working pixel, optional): the added objects found so far. Their cells are no
 * evidence of the light: a large rug or a sofa would otherwise be taken for a change of light over
 * the floor and divided out of the delivered picture (a rug tinted like the floor under it).
 */
export function estimateLightField(cv: CV, original: Raster, aligned: Raster, valid: Uint8Array, exclude?: Uint8Array): LightField {
  const { width, height } = original;
  const w = Math.max(1, Math.ceil(width / CELL));
  const h = Math.max(1, Math.ceil(height / CELL));
  const cells = w * h;
  const [o, r, v] = withMats(cv, (keep) => {
    const shrink = (data: Uint8Array, channels: 1 | 3) => {
      const src = keep(matFromRaw(cv, data, width, height, channels));
      const dst = keep(new cv.Mat());
      cv.resize(src, dst, new cv.Size(w, h), 0, 0, cv.INTER_AREA);
      return new Uint8Array(dst.data);
    };
    let usableArea = valid;
    if (exclude) {
      usableArea = new Uint8Array(valid);
      for (let i = 0; i < usableArea.length; i++) if (exclude[i]) usableArea[i] = 0;
    }
    return [shrink(original.data, 3), shrink(aligned.data, 3), shrink(usableArea, 1)];
  });
  const ratio = new Float32Array(cells * 3);
  for (let i = 0; i < cells * 3; i++) ratio[i] = Math.log((r[i] + 4) / (o[i] + 4));
  const usable = (i: number) => v[i] > (exclude ? 255 * (1 - MAX_EXCLUDED) : 250);
  const global = [0, 1, 2].map((c) => {
    const values: number[] = [];
    for (let i = 0; i < cells; i++) if (usable(i)) values.push(ratio[3 * i + c]);
    values.sort((a, b) => a - b);
    return values.length ? values[values.length >> 1] : 0;
  });
  const weight = new Float32Array(cells);
  const reweight = (field: ArrayLike<number> | undefined, scale: number) => {
    for (let i = 0; i < cells; i++) {
      if (!usable(i)) continue;
      let e = 0;
      for (let c = 0; c < 3; c++) e = Math.max(e, Math.abs(ratio[3 * i + c] - (field ? field[3 * i + c] : global[c])));
      weight[i] = 1 / (1 + (e / scale) ** 2);
    }
  };
  reweight(undefined, FIRST_SCALE);
  let fine = smoothWeighted(cv, ratio, weight, w, h, SIGMA_CELLS);
  for (let round = 1; round < ROUNDS; round++) {
    reweight(fine.field, OUTLIER_SCALE);
    fine = smoothWeighted(cv, ratio, weight, w, h, SIGMA_CELLS);
  }
  const wide = smoothWeighted(cv, ratio, weight, w, h, WIDE_SIGMA_CELLS);
  const gains = new Float32Array(cells * 3);
  for (let i = 0; i < cells; i++) {
    const t = Math.min(1, fine.density[i] / MIN_DENSITY);
    // Brightness follows the fine field (a lamp's glow, a re-exposed corner); colour the wide one: a
    // model re-balances the colour of the whole room, while a local change of colour is an object.
    const mean = (f: Float32Array) => (f[3 * i] + f[3 * i + 1] + f[3 * i + 2]) / 3;
    const luma = t * mean(fine.field) + (1 - t) * mean(wide.field);
    const wideMean = mean(wide.field);
    for (let c = 0; c < 3; c++) {
      const g = luma + wide.field[3 * i + c] - wideMean;
      gains[3 * i + c] = Math.max(global[c] - MAX_LOCAL_LOG_GAIN, Math.min(global[c] + MAX_LOCAL_LOG_GAIN, g));
    }
  }
  return { width: w, height: h, cell: CELL, gains };
}

/** Normalised convolution: blur(weight · value) ÷ blur(weight), per channel, and blur(weight) itself. */
function smoothWeighted(cv: CV, values: Float32Array, weight: Float32Array, w: number, h: number, sigma: number): { field: Float32Array; density: Float32Array } {
  return withMats(cv, (keep) => {
    const weighted = new Float32Array(values.length);
    for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) weighted[3 * i + c] = values[3 * i + c] * weight[i];
    const num = keep(new cv.Mat(h, w, cv.CV_32FC3));
    num.data32F.set(weighted);
    const den = keep(new cv.Mat(h, w, cv.CV_32FC1));
    den.data32F.set(weight);
    const size = new cv.Size(0, 0);
    cv.GaussianBlur(num, num, size, sigma, sigma, cv.BORDER_REFLECT);
    cv.GaussianBlur(den, den, size, sigma, sigma, cv.BORDER_REFLECT);
    const n = num.data32F as Float32Array;
    const d = den.data32F as Float32Array;
    const field = new Float32Array(values.length);
    for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) field[3 * i + c] = d[i] > 1e-4 ? n[3 * i + c] / d[i] : 0;
    return { field, density: new Float32Array(d) };
  });
}

/**
 * Divides the field out of RGB pixels in place. `toWorking(x, y)` maps a pixel of `pixels` (column,
 * row) to working coordinates; it is asked once per column and once per row (axis-aligned grids).
 */
export function removeLight(field: LightField, pixels: Uint8Array, width: number, height: number, toWorkingX: (x: number) => number, toWorkingY: (y: number) => number): void {
  const gx = new Float32Array(width);
  const gy = new Float32Array(height);
  for (let x = 0; x < width; x++) gx[x] = clamp((toWorkingX(x) + 0.5) / field.cell - 0.5, 0, field.width - 1);
  for (let y = 0; y < height; y++) gy[y] = clamp((toWorkingY(y) + 0.5) / field.cell - 0.5, 0, field.height - 1);
  const g = field.gains;
  const fw = field.width;
  // exp() once per cell, then bilinear factors per pixel.
  const factor = new Float32Array(g.length);
  for (let i = 0; i < g.length; i++) factor[i] = Math.exp(-g[i]);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(gy[y]);
    const y1 = Math.min(field.height - 1, y0 + 1);
    const ty = gy[y] - y0;
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(gx[x]);
      const x1 = Math.min(fw - 1, x0 + 1);
      const tx = gx[x] - x0;
      const a = 3 * (y0 * fw + x0);
      const b = 3 * (y0 * fw + x1);
      const c = 3 * (y1 * fw + x0);
      const d = 3 * (y1 * fw + x1);
      const p = 3 * (y * width + x);
      for (let k = 0; k < 3; k++) {
        const f = (factor[a + k] * (1 - tx) + factor[b + k] * tx) * (1 - ty) + (factor[c + k] * (1 - tx) + factor[d + k] * tx) * ty;
        const value = pixels[p + k] + 4;
        pixels[p + k] = clamp(Math.round(value * f - 4), 0, 255);
      }
    }
  }
}

/** The field divided out of a working-size raster (a copy). */
export function withoutLight(field: LightField, raster: Raster): Raster {
  const data = Buffer.from(raster.data);
  removeLight(field, data, raster.width, raster.height, (x) => x, (y) => y);
  return { ...raster, data };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
