import { type CV, withMats } from '../threads/opencv.js';
import { gradientField, structureSupport, type StructureSupport } from './structure-support.js';

/**
 * Aligns the model's result to the original (both grey, working size, the result already resized to
 * the original's frame). Real models relight, re-render and stretch what they return, so no single
 * estimate is trusted on its own:
 * 1. BRISK sees both images locally normalised (CLAHE), so a warmer, brighter or darker re-render still
 *    gives the same corners;
 * 2. ORB and BRISK matches are pooled (one source is thin in smooth, freshly painted rooms); BRISK,
 *    the costlier, only when ORB alone does not align the pair with a wide margin;
 * 3. candidate transforms are made from them: the identity (the provider kept the frame), a RANSAC
 *    homography, a RANSAC affine map (a stretch has no perspective), and each candidate refitted
 *    by least squares on the matches it explains;
 * 4. the candidate under which the photo's structure patches line up best wins (most patches, most precisely)
 *    (structure-support.ts): the fit is judged by the room across the whole frame, not by how many
 *    points agree with it (a homography can fit its inliers and be 20 px off at the frame's edges).
 *
 * The homography maps result-working coordinates to original-working coordinates.
 */
export interface Alignment {
  ok: boolean;
  /** Row-major 3×3, h22 = 1: result → original (working pixels). Identity when nothing better was found. */
  homography: number[];
  /** Which candidate won (for logs and tests). */
  method: 'identity' | 'homography' | 'affine' | 'refined';
  /** Pooled feature matches after the ratio test. */
  goodMatches: number;
  /** Matches the chosen transform explains (within the RANSAC threshold). */
  inliers: number;
  /** Median reprojection error of those matches, in working pixels (Infinity without matches). */
  residualPx: number;
  support: StructureSupport;
  /** Why it is not trusted (for logs and tests). */
  problem?: string;
}

const ORB_FEATURES = 1500;
/** Lower than ORB's default (20) so smooth, freshly painted rooms still give enough corners. */
const FAST_THRESHOLD = 10;
const BRISK_SCALE = 0.5;
const BRISK_THRESHOLD = 20;
const RATIO = 0.8;
/** RANSAC inlier threshold as a share of the long side (3 px at 1024). */
const RANSAC_SHARE = 3 / 1024;
const RANSAC_SEED = 20261126;
/**
 * Least structure support of a trusted alignment: patches that line up, in absolute numbers (a good
 * output of a bare room still shows its corners, frames and skirting) and as a share of the photo's
 * patches (furniture may hide many, a moved camera or a rebuilt room lines up almost none), spread
 * over at least three quarters of the frame.
 */
export const MIN_SUPPORT = 30;
export const MIN_SUPPORT_SHARE = 0.3;
const MIN_PER_QUARTER = 2;
/** Feature matches that must agree with the chosen transform: a count, and a share of all matches. */
export const MIN_AGREEING_MATCHES = 12;
export const MIN_AGREEING_SHARE = 0.25;
/**
 * A texture-poor photo (plain walls and carpet, a small file) gives few matches even against itself:
 * MIN_FEW_MATCHES agreeing are enough when the photo's structure lines up over most of the frame
 * (a moved camera or a rebuilt room lines up well under a third: decision 035).
 */
const MIN_FEW_MATCHES = 6;
const FEW_MATCHES_SUPPORT_SHARE = 0.6;
/** Grey levels within which a pixel of the result is the photo's own (JPEG noise at the engines' qualities). */
const SAME_LEVEL = 8;
/** Share of the frame that must be the photo's own pixels for the result to have the photo's camera. */
const UNCHANGED_SHARE = 0.5;
/** Drift a model adds after the aspect ratio is undone: ±25 % scale, up to ±12 % stretch, a slight tilt. */
const SCALE_RANGE: [number, number] = [0.8, 1.25];
const MAX_ANISOTROPY = 1.25;
const MAX_PERSPECTIVE = 0.12;
const MAX_SHIFT_SHARE = 0.15;

export const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];

interface Matches {
  src: number[];
  dst: number[];
}

export function alignResult(cv: CV, originalGrey: any, resultGrey: any): Alignment {
  const width = originalGrey.cols;
  const height = originalGrey.rows;
  const threshold = RANSAC_SHARE * Math.max(width, height);
  // RANSAC samples at random: a fixed seed gives the same photo and answer the same verdict every time.
  cv.setRNGSeed(RANSAC_SEED);
  const photo = gradientField(cv, originalGrey);
  const score = (h: number[]) => {
    const { field, valid } = warpedField(cv, resultGrey, h);
    return structureSupport(photo.data, field, valid, photo.width, photo.height);
  };
  const orb = featureMatches(cv, originalGrey, resultGrey, 'orb');
  const first = bestTransform(cv, orb, orb, score, width, height, threshold);
  // ORB on the photo's own grey suffices when its evidence is clear; a relit, re-rendered or smooth
  // room needs BRISK's matches on locally normalised (CLAHE) images besides (the costlier detector).
  if (!first.problem && clearly(first)) return first;
  const brisk = withMats(cv, (keep) => {
    const clahe = keep(new cv.CLAHE(2.0, new cv.Size(8, 8)));
    const normO = keep(new cv.Mat());
    const normR = keep(new cv.Mat());
    clahe.apply(originalGrey, normO);
    clahe.apply(resultGrey, normR);
    return featureMatches(cv, normO, normR, 'brisk');
  });
  const found = bestTransform(cv, pool(orb, brisk), orb, score, width, height, threshold);
  return found.ok ? found : (photoItself(originalGrey, resultGrey, found, score) ?? found);
}

/**
 * A result that is the photo itself over most of the frame has the photo's camera: the offline
 * engine draws onto the photo, and an inpainting model keeps every pixel outside its mask. On a
 * plain room (few features of its own) the feature matches then sit mostly on the new furniture and
 * disagree; the pixels themselves are the stronger witness. The structure must still line up over
 * the same share of its patches, spread over the frame (their number is not asked: a small plain photo
 * has few, and the furniture hides some).
 */
function photoItself(originalGrey: any, resultGrey: any, failed: Alignment, score: (h: number[]) => StructureSupport): Alignment | undefined {
  if (originalGrey.cols !== resultGrey.cols || originalGrey.rows !== resultGrey.rows) return undefined;
  const a = originalGrey.data as Uint8Array;
  const b = resultGrey.data as Uint8Array;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) <= SAME_LEVEL) same++;
  if (same < UNCHANGED_SHARE * a.length) return undefined;
  const support = failed.method === 'identity' ? failed.support : score(IDENTITY);
  // Shares only: a small, plain photo has few structure patches, and the furniture hides some of them.
  if (structureProblem(support, false)) return undefined;
  return { ...failed, homography: IDENTITY, method: 'identity', residualPx: 0, support, ok: true, problem: undefined };
}

/** ORB alone is enough when its alignment is trusted with a wide margin on every witness. */
function clearly(a: Alignment): boolean {
  return a.support.supporting >= 2 * MIN_SUPPORT && a.support.supporting >= 1.5 * MIN_SUPPORT_SHARE * a.support.patches && a.inliers >= 4 * MIN_AGREEING_MATCHES && a.inliers >= 1.6 * MIN_AGREEING_SHARE * a.goodMatches;
}

/**
 * The candidate transforms from `matches` (identity, RANSAC homography and affine map, the winner
 * refitted on ORB's full-resolution matches and on all), the one under which the photo's structure
 * lines up best, and whether it is trusted.
 */
function bestTransform(cv: CV, matches: Matches, orb: Matches, score: (h: number[]) => StructureSupport, width: number, height: number, threshold: number): Alignment {
  const good = matches.src.length / 2;
  const candidates: { method: Alignment['method']; h: number[] }[] = [{ method: 'identity', h: IDENTITY }];
  if (good >= 8) {
    const h = robustHomography(cv, matches, threshold);
    if (h) candidates.push({ method: 'homography', h });
    const a = robustAffine(cv, matches, threshold);
    if (a) candidates.push({ method: 'affine', h: a });
  }
  let best: { method: Alignment['method']; h: number[]; support: StructureSupport } | undefined;
  const consider = (method: Alignment['method'], h: number[]) => {
    if (implausibleDrift(h, width, height)) return;
    const support = score(h);
    if (!best || support.score > best.support.score) best = { method, h, support };
  };
  for (const c of candidates) consider(c.method, c.h);
  // Refit the winner on every match it explains (RANSAC's model rests on a minimal sample).
  if (best && good >= 8) {
    // On ORB's full-resolution keypoints where there are enough: BRISK's come from half the size.
    const start = best.h;
    const refits = matches === orb ? [refit(cv, orb, start, threshold)] : [refit(cv, orb, start, threshold), refit(cv, matches, start, threshold)];
    for (const refined of refits) if (refined) consider('refined', refined);
  }
  if (!best) best = { method: 'identity', h: IDENTITY, support: score(IDENTITY) };
  const errors = reprojectionErrors(matches, best.h).filter((e) => e <= threshold);
  const base = { homography: best.h, method: best.method, goodMatches: good, inliers: errors.length, residualPx: median(errors), support: best.support };
  const problem = untrusted(best.support, errors.length, good);
  if (problem) return { ...base, ok: false, problem };
  return { ...base, ok: true };
}

/**
 * Undefined when the evidence says "same room, same camera"; else what is missing. Two independent
 * witnesses must agree: the photo's structure lines up under the transform (spread over the frame),
 * and the feature matches agree with it (a moved camera or a rebuilt room can line up some
 * structure by chance under the identity, but its matches then point elsewhere).
 */
function untrusted(s: StructureSupport, inliers: number, goodMatches: number): string | undefined {
  const structure = structureProblem(s);
  if (structure) return structure;
  if (inliers < MIN_AGREEING_MATCHES || inliers < MIN_AGREEING_SHARE * goodMatches) {
    // A plain, small photo has few features at all; then its structure must line up over most of the frame.
    const few = inliers >= MIN_FEW_MATCHES && inliers >= MIN_AGREEING_SHARE * goodMatches && s.supporting >= FEW_MATCHES_SUPPORT_SHARE * s.patches;
    if (!few) return `${inliers} of ${goodMatches} feature matches agree`;
  }
  return undefined;
}

/** The structure witness alone: enough of the photo's structure patches line up, spread over the frame. */
function structureProblem(s: StructureSupport, absolute = true): string | undefined {
  if (absolute && s.supporting < MIN_SUPPORT) return `${s.supporting} structure patches line up`;
  if (s.supporting < MIN_SUPPORT_SHARE * s.patches) return `${s.supporting} of ${s.patches} structure patches line up`;
  if (s.quarters.filter((q) => q >= MIN_PER_QUARTER).length < 3) return `structure lines up in fewer than three quarters (${s.quarters.join('/')})`;
  return undefined;
}

function featureMatches(cv: CV, a: any, b: any, kind: 'orb' | 'brisk'): Matches {
  return withMats(cv, (keep) => {
    const detector =
      kind === 'orb'
        ? keep(new cv.ORB(ORB_FEATURES, 1.2, 8, 31, 0, 2, cv.ORB_HARRIS_SCORE, 31, FAST_THRESHOLD))
        : keep(new cv.BRISK(BRISK_THRESHOLD, 3, 1.0));
    // BRISK sees half the working size (its own scale space reaches the coarse structure; WASM time
    // is scarce), and its keypoints are scaled back.
    const f = kind === 'brisk' ? BRISK_SCALE : 1;
    const sized = (m: any) => {
      if (f === 1) return m;
      const out = keep(new cv.Mat());
      cv.resize(m, out, new cv.Size(Math.round(m.cols * f), Math.round(m.rows * f)), 0, 0, cv.INTER_AREA);
      return out;
    };
    const k1 = keep(new cv.KeyPointVector());
    const k2 = keep(new cv.KeyPointVector());
    const d1 = keep(new cv.Mat());
    const d2 = keep(new cv.Mat());
    const none = keep(new cv.Mat());
    detector.detectAndCompute(sized(a), none, k1, d1);
    detector.detectAndCompute(sized(b), none, k2, d2);
    const out: Matches = { src: [], dst: [] };
    if (d1.rows < 2 || d2.rows < 2) return out;
    const matcher = keep(new cv.BFMatcher(cv.NORM_HAMMING, false));
    const knn = keep(new cv.DMatchVectorVector());
    matcher.knnMatch(d2, d1, knn, 2); // query: result, train: original
    for (let i = 0; i < knn.size(); i++) {
      const pair = knn.get(i);
      if (pair.size() >= 2) {
        const m = pair.get(0);
        const n = pair.get(1);
        if (m.distance < RATIO * n.distance) {
          const p = k2.get(m.queryIdx).pt;
          const q = k1.get(m.trainIdx).pt;
          out.src.push(p.x / f, p.y / f);
          out.dst.push(q.x / f, q.y / f);
        }
      }
      pair.delete();
    }
    return out;
  });
}

function pool(a: Matches, b: Matches): Matches {
  return { src: [...a.src, ...b.src], dst: [...a.dst, ...b.dst] };
}

function pointMats(cv: CV, keep: <M extends { delete(): void }>(m: M) => M, m: Matches) {
  const n = m.src.length / 2;
  return [keep(cv.matFromArray(n, 1, cv.CV_32FC2, m.src)), keep(cv.matFromArray(n, 1, cv.CV_32FC2, m.dst))];
}

function robustHomography(cv: CV, m: Matches, threshold: number): number[] | undefined {
  return withMats(cv, (keep) => {
    const [src, dst] = pointMats(cv, keep, m);
    const mask = keep(new cv.Mat());
    const H = keep(cv.findHomography(src, dst, cv.RANSAC, threshold, mask, 2000, 0.995));
    return H.empty() ? undefined : normalised(H.data64F as Float64Array);
  });
}

function robustAffine(cv: CV, m: Matches, threshold: number): number[] | undefined {
  return withMats(cv, (keep) => {
    const [src, dst] = pointMats(cv, keep, m);
    const mask = keep(new cv.Mat());
    const A = keep(cv.estimateAffine2D(src, dst, mask, cv.RANSAC, threshold, 2000, 0.995, 10));
    if (A.empty()) return undefined;
    const a = A.data64F as Float64Array;
    return [a[0], a[1], a[2], a[3], a[4], a[5], 0, 0, 1];
  });
}

/** Least-squares homography on the matches `h` explains within `tolerance`. */
function refit(cv: CV, m: Matches, h: number[], tolerance: number): number[] | undefined {
  const errors = reprojectionErrors(m, h);
  const kept: Matches = { src: [], dst: [] };
  errors.forEach((e, i) => {
    if (e > tolerance) return;
    kept.src.push(m.src[2 * i], m.src[2 * i + 1]);
    kept.dst.push(m.dst[2 * i], m.dst[2 * i + 1]);
  });
  if (kept.src.length / 2 < 12) return undefined;
  return withMats(cv, (keep) => {
    const [src, dst] = pointMats(cv, keep, kept);
    const H = keep(cv.findHomography(src, dst, 0));
    return H.empty() ? undefined : normalised(H.data64F as Float64Array);
  });
}

/** The result's gradient field after warping it by `h`, with where it has pixels (both at half size). */
function warpedField(cv: CV, resultGrey: any, h: number[]): { field: Float32Array; valid: Uint8Array } {
  return withMats(cv, (keep) => {
    const width = resultGrey.cols;
    const height = resultGrey.rows;
    const H = keep(cv.matFromArray(3, 3, cv.CV_64F, h));
    const warped = keep(new cv.Mat());
    const size = new cv.Size(width, height);
    cv.warpPerspective(resultGrey, warped, H, size, cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
    const field = gradientField(cv, warped);
    const ones = keep(new cv.Mat(height, width, cv.CV_8UC1, new cv.Scalar(255)));
    const cover = keep(new cv.Mat());
    cv.warpPerspective(ones, cover, H, size, cv.INTER_NEAREST, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const half = keep(new cv.Mat());
    cv.resize(cover, half, new cv.Size(field.width, field.height), 0, 0, cv.INTER_NEAREST);
    return { field: field.data, valid: new Uint8Array(half.data) };
  });
}

function reprojectionErrors(m: Matches, h: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < m.src.length / 2; i++) {
    const [x, y] = project(h, m.src[2 * i], m.src[2 * i + 1]);
    out.push(Math.hypot(x - m.dst[2 * i], y - m.dst[2 * i + 1]));
  }
  return out;
}

function normalised(h: ArrayLike<number>): number[] {
  return Array.from(h, (v) => v / h[8]);
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
