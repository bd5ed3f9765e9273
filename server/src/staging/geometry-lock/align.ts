import { type CV, withMats } from './opencv.js';

/**
 * Aligns the model's result to the original: ORB features on both (grey, working size), a Lowe ratio
 * test on the two nearest matches, and a RANSAC homography. New furniture has no counterpart in the
 * original, so its features fall out as outliers; walls, frames, floor joints and ceiling details
 * carry the fit. The homography maps result-working coordinates to original-working coordinates
 * (both images are the same working size; see working-images.ts).
 *
 * A homography is trusted only when enough matches agree with it and it is a plausible "drift"
 * (a provider's rescale, shift, small rotation or crop), not a different viewpoint: all thresholds
 * are relative to the frame size, so they hold at any resolution.
 */
export interface Alignment {
  ok: boolean;
  /** Row-major 3×3, h22 = 1: result → original (working pixels). Identity when not ok. */
  homography: number[];
  goodMatches: number;
  inliers: number;
  /** Median reprojection error of the inliers, in working pixels. */
  residualPx: number;
  /** Why it is not trusted (for logs and tests). */
  problem?: string;
}

const FEATURES = 2500;
const RATIO = 0.75;
/** RANSAC inlier threshold as a share of the long side (3 px at 1024). */
const RANSAC_SHARE = 3 / 1024;
const MIN_INLIERS = 40;
const MIN_INLIER_RATIO = 0.3;
/** Drift a model adds after the aspect ratio is undone: ±25 % scale, ±20 % anisotropy, a slight tilt. */
const SCALE_RANGE: [number, number] = [0.8, 1.25];
const MAX_ANISOTROPY = 1.2;
const MAX_PERSPECTIVE = 0.12;
const MAX_SHIFT_SHARE = 0.15;

export const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];

export function alignResult(cv: CV, originalGrey: any, resultGrey: any): Alignment {
  const width = originalGrey.cols;
  const height = originalGrey.rows;
  return withMats(cv, (keep) => {
    const orb = keep(new cv.ORB(FEATURES));
    const k1 = keep(new cv.KeyPointVector());
    const k2 = keep(new cv.KeyPointVector());
    const d1 = keep(new cv.Mat());
    const d2 = keep(new cv.Mat());
    const none = keep(new cv.Mat());
    orb.detectAndCompute(originalGrey, none, k1, d1);
    orb.detectAndCompute(resultGrey, none, k2, d2);
    const failed = (problem: string, goodMatches = 0, inliers = 0): Alignment => ({ ok: false, homography: IDENTITY, goodMatches, inliers, residualPx: Infinity, problem });
    if (d1.rows < 8 || d2.rows < 8) return failed('too few features');

    const matcher = keep(new cv.BFMatcher(cv.NORM_HAMMING, false));
    const knn = keep(new cv.DMatchVectorVector());
    matcher.knnMatch(d2, d1, knn, 2); // query: result, train: original
    const src: number[] = [];
    const dst: number[] = [];
    for (let i = 0; i < knn.size(); i++) {
      const pair = knn.get(i);
      if (pair.size() >= 2) {
        const m = pair.get(0);
        const n = pair.get(1);
        if (m.distance < RATIO * n.distance) {
          const p = k2.get(m.queryIdx).pt;
          const q = k1.get(m.trainIdx).pt;
          src.push(p.x, p.y);
          dst.push(q.x, q.y);
        }
      }
      pair.delete();
    }
    const good = src.length / 2;
    if (good < MIN_INLIERS) return failed('too few matches', good);

    const srcMat = keep(cv.matFromArray(good, 1, cv.CV_32FC2, src));
    const dstMat = keep(cv.matFromArray(good, 1, cv.CV_32FC2, dst));
    const inlierMask = keep(new cv.Mat());
    const threshold = RANSAC_SHARE * Math.max(width, height);
    const H = keep(cv.findHomography(srcMat, dstMat, cv.RANSAC, threshold, inlierMask, 2000, 0.995));
    if (H.empty()) return failed('no homography', good);
    const h = Array.from(H.data64F as Float64Array).map((v) => v / H.data64F[8]);

    const flags = inlierMask.data as Uint8Array;
    const errors: number[] = [];
    for (let i = 0; i < good; i++) {
      if (!flags[i]) continue;
      const [x, y] = project(h, src[2 * i], src[2 * i + 1]);
      errors.push(Math.hypot(x - dst[2 * i], y - dst[2 * i + 1]));
    }
    const inliers = errors.length;
    const residualPx = median(errors);
    const base = { homography: h, goodMatches: good, inliers, residualPx };
    if (inliers < MIN_INLIERS) return { ...base, ok: false, problem: `only ${inliers} inliers` };
    if (inliers / good < MIN_INLIER_RATIO) return { ...base, ok: false, problem: `inlier ratio ${(inliers / good).toFixed(2)}` };
    const drift = implausibleDrift(h, width, height);
    if (drift) return { ...base, ok: false, problem: drift };
    return { ...base, ok: true };
  });
}

/** Undefined when the homography is a plausible provider drift; else what is wrong with it. */
export function implausibleDrift(h: number[], width: number, height: number): string | undefined {
  // Local linear part at the frame's centre (includes the perspective terms' effect there).
  const cx = width / 2;
  const cy = height / 2;
  const d = 1;
  const [x0, y0] = project(h, cx, cy);
  const [xa, ya] = project(h, cx + d, cy);
  const [xb, yb] = project(h, cx, cy + d);
  const [s1, s2] = singularValues(xa - x0, xb - x0, ya - y0, yb - y0);
  if (!(s2 >= SCALE_RANGE[0] && s1 <= SCALE_RANGE[1])) return `scale ${s2.toFixed(2)}–${s1.toFixed(2)} out of range`;
  if (s1 / s2 > MAX_ANISOTROPY) return `anisotropy ${(s1 / s2).toFixed(2)}`;
  const w = Math.abs(h[6]) * width + Math.abs(h[7]) * height;
  if (w > MAX_PERSPECTIVE) return `perspective ${w.toFixed(3)}`;
  if (Math.hypot(x0 - cx, y0 - cy) > MAX_SHIFT_SHARE * Math.max(width, height)) return 'shifted too far';
  // Every corner must still land near its own (no fold, no wild perspective at the edges).
  for (const [x, y] of [[0, 0], [width, 0], [0, height], [width, height]]) {
    const den = h[6] * x + h[7] * y + h[8];
    if (den <= 0.5) return 'degenerate at the corners';
  }
  return undefined;
}

export function project(h: number[], x: number, y: number): [number, number] {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

function singularValues(a: number, b: number, c: number, d: number): [number, number] {
  const s = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const root = Math.sqrt(Math.max(0, s * s - 4 * det * det));
  return [Math.sqrt((s + root) / 2), Math.sqrt(Math.max(0, (s - root) / 2))];
}

function median(values: number[]): number {
  if (!values.length) return Infinity;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
