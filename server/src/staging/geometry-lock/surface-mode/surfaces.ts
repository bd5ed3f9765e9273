import { growFloor } from '../../engines/offline/floor-region.js';
import { type Raster } from '../alignment/working-images.js';
import { type Opening } from '../structure/openings.js';
import { type Segment } from '../structure/structure-lines.js';
import { type CV, matFromRaw, rawFromMat, withMats } from '../threads/opencv.js';

/**
 * Where the photo shows its floor, ceiling and walls (decision 062), at working size: what the
 * renovation preview re-does and what the lock's surface mode lets a model re-do. Openings (the lock's
 * own finder) and the photo's edges are never a surface; what is left between them is the photo's.
 *
 * - **Floor**: the offline engine's floor growth from the bottom centre (floor-region.ts), joined to
 *   the bottom edge column by column, so tile joints and boards stay inside it and a skirting ends it.
 * - **Ceiling**: the same growth from the top centre of the photo turned upside down, with the
 *   photo's edges and long lines as walls it cannot cross; only kept when it stays in the upper part
 *   of the frame (a wall grown from the top is not a ceiling).
 * - **Walls**: the plain rest (no edge, little texture) in pieces of at least `MIN_WALL_SHARE` of the
 *   frame, small holes in them (a socket, a switch) closed.
 *
 * A flat segmentation, not a model's: a plain cabinet front of a wall's size can be taken for wall,
 * a ceiling of the walls' colour with no edge between them is not found (then it is not offered).
 */
export interface SurfaceMasks {
  width: number;
  height: number;
  /** 255 where the surface is, 0 elsewhere; each pixel in at most one. */
  floor: Uint8Array;
  ceiling: Uint8Array;
  walls: Uint8Array;
}

export type SurfaceName = 'floor' | 'ceiling' | 'walls';

const MIN_WALL_SHARE = 0.012;
/** Long side the floor and ceiling are grown at (the offline engine's analysis size). */
const GROW_SIZE = 480;
/** Mean colour step across a line above which it bounds a surface (a skirting), not a joint in it. */
const SEPARATING_STEP = 18;
/** A ceiling must be at least this share of the frame and lie mostly above the frame's middle. */
const MIN_CEILING_SHARE = 0.02;
const MAX_CEILING_BELOW_MIDDLE = 0.1;
/** Local grey spread (3×3 Sobel magnitude on the smoothed photo) above which a pixel is texture, not plain paint. */
const PLAIN_GRADIENT = 28;

export function findSurfaces(cv: CV, rgb: Raster, openings: Opening[], lines: Segment[]): SurfaceMasks {
  const { width: w, height: h } = rgb;
  const n = w * h;
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, rgb.data, w, h, 3));
    const smooth = keep(new cv.Mat());
    cv.medianBlur(src, smooth, 5);
    const smoothRgb = rawFromMat(smooth);
    const grey = keep(new cv.Mat());
    cv.cvtColor(smooth, grey, cv.COLOR_RGB2GRAY);
    const edges = keep(new cv.Mat());
    cv.Canny(grey, edges, 15, 45, 3, true);
    for (const l of lines) cv.line(edges, new cv.Point(l.x1, l.y1), new cv.Point(l.x2, l.y2), new cv.Scalar(255), 2);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.dilate(edges, edges, kernel);
    const barrier = rawFromMat(edges);
    const gx = keep(new cv.Mat());
    const gy = keep(new cv.Mat());
    cv.Sobel(grey, gx, cv.CV_16S, 1, 0, 3);
    cv.Sobel(grey, gy, cv.CV_16S, 0, 1, 3);
    const sx = Int16Array.from(gx.data16S as Int16Array);
    const sy = Int16Array.from(gy.data16S as Int16Array);

    const inOpening = new Uint8Array(n);
    const pad = Math.round(Math.max(w, h) * 0.006);
    for (const o of openings) {
      for (let y = Math.max(0, o.y0 - pad); y <= Math.min(h - 1, o.y1 + pad); y++) inOpening.fill(1, y * w + Math.max(0, o.x0 - pad), y * w + Math.min(w - 1, o.x1 + pad) + 1);
    }

    // Floor and ceiling are grown at the offline engine's analysis size (floor-region.ts is tuned for
    // it: a skirting is a barrier there, a tile joint is not), on a 3×3 median copy, then scaled back.
    const scale = Math.min(1, GROW_SIZE / Math.max(w, h));
    const gw = Math.max(1, Math.round(w * scale));
    const gh = Math.max(1, Math.round(h * scale));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(gw, gh), 0, 0, cv.INTER_AREA);
    cv.medianBlur(small, small, 3);
    const smallRgb = rawFromMat(small);
    const smallBarrier = keep(new cv.Mat());
    cv.resize(edges, smallBarrier, new cv.Size(gw, gh), 0, 0, cv.INTER_AREA);
    const barrierSmall = rawFromMat(smallBarrier);
    const up = (mask: Uint8Array) => {
      const m = keep(matFromRaw(cv, mask, gw, gh, 1));
      const big = keep(new cv.Mat());
      cv.resize(m, big, new cv.Size(w, h), 0, 0, cv.INTER_NEAREST);
      return rawFromMat(big);
    };
    // The floor may not cross a long line with different colours on its two sides (a skirting, the
    // floor's edge); a tile joint or a board's edge (same colour both sides) it may.
    const boundary = keep(new cv.Mat(h, w, cv.CV_8UC1, new cv.Scalar(0)));
    for (const l of lines) if (separates(smoothRgb, w, h, l)) cv.line(boundary, new cv.Point(l.x1, l.y1), new cv.Point(l.x2, l.y2), new cv.Scalar(255), 3);
    const boundarySmall = keep(new cv.Mat());
    cv.resize(boundary, boundarySmall, new cv.Size(gw, gh), 0, 0, cv.INTER_AREA);
    const walls0 = rawFromMat(boundarySmall);
    const withBarrier = new Uint8Array(smallRgb);
    for (let i = 0; i < gw * gh; i++) if (walls0[i] > 60) for (let c = 0; c < 3; c++) withBarrier[i * 3 + c] = 255 - smallRgb[i * 3 + c];
    const floorSmall = floorOf(withBarrier, gw, gh) ?? floorOf(smallRgb, gw, gh) ?? new Uint8Array(gw * gh);
    const floorUp = up(floorSmall);
    const floor = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (floorUp[i] && !inOpening[i]) floor[i] = 255;

    // Ceiling: the photo upside down, edge pixels made unpassable (their colour inverted).
    const flipped = new Uint8Array(gw * gh * 3);
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        const from = y * gw + x;
        const to = (gh - 1 - y) * gw + x;
        const block = barrierSmall[from] > 40 || floorSmall[from];
        for (let c = 0; c < 3; c++) flipped[to * 3 + c] = block ? 255 - smallRgb[from * 3 + c] : smallRgb[from * 3 + c];
      }
    }
    const upward = growFloor({ width: gw, height: gh, rgb: flipped });
    const ceilingSmall = new Uint8Array(gw * gh);
    for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) if (upward.mask[(gh - 1 - y) * gw + x]) ceilingSmall[y * gw + x] = 255;
    const ceilingUp = up(ceilingSmall);
    const ceiling = new Uint8Array(n);
    let ceilingCount = 0;
    let belowMiddle = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (!ceilingUp[i] || barrier[i] || inOpening[i] || floor[i]) continue;
        ceiling[i] = 255;
        ceilingCount++;
        if (y > h / 2) belowMiddle++;
      }
    }
    if (ceilingCount < MIN_CEILING_SHARE * n || belowMiddle > MAX_CEILING_BELOW_MIDDLE * ceilingCount) ceiling.fill(0);

    // Walls: plain pixels that are no other surface, in large connected pieces.
    const plainData = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (barrier[i] || inOpening[i] || floor[i] || ceiling[i]) continue;
      if (Math.abs(sx[i]) + Math.abs(sy[i]) < PLAIN_GRADIENT * 4) plainData[i] = 255;
    }
    const plain = keep(matFromRaw(cv, plainData, w, h, 1));
    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(plain, labels, stats, centroids, 4, cv.CV_32S);
    const statData = Int32Array.from(stats.data32S as Int32Array);
    const labelData = Int32Array.from(labels.data32S as Int32Array);
    const big = wallLike(count, statData, labelData, smoothRgb, n);
    const wallData = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (big[labelData[i]]) wallData[i] = 255;
    const wallMat = keep(matFromRaw(cv, wallData, w, h, 1));
    // Close small holes (a socket, a switch, a thin edge through the paint); never into another surface or an opening.
    const close = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(9, 9)));
    cv.morphologyEx(wallMat, wallMat, cv.MORPH_CLOSE, close);
    const walls = new Uint8Array(n);
    const closed = rawFromMat(wallMat);
    for (let i = 0; i < n; i++) if (closed[i] && !floor[i] && !ceiling[i] && !inOpening[i]) walls[i] = 255;
    return { width: w, height: h, floor, ceiling, walls };
  });
}

/**
 * Which plain pieces are wall: large enough, and of the largest piece's paint (its chromaticity within
 * `MAX_CHROMA_STEP`, its brightness within a factor of `MAX_LIGHT_RATIO`: walls facing the light
 * differently). A dark door leaf or a coloured cabinet front of a wall's size is not wall.
 */
const MAX_CHROMA_STEP = 0.035;
const MAX_LIGHT_RATIO = 1.7;
function wallLike(count: number, stats: Int32Array, labels: Int32Array, rgb: Uint8Array, n: number): Uint8Array {
  const sums = new Float64Array(count * 3);
  for (let i = 0; i < n; i++) {
    const k = labels[i];
    if (!k) continue;
    sums[k * 3] += rgb[i * 3];
    sums[k * 3 + 1] += rgb[i * 3 + 1];
    sums[k * 3 + 2] += rgb[i * 3 + 2];
  }
  const colour = (k: number) => {
    const area = stats[k * 5 + 4];
    const [r, g, b] = [sums[k * 3] / area, sums[k * 3 + 1] / area, sums[k * 3 + 2] / area];
    const total = r + g + b + 1;
    return { light: total / 3, cr: r / total, cg: g / total };
  };
  let largest = 0;
  for (let k = 1; k < count; k++) if (stats[k * 5 + 4] >= MIN_WALL_SHARE * n && (!largest || stats[k * 5 + 4] > stats[largest * 5 + 4])) largest = k;
  const big = new Uint8Array(count);
  if (!largest) return big;
  const paint = colour(largest);
  for (let k = 1; k < count; k++) {
    if (stats[k * 5 + 4] < MIN_WALL_SHARE * n) continue;
    const c = colour(k);
    const ratio = (c.light + 4) / (paint.light + 4);
    if (Math.hypot(c.cr - paint.cr, c.cg - paint.cg) <= MAX_CHROMA_STEP && ratio <= MAX_LIGHT_RATIO && ratio >= 1 / MAX_LIGHT_RATIO) big[k] = 1;
  }
  return big;
}

/** Whether a line has clearly different colours on its two sides (sampled 5 px off it, along its length). */
function separates(rgb: Uint8Array, w: number, h: number, l: Segment): boolean {
  const len = Math.max(1, l.length);
  const nx = -(l.y2 - l.y1) / len;
  const ny = (l.x2 - l.x1) / len;
  const a = [0, 0, 0];
  const b = [0, 0, 0];
  let count = 0;
  for (let k = 1; k < 20; k++) {
    const x = l.x1 + ((l.x2 - l.x1) * k) / 20;
    const y = l.y1 + ((l.y2 - l.y1) * k) / 20;
    const [ax, ay, bx, by] = [Math.round(x + 5 * nx), Math.round(y + 5 * ny), Math.round(x - 5 * nx), Math.round(y - 5 * ny)];
    if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax >= w || bx >= w || ay >= h || by >= h) continue;
    for (let c = 0; c < 3; c++) {
      a[c] += rgb[(ay * w + ax) * 3 + c];
      b[c] += rgb[(by * w + bx) * 3 + c];
    }
    count++;
  }
  if (!count) return false;
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) / count > SEPARATING_STEP;
}

/**
 * The floor as the offline engine trusts it (photo-analysis.ts): the growth below its cleaned top
 * profile, and below the row the floor reaches in three quarters of the columns; null when that row is
 * not in the floor's plausible band (the growth leaked up a wall): no floor is then found.
 */
function floorOf(rgb: Uint8Array, w: number, h: number): Uint8Array | null {
  const grown = growFloor({ width: w, height: h, rgb });
  // The deepest row the floor reaches in most columns: a leak up one wall (a quarter of the columns) is cut there.
  const tops = Array.from(grown.top.slice(Math.floor(w * 0.05), Math.ceil(w * 0.95))).sort((a, b) => a - b);
  const deepest = tops[Math.floor(tops.length * 0.25)] ?? h;
  if (grown.share < 0.04 || deepest < h * 0.3 || deepest > h * 0.93) return null;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (grown.mask[y * w + x] && y >= grown.top[x] && y >= deepest) out[y * w + x] = 255;
  return out;
}

/** The union of the named surfaces (0/255). */
export function unionOf(masks: SurfaceMasks, names: SurfaceName[]): Uint8Array {
  const out = new Uint8Array(masks.width * masks.height);
  for (const name of names) {
    const m = masks[name];
    for (let i = 0; i < out.length; i++) if (m[i]) out[i] = 255;
  }
  return out;
}

/** Mean RGB of `raster` over a 0/255 mask (and `valid`, when given); null when the mask is empty. */
export function meanColour(raster: Raster, mask: Uint8Array, valid?: Uint8Array): [number, number, number] | null {
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || (valid && !valid[i])) continue;
    for (let c = 0; c < 3; c++) sum[c] += raster.data[i * 3 + c];
    count++;
  }
  return count ? [sum[0] / count, sum[1] / count, sum[2] / count] : null;
}
