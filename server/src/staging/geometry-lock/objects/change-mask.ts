import { type CV, matFromRaw, rawFromMat, withMats } from '../threads/opencv.js';
import { type Raster } from '../alignment/working-images.js';

/**
 * What the model added, from the aligned, colour-matched pair at working size: a colour difference
 * (luma and chroma differences after a light blur that hides resampling noise) above a threshold that adapts to how much
 * the model re-rendered the whole frame, cleaned with morphology, small blobs dropped, holes filled,
 * and extended downward where the result is darker than the original right below an object (contact
 * and cast shadows: a sofa must not float). The soft mask adds a small margin and a feathered edge.
 * All sizes are shares of the long side.
 */
export interface ChangeMask {
  /** 0/255 per pixel: added objects and their shadows. */
  hard: Buffer;
  /** 0–255 per pixel: `hard` with a margin and a feathered edge; what the composite uses. */
  soft: Buffer;
  width: number;
  height: number;
  /** Mean of `soft` (0–1). */
  changedShare: number;
  /**
   * Share of the result's frame that differs clearly (above the fixed lowest threshold) from the
   * original, whatever the adaptive threshold: a re-rendered room differs almost everywhere.
   */
  differingShare: number;
}

/** Lowest colour difference (8-bit RGB levels, luma-and-chroma distance) that counts as "added". */
const MIN_THRESHOLD = 20;
/** The threshold is at least this many times the frame's typical (median) difference: re-render noise. */
const NOISE_FACTOR = 3;
/** Where an added region ends: the difference falls below this (and below LOW_NOISE_FACTOR × noise). */
const MIN_LOW_THRESHOLD = 10;
const LOW_NOISE_FACTOR = 2;
/** How far (share of the long side) content may be displaced by a re-render and still be "the same": 1 px at 1024. */
const ENVELOPE_SHARE = 1 / 1024;
/** Darkening (8-bit luma levels) below an object that counts as its shadow. */
const SHADOW_DARKENING = 7;
/**
 * How far (share of the long side) from an object's body its thin parts are followed: a pendant's
 * wire up to its canopy, a lamp's pole, a plant's leaves, a chair's legs, a rug's fringe.
 */
const THIN_REACH = 0.15;

/**
 * `mode` 'remove' (furniture removal, decision 027): the mask is of what disappeared, and the shadow
 * search looks for the opposite: the result lighter than the original below a removed object (its
 * contact and cast shadows went with it).
 */
export function findChangeMask(cv: CV, original: Raster, aligned: Raster, valid: Uint8Array, mode: 'add' | 'remove' = 'add'): ChangeMask {
  const { hard, differingShare, width, height } = changedRegions(cv, original, aligned, valid, mode, true);
  return { hard, width, height, differingShare, ...softened(cv, hard, valid, width, height) };
}

/**
 * Only the bodies of what was added (no thin parts, no soft mask): where the light field must not look
 * for the model's light (light-field.ts, the first of its two passes). About a third cheaper.
 */
export function addedBodies(cv: CV, original: Raster, aligned: Raster, valid: Uint8Array, mode: 'add' | 'remove' = 'add'): Buffer {
  return changedRegions(cv, original, aligned, valid, mode, false).hard;
}

function changedRegions(cv: CV, original: Raster, aligned: Raster, valid: Uint8Array, mode: 'add' | 'remove', thinParts: boolean): Pick<ChangeMask, 'hard' | 'differingShare' | 'width' | 'height'> {
  const { width, height } = original;
  const long = Math.max(width, height);
  const px = (share: number, min = 1) => Math.max(min, Math.round(share * long));
  // Each step frees its OpenCV objects as soon as it is done: the WASM heap never shrinks, so its
  // high-water mark (not the sum of all steps) is what the process keeps.
  const smooth = (raster: Raster) =>
    withMats(cv, (keep) => {
      const rgb = keep(matFromRaw(cv, raster.data, width, height, 3));
      const blurred = keep(new cv.Mat());
      cv.GaussianBlur(rgb, blurred, new cv.Size(5, 5), 0, 0, cv.BORDER_REFLECT);
      return rawFromMat(blurred);
    });
  const o = smooth(original);
  const r = smooth(aligned);
  // A re-rendered result is not a perfect homography of the photo: a door jamb or a skirting board
  // may sit a few pixels off. Each image is compared with the other's range of colours within
  // ENVELOPE_SHARE, so content that is merely displaced that little is not "added"; a new object
  // brings colours the photo has nowhere near.
  const radius = px(ENVELOPE_SHARE);
  const [rMin, rMax] = envelope(cv, r, width, height, radius);
  const [oMin, oMax] = envelope(cv, o, width, height, radius);
  const n = width * height;
  const diff = new Float32Array(n);
  // Luma darkening (original − result), offset by 128, for the shadow search below.
  const darker = new Uint8Array(n);
  const samples: number[] = [];
  const toRange = (v: number, lo: number, hi: number) => (v < lo ? v - lo : v > hi ? v - hi : 0);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const yo = 0.299 * o[j] + 0.587 * o[j + 1] + 0.114 * o[j + 2];
    const yr = 0.299 * r[j] + 0.587 * r[j + 1] + 0.114 * r[j + 2];
    darker[i] = Math.max(0, Math.min(255, Math.round(128 + yo - yr)));
    if (!valid[i]) continue;
    // Photo outside the result's local range, and result outside the photo's: the larger counts.
    const a0 = toRange(o[j], rMin[j], rMax[j]), a1 = toRange(o[j + 1], rMin[j + 1], rMax[j + 1]), a2 = toRange(o[j + 2], rMin[j + 2], rMax[j + 2]);
    const b0 = toRange(r[j], oMin[j], oMax[j]), b1 = toRange(r[j + 1], oMin[j + 1], oMax[j + 1]), b2 = toRange(r[j + 2], oMin[j + 2], oMax[j + 2]);
    diff[i] = Math.max(colourDistance(a0, a1, a2), colourDistance(b0, b1, b2));
    if ((i & 15) === 0) samples.push(diff[i]);
  }
  samples.sort((a, b) => a - b);
  const noise = samples.length ? samples[Math.floor(samples.length / 2)] : 0;
  const threshold = Math.max(MIN_THRESHOLD, NOISE_FACTOR * noise);
  // Hysteresis: a region is added when part of it differs clearly; it then extends as far as it
  // differs at all, so the mask's edge falls where the two images nearly agree (no visible seam).
  const low = Math.max(MIN_LOW_THRESHOLD, LOW_NOISE_FACTOR * noise);
  const strong = new Uint8Array(n);
  const weak = new Uint8Array(n);
  let differing = 0;
  let validCount = 0;
  for (let i = 0; i < n; i++) {
    const d = diff[i];
    strong[i] = d > threshold ? 1 : 0;
    weak[i] = d > low ? 255 : 0;
    if (!valid[i]) continue;
    validCount++;
    if (d > MIN_THRESHOLD) differing++;
  }
  return withMats(cv, (keep) => {
    const mask = keep(matFromRaw(cv, weak, width, height, 1));
    // Rectangles: OpenCV applies them as two 1-D passes, an ellipse of the same size costs r times more.
    const square = (r: number) => keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * r + 1, 2 * r + 1)));
    const ellipse = (r: number) => keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * r + 1, 2 * r + 1)));
    const anchor = new cv.Point(-1, -1);
    cv.morphologyEx(mask, mask, cv.MORPH_OPEN, ellipse(px(1 / 512)), anchor, 1);
    keepSeeded(cv, mask, strong, 0.0003 * long * long);
    cv.morphologyEx(mask, mask, cv.MORPH_CLOSE, square(px(1 / 100)), anchor, 1);
    dropSmallBlobs(cv, mask, 0.0006 * long * long);

    // Shadows: darker than the original, right below (or beside) what was added.
    const { shade, band } = withMats(cv, (keepHere) => {
      const shadowMat = keepHere(matFromRaw(cv, darker, width, height, 1));
      const box = px(1 / 120, 3);
      cv.blur(shadowMat, shadowMat, new cv.Size(box, box), new cv.Point(-1, -1), cv.BORDER_REFLECT);
      const below = keepHere(new cv.Mat());
      const kw = px(0.04);
      const kh = px(0.08);
      const downward = keepHere(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * kw + 1, kh)));
      cv.dilate(mask, below, downward, new cv.Point(kw, kh - 1), 1);
      return { shade: rawFromMat(shadowMat), band: rawFromMat(below) };
    });
    const withShadow = rawFromMat(mask);
    for (let i = 0; i < n; i++) {
      if (band[i] && valid[i] && (mode === 'add' ? shade[i] - 128 : 128 - shade[i]) > SHADOW_DARKENING) withShadow[i] = 255;
    }
    mask.data.set(withShadow);
    cv.morphologyEx(mask, mask, cv.MORPH_CLOSE, square(px(1 / 150)), anchor, 1);
    dropSmallBlobs(cv, mask, 0.0006 * long * long);
    fillHoles(cv, mask);
    if (thinParts) {
      withThinParts(cv, mask, weakRegions(diff, valid, (low + threshold) / 2), px(THIN_REACH));
      fillHoles(cv, mask);
    }
    const hard = rawFromMat(mask);
    for (let i = 0; i < n; i++) if (!valid[i]) hard[i] = 0;

    return { hard, width, height, differingShare: validCount ? differing / validCount : 1 };
  });
}

/**
 * The soft mask the composite uses: `hard` with a small margin and a feathered edge (zero outside
 * `valid`), and its mean. Exported so a mask from which regions were taken back (restored to the
 * photo, structure-in-mask.ts) is softened the same way.
 */
export function softened(cv: CV, hard: Uint8Array, valid: Uint8Array, width: number, height: number): { soft: Buffer; changedShare: number } {
  const long = Math.max(width, height);
  return withMats(cv, (keep) => {
    const mask = keep(matFromRaw(cv, hard, width, height, 1));
    const r = Math.max(1, Math.round(long / 256));
    cv.dilate(mask, mask, keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * r + 1, 2 * r + 1))), new cv.Point(-1, -1), 1);
    const sigma = Math.max(1, long / 400);
    cv.GaussianBlur(mask, mask, new cv.Size(0, 0), sigma, sigma, cv.BORDER_CONSTANT);
    const soft = rawFromMat(mask);
    let sum = 0;
    for (let i = 0; i < soft.length; i++) {
      if (!valid[i]) soft[i] = 0;
      sum += soft[i];
    }
    return { soft, changedShare: sum / 255 / soft.length };
  });
}

/**
 * Luma and two colour differences (BT.601) of an RGB difference, chroma weighted up: a colour change
 * shows less in luma.
 */
function colourDistance(dr: number, dg: number, db: number): number {
  const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
  const du = db - dy;
  const dv = dr - dy;
  return Math.sqrt(dy * dy + 0.5 * (du * du + dv * dv));
}

/** Per-channel minimum and maximum of an RGB raster over a square of the given radius. */
function envelope(cv: CV, rgb: Uint8Array, width: number, height: number, radius: number): [Uint8Array, Uint8Array] {
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb, width, height, 3));
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * radius + 1, 2 * radius + 1)));
    const lo = keep(new cv.Mat());
    const hi = keep(new cv.Mat());
    const anchor = new cv.Point(-1, -1);
    cv.erode(src, lo, kernel, anchor, 1, cv.BORDER_REPLICATE, new cv.Scalar());
    cv.dilate(src, hi, kernel, anchor, 1, cv.BORDER_REPLICATE, new cv.Scalar());
    return [rawFromMat(lo), rawFromMat(hi)];
  });
}

function dropSmallBlobs(cv: CV, mask: any, minArea: number): void {
  withMats(cv, (keep) => {
    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 8, cv.CV_32S);
    const area = stats.data32S as Int32Array;
    const small = new Uint8Array(count);
    for (let k = 1; k < count; k++) small[k] = area[k * 5 + cv.CC_STAT_AREA] < minArea ? 1 : 0;
    const label = labels.data32S as Int32Array;
    const out = mask.data as Uint8Array;
    for (let i = 0; i < label.length; i++) if (small[label[i]]) out[i] = 0;
  });
}

/** Keeps the components of `mask` that contain at least `minSeed` pixels of `seed`. */
function keepSeeded(cv: CV, mask: any, seed: Uint8Array, minSeed: number): void {
  withMats(cv, (keep) => {
    const labels = keep(new cv.Mat());
    const count = cv.connectedComponents(mask, labels, 8, cv.CV_32S);
    const seeds = new Int32Array(count);
    const label = labels.data32S as Int32Array;
    for (let i = 0; i < label.length; i++) if (seed[i]) seeds[label[i]]++;
    const out = mask.data as Uint8Array;
    for (let i = 0; i < label.length; i++) out[i] = label[i] > 0 && seeds[label[i]] >= minSeed ? 255 : 0;
  });
}

function fillHoles(cv: CV, mask: any): void {
  withMats(cv, (keep) => {
    const contours = keep(new cv.MatVector());
    const hierarchy = keep(new cv.Mat());
    const copy = keep(mask.clone());
    cv.findContours(copy, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    cv.drawContours(mask, contours, -1, new cv.Scalar(255), -1, cv.LINE_8);
  });
}

/** 255 where the difference clearly exceeds the noise (`level`) inside the valid area. */
function weakRegions(diff: Float32Array, valid: Uint8Array, level: number): Uint8Array {
  const out = new Uint8Array(diff.length);
  for (let i = 0; i < diff.length; i++) if (valid[i] && diff[i] > level) out[i] = 255;
  return out;
}

/**
 * Whole objects (decision 058): the opening that cleans the mask of resampling noise also cuts an
 * object's thin parts (a 2 px wire, a chair leg, a stem) off its body. Every region of clear
 * difference (`differs`) that touches the mask within `reach` of it is added back whole, so a
 * pendant is delivered with its wire and canopy, a plant with its leaves.
 */
function withThinParts(cv: CV, mask: any, differs: Uint8Array, reach: number): void {
  withMats(cv, (keep) => {
    const near = keep(new cv.Mat());
    cv.dilate(mask, near, keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * reach + 1, 2 * reach + 1))), new cv.Point(-1, -1), 1);
    const body = mask.data as Uint8Array;
    const reachable = near.data as Uint8Array;
    const candidate = keep(new cv.Mat(mask.rows, mask.cols, cv.CV_8UC1));
    const c = candidate.data as Uint8Array;
    for (let i = 0; i < c.length; i++) c[i] = (differs[i] && reachable[i]) || body[i] ? 255 : 0;
    const labels = keep(new cv.Mat());
    const count = cv.connectedComponents(candidate, labels, 8, cv.CV_32S);
    const label = labels.data32S as Int32Array;
    const touches = new Uint8Array(count);
    for (let i = 0; i < label.length; i++) if (body[i]) touches[label[i]] = 1;
    for (let i = 0; i < label.length; i++) if (label[i] && touches[label[i]]) body[i] = 255;
  });
}
