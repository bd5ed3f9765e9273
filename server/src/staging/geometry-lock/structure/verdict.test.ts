import { describe, expect, it } from 'vitest';
import type { Segment } from './structure-lines.js';
import {
  alignmentErrorPx,
  isBuildingVertical,
  linesPresent,
  MAX_ALIGNMENT_ERROR,
  MAX_CHANGED_SHARE,
  MAX_DIFFERING_SHARE,
  MAX_REMOVED_SHARE,
  MIN_ARCHITECTURE_SCORE,
  NO_ALIGNMENT_PX,
  round,
  tooMuchChanged,
  tooMuchRemoved,
  verdict,
  verticalLost,
  type Measured,
} from './verdict.js';

/**
 * The lock's verdict rules with exact values on both sides of every threshold. These are the
 * functions verify.ts and removal-verify.ts call (lock.test.ts and removal-lock.test.ts run them on
 * photos; this file is fast enough for mutation testing).
 */
const W = 10;
const H = 10;
/** A W×H map with 1 at the given (x, y) points. */
function map(points: [number, number][] = []): Uint8Array {
  const m = new Uint8Array(W * H);
  for (const [x, y] of points) m[y * W + x] = 1;
  return m;
}
const all = () => new Uint8Array(W * H).fill(1);
/** A 20×20 map, for lines with 10 sample points. */
function big(points: [number, number][] = []): Uint8Array {
  const m = new Uint8Array(400);
  for (const [x, y] of points) m[y * 20 + x] = 1;
  return m;
}
const row = (y: number, xs: number[]): [number, number][] => xs.map((x) => [x, y]);
const column = (x: number, ys: number[]): [number, number][] => ys.map((y) => [x, y]);
const seg = (x1: number, y1: number, x2: number, y2: number, length = Math.hypot(x2 - x1, y2 - y1)): Segment => ({ x1, y1, x2, y2, length });

const GOOD: Measured = {
  alignmentOk: true,
  alignmentErrorPx: 1,
  architectureScore: 0.95,
  changedShare: 0.3,
  differingShare: 0.2,
  tooMuchChanged: false,
  structureChanged: 0,
  openingsCovered: 0,
  structureSupport: 40,
};

describe('the verdict', () => {
  it('a composite within every rule is locked with its figures rounded', () => {
    expect(verdict({ ...GOOD, alignmentErrorPx: 1.23456, changedShare: 0.123456, architectureScore: 0.98765 })).toStrictEqual({
      figures: { alignmentErrorPx: 1.235, changedShare: 0.1235, architectureScore: 0.988, structureSupport: 40 },
      reasons: [],
    });
    expect(verdict({ ...GOOD, structureSupport: undefined }).figures).toStrictEqual({ alignmentErrorPx: 1, changedShare: 0.3, architectureScore: 0.95 });
  });

  it(`the alignment fails without a homography or above ${MAX_ALIGNMENT_ERROR} px`, () => {
    expect(verdict({ ...GOOD, alignmentOk: false }).reasons).toEqual(['alignment_failed']);
    expect(verdict({ ...GOOD, alignmentErrorPx: MAX_ALIGNMENT_ERROR }).reasons).toEqual([]);
    expect(verdict({ ...GOOD, alignmentErrorPx: 2.501 }).reasons).toEqual(['alignment_failed']);
  });

  it(`the architecture changed below a score of ${MIN_ARCHITECTURE_SCORE} or where structure changed inside the mask`, () => {
    expect(verdict({ ...GOOD, architectureScore: MIN_ARCHITECTURE_SCORE }).reasons).toEqual([]);
    expect(verdict({ ...GOOD, architectureScore: 0.699 }).reasons).toEqual(['architecture_changed']);
    expect(verdict({ ...GOOD, structureChanged: 1 }).reasons).toEqual(['architecture_changed']);
  });

  it('a covered opening refuses; so does too much change, reporting the larger of the changed and differing shares', () => {
    expect(verdict({ ...GOOD, openingsCovered: 1 }).reasons).toEqual(['opening_covered']);
    expect(verdict({ ...GOOD, tooMuchChanged: true, changedShare: 0.3, differingShare: 0.65 })).toStrictEqual({
      figures: { alignmentErrorPx: 1, changedShare: 0.65, architectureScore: 0.95, structureSupport: 40 },
      reasons: ['too_much_changed'],
    });
    expect(verdict({ ...GOOD, tooMuchChanged: true, changedShare: 0.75, differingShare: 0.65 }).figures.changedShare).toBe(0.75);
    // Within the rules the stored share is the mask's own, even when more differs.
    expect(verdict({ ...GOOD, changedShare: 0.3, differingShare: 0.5 }).figures.changedShare).toBe(0.3);
  });

  it('every broken rule is reported, in a fixed order', () => {
    expect(verdict({ ...GOOD, alignmentOk: false, architectureScore: 0.1, openingsCovered: 2, tooMuchChanged: true }).reasons).toEqual([
      'alignment_failed',
      'architecture_changed',
      'opening_covered',
      'too_much_changed',
    ]);
  });

  it('the alignment error is scaled to 1024 px on the long side; no residual is reported as 999', () => {
    expect(alignmentErrorPx(1, 2048)).toBe(0.5);
    expect(alignmentErrorPx(3, 512)).toBe(6);
    expect(alignmentErrorPx(Number.NaN, 1024)).toBe(NO_ALIGNMENT_PX);
    expect(alignmentErrorPx(Number.POSITIVE_INFINITY, 1024)).toBe(999);
  });

  it('rounds half up at the given digits', () => {
    expect(round(0.12345, 4)).toBe(0.1235);
    expect(round(2.5, 0)).toBe(3);
    expect(round(1.0004, 3)).toBe(1);
  });
});

describe('too much changed (furnishing)', () => {
  const mask = (hardPoints: [number, number][], changedShare = 0.2, differingShare = 0.2, height = H) => ({ hard: map(hardPoints), width: W, height, changedShare, differingShare });
  const upperPixels = (n: number) => Array.from({ length: n }, (_, i) => [i % W, Math.floor(i / W)] as [number, number]);

  it(`over ${MAX_CHANGED_SHARE} of the frame changed, or over ${MAX_DIFFERING_SHARE} differing`, () => {
    expect(tooMuchChanged(mask([], MAX_CHANGED_SHARE))).toBe(false);
    expect(tooMuchChanged(mask([], 0.701))).toBe(true);
    expect(tooMuchChanged(mask([], 0.2, MAX_DIFFERING_SHARE))).toBe(false);
    expect(tooMuchChanged(mask([], 0.2, 0.601))).toBe(true);
  });

  it('over a quarter of the upper 40 % of the frame covered (10 of the 40 pixels may be)', () => {
    expect(tooMuchChanged(mask(upperPixels(10)))).toBe(false);
    expect(tooMuchChanged(mask(upperPixels(11)))).toBe(true);
    // Below the band anything may change: all 60 lower pixels.
    expect(tooMuchChanged(mask(Array.from({ length: 60 }, (_, i) => [i % W, 4 + Math.floor(i / W)] as [number, number])))).toBe(false);
    // 9 rows: the band is round(3.6) = 4 rows; the first pixel of row 4 is outside it.
    expect(tooMuchChanged(mask([...upperPixels(10), [0, 4]], 0.2, 0.2, 9))).toBe(false);
    // 11 rows: round(4.4) = 4 rows.
    expect(tooMuchChanged(mask([...upperPixels(10), [0, 4]], 0.2, 0.2, 11))).toBe(false);
  });
});

describe('too much removed (removal)', () => {
  it(`over ${MAX_REMOVED_SHARE} cleared or differing`, () => {
    expect(tooMuchRemoved({ changedShare: MAX_REMOVED_SHARE, differingShare: MAX_REMOVED_SHARE })).toBe(false);
    expect(tooMuchRemoved({ changedShare: 0.601, differingShare: 0.1 })).toBe(true);
    expect(tooMuchRemoved({ changedShare: 0.1, differingShare: 0.601 })).toBe(true);
  });
});

describe('lines present', () => {
  // A horizontal line y=1, x 0…8: length 8, 4 steps, sampled at x = 0, 2, 4, 6, 8.
  const long = seg(0, 1, 8, 1);
  // A horizontal line y=5, x 0…4: length 4, 2 steps, sampled at x = 0, 2, 4.
  const short = seg(0, 5, 4, 5);

  it('is 1 when no line is judged', () => {
    expect(linesPresent([], map(), map(), all(), W)).toBe(1);
    // 4 of 5 points covered: 1 uncovered < 0.3 × 5, not judged.
    expect(linesPresent([long], map(), map(row(1, [0, 2, 4, 6])), all(), W)).toBe(1);
  });

  it('a line is present when an edge is found at half or more of its uncovered points', () => {
    expect(linesPresent([long], map(row(1, [0, 2, 4])), map(), all(), W)).toBe(1);
    expect(linesPresent([long], map(row(1, [0, 2])), map(), all(), W)).toBe(0);
    expect(linesPresent([long], map(row(1, [0, 1, 3, 5, 7])), map(), all(), W)).toBe(0);
    // 3 covered, 2 uncovered (2 ≥ 1.5: judged), an edge at 1 of them: present.
    expect(linesPresent([long], map(row(1, [8])), map(row(1, [0, 2, 4])), all(), W)).toBe(1);
    // Invalid points count as covered.
    expect(linesPresent([long], map(row(1, [8])), map(), map(row(1, [6, 8])), W)).toBe(1);
  });

  it('samples the line itself, from its first point to its last, in any direction', () => {
    // A vertical line x=3, y 1…9 (sampled at y = 1, 3, 5, 7, 9) with an edge at each sample, and an
    // absent line y=0, x 5…9: 8 of 12.
    const vertical = seg(3, 1, 3, 9);
    const absent = seg(5, 0, 9, 0);
    expect(linesPresent([vertical, absent], map(column(3, [1, 3, 5, 7, 9])), map(), all(), W)).toBeCloseTo(8 / 12, 12);
    expect(linesPresent([seg(3, 9, 3, 1), absent], map(column(3, [1, 3, 5, 7, 9])), map(), all(), W)).toBeCloseTo(8 / 12, 12);
  });

  it('judges a line with exactly 30 % of its points uncovered', () => {
    // y=0, x 0…18: 9 steps, 10 points; 7 covered, 3 uncovered (= 0.3 × 10), no edge: absent.
    const line = seg(0, 0, 18, 0);
    expect(linesPresent([line], big(), big(row(0, [0, 2, 4, 6, 8, 10, 12])), new Uint8Array(400).fill(1), 20)).toBe(0);
  });

  it('weighs each judged line by its uncovered length', () => {
    // long: 2 of 5 covered, weight 8 × 3/5 = 4.8, present; short: weight 4 × 3/3 = 4, absent.
    expect(linesPresent([long, short], map(row(1, [4, 6, 8])), map(row(1, [0, 2])), all(), W)).toBeCloseTo(4.8 / 8.8, 12);
    expect(linesPresent([short, long], map(row(5, [0, 2, 4])), map(), all(), W)).toBeCloseTo(4 / 12, 12);
  });
});

describe('building verticals (removal)', () => {
  it('a near-vertical line of at least 15 % of the height, either direction', () => {
    expect(isBuildingVertical(seg(0, 0, 0, 15), 100)).toBe(true);
    expect(isBuildingVertical(seg(0, 0, 0, 15, 14.99), 100)).toBe(false);
    expect(isBuildingVertical(seg(0, 0, 2.99, 15, 15), 100)).toBe(true);
    expect(isBuildingVertical(seg(0, 0, 3, 15, 15), 100)).toBe(false);
    expect(isBuildingVertical(seg(3, 0, 0, 15, 15), 100)).toBe(false);
    expect(isBuildingVertical(seg(2, 15, 0, 0, 15), 100)).toBe(true);
    expect(isBuildingVertical(seg(50, 0, 50, 15), 100)).toBe(true);
    expect(isBuildingVertical(seg(0, 10, 4, 25, 15), 100)).toBe(false);
  });

  // x=5, y 0…8: 4 steps, sampled at y = 0, 2, 4, 6, 8.
  const jamb = seg(5, 0, 5, 8);
  const points = (ys: number[]) => column(5, ys);

  it('is lost when at least 30 % of its judged points are in the mask and under 60 % still have an edge', () => {
    const inMask = map(points([0, 2, 4, 6, 8]));
    expect(verticalLost(jamb, map(points([0, 2])), inMask, all(), W)).toBe(true);
    expect(verticalLost(jamb, map(points([0, 2, 4])), inMask, all(), W)).toBe(false);
    expect(verticalLost(jamb, map(), map(points([0, 2])), all(), W)).toBe(true);
    expect(verticalLost(jamb, map(), map(points([0])), all(), W)).toBe(false);
  });

  it('judges only valid points; none valid is not lost', () => {
    // 3 valid points, edges at 2 of them (2 ≥ 0.6 × 3): kept.
    expect(verticalLost(jamb, map(points([0, 2])), map(points([0, 2, 4, 6, 8])), map(points([0, 2, 4])), W)).toBe(false);
    // 3 valid points, 1 of them in the mask (1 ≥ 0.9) and no edge: lost.
    expect(verticalLost(jamb, map(), map(points([4, 6, 8])), map(points([0, 2, 4])), W)).toBe(true);
    expect(verticalLost(jamb, map(), map(points([0, 2, 4, 6, 8])), map(), W)).toBe(false);
  });

  it('samples every point from the first to the last, wherever the line starts', () => {
    // Only the last two samples are in the mask (2 ≥ 0.3 × 5), no edge: lost.
    expect(verticalLost(jamb, map(), map(points([6, 8])), all(), W)).toBe(true);
    // x=5, y 1…9: samples at 1, 3, 5, 7, 9, each with an edge: kept.
    expect(verticalLost(seg(5, 1, 5, 9), map(points([1, 3, 5, 7, 9])), map(points([1, 3, 5, 7, 9])), all(), W)).toBe(false);
    // A slanted jamb (2,0)…(4,8): samples (2,0) (3,2) (3,4) (4,6) (4,8), each with an edge: kept.
    const slanted: [number, number][] = [[2, 0], [3, 2], [3, 4], [4, 6], [4, 8]];
    expect(verticalLost(seg(2, 0, 4, 8), map(slanted), all(), all(), W)).toBe(false);
    expect(verticalLost(seg(2, 0, 4, 8), map(slanted.slice(0, 2)), all(), all(), W)).toBe(true);
  });

  it('is lost with exactly 30 % of its judged points in the mask', () => {
    // x=5, y 0…18: 10 samples; 3 in the mask (= 0.3 × 10), no edge.
    expect(verticalLost(seg(5, 0, 5, 18), big(), big(column(5, [0, 2, 4])), new Uint8Array(400).fill(1), 20)).toBe(true);
  });

  it('samples a short line at both ends and its middle', () => {
    const short = seg(5, 0, 5, 2);
    expect(verticalLost(short, map(points([0, 1])), map(points([0, 1, 2])), all(), W)).toBe(false);
    expect(verticalLost(short, map(points([0])), map(points([0, 1, 2])), all(), W)).toBe(true);
  });
});
