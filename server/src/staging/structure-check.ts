import sharp from 'sharp';

/**
 * The structure check of DESIGN §6: does the staged image still show the same room? Both images are
 * reduced to the same small greyscale size and their edge maps compared where nothing may change:
 * ceiling line, upper walls, window and door heads, the frame's side strips. The lower middle,
 * where furniture goes, counts little. An edge matches only a nearby edge of similar direction, and
 * matches are corrected for chance (a busy image "matches" anything by accident), so an unrelated
 * picture scores near 0 and an identical one 1.
 */
const WIDTH = 256;
/** Tolerance for edges that moved a little (generative models resample the whole image). */
const MATCH_RADIUS = 2;
const ORIENTATION_BINS = 8;
/** Share of the height (from the top) that is wall and ceiling in a level room photo. */
const UPPER_BAND = 0.4;
const EDGE_WEIGHT = 0.9;

interface EdgeMap {
  magnitude: Float32Array;
  /** Direction of the gradient modulo 180°, in ORIENTATION_BINS bins. */
  bin: Uint8Array;
  strong: number;
}

/** What the check needs from the original: the same for every result compared with it. */
interface Reference {
  h: number;
  grey: Float32Array;
  weights: Float32Array;
  edges: EdgeMap;
  straightness: Float32Array;
}

const references = new WeakMap<Buffer, Promise<Reference>>();

/**
 * Analyses the original ahead of time, e.g. while the engine works (a provider takes seconds); the
 * next fidelityScore with the same Buffer uses it, and so does the strict retry's.
 */
export function prepareFidelityScore(original: Buffer): void {
  void referenceOf(original);
}

function referenceOf(original: Buffer): Promise<Reference> {
  let reference = references.get(original);
  if (!reference) {
    reference = analyseReference(original);
    reference.catch(() => {}); // reported by the fidelityScore that awaits it
    references.set(original, reference);
  }
  return reference;
}

async function analyseReference(original: Buffer): Promise<Reference> {
  const meta = await sharp(original).metadata();
  const { width, height } = meta.autoOrient;
  const h = Math.max(48, Math.min(512, Math.round((WIDTH * height) / width)));
  const grey = await greyAt(original, WIDTH, h);
  return { h, grey, weights: regionWeights(WIDTH, h), edges: edgeMap(grey, WIDTH, h), straightness: coherence(grey, WIDTH, h) };
}

export async function fidelityScore(original: Buffer, result: Buffer): Promise<number> {
  const { h, grey: a, weights, edges: edgesA, straightness } = await referenceOf(original);
  const b = await greyAt(result, WIDTH, h);
  const edgesB = edgeMap(b, WIDTH, h);
  // Recall: the original's structure (straight edges count more) must still be there.
  const recall = matchScore(edgesA, edgesB, weights, h, (i) => 0.5 + straightness[i]);
  // Precision: no new structure (a new window, a moved wall) in the protected regions.
  const precision = matchScore(edgesB, edgesA, weights, h, () => 1);
  const edgeScore = 0.75 * recall + 0.25 * precision;
  return clamp01(EDGE_WEIGHT * edgeScore + (1 - EDGE_WEIGHT) * toneSimilarity(a, b, weights));
}

/** Below the threshold the job retries once with the stricter prompt. */
export function needsStricterRetry(score: number, threshold: number): boolean {
  return score < threshold;
}

async function greyAt(image: Buffer, width: number, height: number): Promise<Float32Array> {
  const data = await sharp(image).rotate().resize(width, height, { fit: 'fill' }).greyscale().blur(0.8).raw().toBuffer();
  return Float32Array.from(data);
}

/**
 * Furniture goes in the lower middle; the upper band and the frame's side strips must stay.
 * Weights fade between the two so that no row is a cliff.
 */
function regionWeights(w: number, h: number): Float32Array {
  const weights = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const t = Math.max(0, Math.min(1, (y / h - UPPER_BAND) / 0.15));
    for (let x = 0; x < w; x++) {
      const side = x < w * 0.08 || x >= w * 0.92;
      weights[y * w + x] = 1 - t * (1 - (side ? 0.6 : 0.15));
    }
  }
  return weights;
}

function edgeMap(g: Float32Array, w: number, h: number): EdgeMap {
  const magnitude = new Float32Array(w * h);
  const bin = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = g[i - w + 1] + 2 * g[i + 1] + g[i + w + 1] - g[i - w - 1] - 2 * g[i - 1] - g[i + w - 1];
      const gy = g[i + w - 1] + 2 * g[i + w] + g[i + w + 1] - g[i - w - 1] - 2 * g[i - w] - g[i - w + 1];
      magnitude[i] = Math.hypot(gx, gy);
      const angle = Math.atan2(gy, gx) + Math.PI; // 0..2π; opposite gradients are the same edge
      bin[i] = Math.floor((angle % Math.PI) / (Math.PI / ORIENTATION_BINS)) % ORIENTATION_BINS;
    }
  }
  return { magnitude, bin, strong: strongThreshold(magnitude) };
}

/** Strong means the top ~10 % of edges, but never sensor grain on a flat wall. */
function strongThreshold(magnitude: Float32Array): number {
  // Two order statistics by selection instead of a full sort (this runs on the event loop).
  const values = Float32Array.from(magnitude);
  const rank = (q: number) => Math.min(values.length - 1, Math.floor(q * values.length));
  const high = select(values, rank(0.995), 0, values.length - 1);
  // After selecting rank(0.995) everything left of it is no larger, so rank(0.9) lies in that part.
  const low = select(values, rank(0.9), 0, rank(0.995));
  return Math.max(low, 0.25 * high, 40);
}

/** The k-th smallest value of values[from..to] (Hoare's quickselect; reorders that range). */
function select(values: Float32Array, k: number, from: number, to: number): number {
  let [lo, hi] = [from, to];
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let [i, j] = [lo, hi];
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}

/**
 * Weighted share of `source`'s strong edges that find a `target` edge of similar direction within
 * MATCH_RADIUS, rescaled so that hitting by chance (the weighted coverage of those target edges)
 * gives 0 and a perfect match 1. Target edges count from half the source's threshold: furniture
 * adds strong edges to a result, and that must not push a faint ceiling line out of the comparison.
 */
function matchScore(source: EdgeMap, target: EdgeMap, weights: Float32Array, h: number, emphasis: (i: number) => number): number {
  const w = WIDTH;
  const floor = source.strong / 2;
  const reach: Uint8Array[] = [];
  const coverage: number[] = [];
  let area = 0;
  for (let i = 0; i < weights.length; i++) area += weights[i];
  for (let k = 0; k < ORIENTATION_BINS; k++) {
    const near = new Uint8Array(ORIENTATION_BINS);
    for (let bin = 0; bin < ORIENTATION_BINS; bin++) {
      const distance = Math.abs(bin - k);
      near[bin] = Math.min(distance, ORIENTATION_BINS - distance) <= 1 ? 1 : 0;
    }
    const mask = new Uint8Array(w * h);
    for (let i = 0; i < mask.length; i++) mask[i] = target.magnitude[i] > floor ? near[target.bin[i]] : 0;
    const dilated = dilate(mask, w, h, MATCH_RADIUS);
    let covered = 0;
    for (let i = 0; i < dilated.length; i++) if (dilated[i]) covered += weights[i];
    reach.push(dilated);
    coverage.push(covered / area);
  }
  let hit = 0;
  let expected = 0;
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    if (source.magnitude[i] <= source.strong) continue;
    const weight = weights[i] * emphasis(i);
    total += weight;
    expected += weight * coverage[source.bin[i]];
    if (reach[source.bin[i]][i]) hit += weight;
  }
  if (total === 0) return 1; // nothing to keep (a blank image) is kept perfectly
  const chance = expected / total;
  return chance >= 1 ? 0 : clamp01((hit / total - chance) / (1 - chance));
}

function dilate(mask: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let yy = Math.max(0, y - radius); yy <= Math.min(h - 1, y + radius); yy++) {
        out.fill(1, yy * w + Math.max(0, x - radius), yy * w + Math.min(w - 1, x + radius) + 1);
      }
    }
  }
  return out;
}

/** Structure-tensor coherence (5x5): ~1 on straight lines (walls, frames), ~0 on texture and noise. */
function coherence(g: Float32Array, w: number, h: number): Float32Array {
  const jxx = new Float32Array(w * h);
  const jyy = new Float32Array(w * h);
  const jxy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = (g[i + 1] - g[i - 1]) / 2;
      const gy = (g[i + w] - g[i - w]) / 2;
      jxx[i] = gx * gx;
      jyy[i] = gy * gy;
      jxy[i] = gx * gy;
    }
  }
  const out = new Float32Array(w * h);
  const r = 2;
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) {
      let sxx = 0;
      let syy = 0;
      let sxy = 0;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const j = (y + dy) * w + x + dx;
          sxx += jxx[j];
          syy += jyy[j];
          sxy += jxy[j];
        }
      }
      const trace = sxx + syy;
      out[y * w + x] = trace > 1e-6 ? Math.sqrt((sxx - syy) ** 2 + 4 * sxy * sxy) / trace : 0;
    }
  }
  return out;
}

/** Brightness in 16 px blocks, weighted like the edges: a repainted or relit room differs here. */
function toneSimilarity(a: Float32Array, b: Float32Array, weights: Float32Array): number {
  const block = 16;
  const w = WIDTH;
  const h = a.length / w;
  let difference = 0;
  let weightSum = 0;
  for (let by = 0; by + block <= h; by += block) {
    for (let bx = 0; bx + block <= w; bx += block) {
      let sa = 0;
      let sb = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          sa += a[y * w + x];
          sb += b[y * w + x];
        }
      }
      const weight = weights[(by + block / 2) * w + bx + block / 2];
      difference += (weight * Math.abs(sa - sb)) / (block * block * 255);
      weightSum += weight;
    }
  }
  return weightSum ? clamp01(1 - (4 * difference) / weightSum) : 1;
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}
