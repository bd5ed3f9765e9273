/**
 * Matches the model's colours to the original's before anything is compared or composed: models
 * shift white balance and exposure a little over the whole frame, which would otherwise show as a
 * seam around every added object. Per channel a gain and offset (result → original) is fitted on
 * pixels both images share (a trimmed least-squares fit, so furniture and other changes drop out as
 * outliers). The correction is bounded: a model that repainted the room is not "colour-matched"
 * into passing; its difference stays visible to the change mask.
 */
export interface ColourCorrection {
  gain: [number, number, number];
  offset: [number, number, number];
}

export const NO_CORRECTION: ColourCorrection = { gain: [1, 1, 1], offset: [0, 0, 0] };

const GAIN_RANGE: [number, number] = [0.8, 1.25];
const MAX_OFFSET = 30;
/** Share of the sampled pixels kept after each trimming round. */
const KEEP = [0.8, 0.6];
const MAX_SAMPLES = 20_000;

/**
 * `original` and `result` are RGB of the same size; `usable[i]` (one byte per pixel) is non-zero
 * where both show the same thing as far as is known (inside the result's frame, outside a mask).
 */
export function fitColourCorrection(original: Uint8Array, result: Uint8Array, usable: Uint8Array): ColourCorrection {
  const pixels: number[] = [];
  const step = Math.max(1, Math.floor(usable.length / MAX_SAMPLES));
  for (let i = 0; i < usable.length; i += step) if (usable[i]) pixels.push(i);
  if (pixels.length < 500) return NO_CORRECTION;
  const gain: [number, number, number] = [1, 1, 1];
  const offset: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    let sample = pixels;
    let fit = lineFit(sample, original, result, c);
    for (const keep of KEEP) {
      const residuals = new Float32Array(sample.length);
      for (let k = 0; k < sample.length; k++) residuals[k] = Math.abs(original[sample[k] * 3 + c] - (fit.a * result[sample[k] * 3 + c] + fit.b));
      const cut = residuals.slice().sort()[Math.floor(residuals.length * keep)];
      sample = sample.filter((_, k) => residuals[k] <= cut);
      fit = lineFit(sample, original, result, c);
    }
    const a = clamp(fit.a, GAIN_RANGE[0], GAIN_RANGE[1]);
    // Re-centre the offset for the clamped gain so mid-tones stay matched.
    const mean = meanOf(sample, original, result, c);
    gain[c] = a;
    offset[c] = clamp(mean.o - a * mean.r, -MAX_OFFSET, MAX_OFFSET);
  }
  return { gain, offset };
}

/** Applies the correction in place to an RGB (3 channels) or RGBA (4) buffer. */
export function applyColourCorrection(pixels: Uint8Array, channels: 3 | 4, correction: ColourCorrection): void {
  const lut = [0, 1, 2].map((c) => {
    const table = new Uint8Array(256);
    for (let v = 0; v < 256; v++) table[v] = clamp(Math.round(correction.gain[c] * v + correction.offset[c]), 0, 255);
    return table;
  });
  for (let i = 0; i < pixels.length; i += channels) {
    pixels[i] = lut[0][pixels[i]];
    pixels[i + 1] = lut[1][pixels[i + 1]];
    pixels[i + 2] = lut[2][pixels[i + 2]];
  }
}

function lineFit(sample: number[], original: Uint8Array, result: Uint8Array, c: number) {
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const p of sample) {
    const x = result[p * 3 + c];
    const y = original[p * 3 + c];
    sx += x; sy += y; sxx += x * x; sxy += x * y;
  }
  const n = sample.length;
  const varX = sxx - (sx * sx) / n;
  const a = varX > 1e-6 * n ? (sxy - (sx * sy) / n) / varX : 1;
  return { a, b: (sy - a * sx) / n };
}

function meanOf(sample: number[], original: Uint8Array, result: Uint8Array, c: number) {
  let o = 0, r = 0;
  for (const p of sample) {
    o += original[p * 3 + c];
    r += result[p * 3 + c];
  }
  return { o: o / sample.length, r: r / sample.length };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
