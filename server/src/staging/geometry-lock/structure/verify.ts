import { type Alignment } from '../alignment/align.js';
import { type ChangeMask } from '../objects/change-mask.js';
import { type LockFigures, type LockRefusalReason } from '../lock-result.js';
import { type CV, rawFromMat, withMats } from '../threads/opencv.js';
import { type Opening } from './openings.js';
import { cannyEdges, type Segment } from './structure-lines.js';
import { hungOnPlainWall } from './wall-decor.js';
import { alignmentErrorPx, linesPresent, tooMuchChanged, upperLinesKept, verdict } from './verdict.js';

export { linesPresent, MAX_ALIGNMENT_ERROR, MAX_CHANGED_SHARE, MIN_ARCHITECTURE_SCORE, round } from './verdict.js';

/**
 * Checks the locked composite against the rules of DESIGN §6 (all at working size):
 * - the original's long lines are still in the aligned result wherever nothing added covers them
 *   (a homography explains a rescaled, shifted, rotated photo of the same room exactly, so a line
 *   that moved or vanished means the room itself changed);
 * - no window or door was filled in, hidden whole or taken away (furniture may stand in front of part
 *   of it while its frame and view continue around the furniture; openingLost);
 * - the alignment's residual is small; the change is not most of the frame.
 * The thresholds and the verdict itself are in verdict.ts.
 */
/** A line point counts as present when the result has an edge within this share of the long side. */
const LINE_TOLERANCE_SHARE = 2.5 / 1024;
/** Share of an opening's frame edges, or of its top third, that may be lost before the opening counts as changed (see openingLost). */
export const MAX_OPENING_LOST = 0.35;
/** Luma (8-bit) at which the result is blown out white. */
const BLOWN_OUT = 245;
/** Share of the height, from the top, judged for removed structure (above the floor of a level photo). */
const FLOOR_LINE = 0.55;
/** Edge pixels (per pixel of the long side) a region must have had for its loss to count: about two frame lines across it. */
const REMOVED_MIN_EDGES = 0.15;
/** Inset from a region's outline, as a share of the long side. */
const REMOVED_INSET = 0.008;
/** A region that keeps less than this share of its original edges had something removed. */
const REMOVED_KEPT = 0.5;
/** Share of a region's outline with an edge of the result at which it is an object of its own (a flat headboard, a plain wardrobe). */
const OUTLINED = 0.6;

export type VerifyInput = {
  originalGrey: any;
  alignedGrey: any;
  /** `tolerantEdges(alignedGrey)`, when the caller has them already. */
  alignedEdges?: Uint8Array;
  /** See CoverCheckInput. */
  nearbyEdges?: Uint8Array;
  /** See CoverCheckInput. */
  originalEdges?: Uint8Array;
  valid: Uint8Array;
  mask: ChangeMask;
  lines: Segment[];
  openings: Opening[];
  alignment: Alignment;
  /** Regions of the mask that changed the room's structure (structure-in-mask.ts). */
  structureChanged?: Box[];
  /** The aligned result's luma with the model's light divided out. */
  litLuma?: Uint8Array;
  /** The soft mask before regions were restored to the photo: where lines are not judged again. */
  judgedSoft?: Uint8Array;
  /** Windows the model filled in rather than re-drew (opening-views.ts). */
  openingsFilled?: Opening[];
};

export interface Verification {
  figures: LockFigures;
  reasons: LockRefusalReason[];
}

export function verifyLock(cv: CV, input: VerifyInput): Verification {
  const { mask, alignment } = input;
  const { width, height } = mask;
  const edges = input.alignedEdges ?? tolerantEdges(cv, input.alignedGrey);
  return verdict({
    alignmentOk: alignment.ok,
    alignmentErrorPx: alignmentErrorPx(alignment.residualPx, Math.max(width, height)),
    architectureScore: linesPresent(input.lines, edges, input.judgedSoft ?? mask.soft, input.valid, width),
    changedShare: mask.changedShare,
    differingShare: mask.differingShare,
    tooMuchChanged: tooMuchChanged(mask, upperLinesKept(input.lines, edges, input.judgedSoft ?? mask.soft, input.valid, width, height)),
    structureChanged: input.structureChanged?.length ?? 0,
    openingsCovered: coveredStructure(cv, { ...input, hard: mask.hard, alignedEdges: edges }).length + (input.openingsFilled?.length ?? 0),
    structureSupport: alignment.support.supporting,
  });
}

/** How far (share of the long side) a re-render may displace the photo's own structure: 25 px at 1024. */
export const DISPLACED_SHARE = 0.025;

/**
 * The aligned result's edges (one Canny pass), widened twice: by the line tolerance (`tolerant`: where
 * a line of the original counts as present) and by DISPLACED_SHARE (`nearby`: where a line of the
 * photo may have been re-drawn by a re-render).
 */
export function alignedEdgeMaps(cv: CV, alignedGrey: any): { tolerant: Uint8Array; nearby: Uint8Array } {
  const [tolerant, nearby] = widenedEdges(cv, alignedGrey, [
    { shape: cv.MORPH_ELLIPSE, share: LINE_TOLERANCE_SHARE },
    { shape: cv.MORPH_RECT, share: DISPLACED_SHARE },
  ]);
  return { tolerant: tolerant!, nearby: nearby! };
}

/** The aligned result's edges, dilated by the line tolerance: where a line of the original counts as present. */
export function tolerantEdges(cv: CV, alignedGrey: any): Uint8Array {
  return widenedEdges(cv, alignedGrey, [{ shape: cv.MORPH_ELLIPSE, share: LINE_TOLERANCE_SHARE }])[0]!;
}

/** Canny edges (25/75) of `grey`, each copy dilated by a kernel of the given shape and radius (a share of the long side). */
function widenedEdges(cv: CV, grey: any, widths: { shape: number; share: number }[]): Uint8Array[] {
  const long = Math.max(grey.cols, grey.rows);
  return withMats(cv, (keep) => {
    const edges = keep(cannyEdges(cv, grey, 25, 75));
    return widths.map(({ shape, share }) => {
      const r = Math.max(1, Math.round(share * long));
      const out = keep(new cv.Mat());
      cv.dilate(edges, out, keep(cv.getStructuringElement(shape, new cv.Size(2 * r + 1, 2 * r + 1))), new cv.Point(-1, -1), 1);
      return rawFromMat(out);
    });
  });
}

/** A box of the working frame (inclusive edges). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface CoverCheckInput {
  originalGrey: any;
  alignedGrey: any;
  /** 0/255 per working pixel: what was added (the change mask's hard part). */
  hard: Uint8Array;
  openings: Opening[];
  /** `tolerantEdges` of the aligned result, when the caller has them already. */
  alignedEdges?: Uint8Array;
  /**
   * `alignedEdgeMaps(alignedGrey).nearby`: with them, a door frame's edges count as vanished outside
   * the change mask too, when no edge of the result is anywhere near (a door painted out in a
   * colour the model's light explains); without them only where the mask covers the opening.
   */
  nearbyEdges?: Uint8Array;
  /** The photo's edges (Canny 50/150 of `originalGrey`), when the caller has them already (added-content.ts). */
  originalEdges?: Uint8Array;
}

/**
 * The `opening_covered` rule: where an added object hides an opening above its lower third
 * (`openingLost`) or takes away built structure (`structureRemoved`). Returns those places (the
 * opening's judged part, or the box of the vanished edges); empty when the rule holds. Exported so the
 * offline engine can keep its furniture clear of exactly what the lock protects.
 */
export function coveredStructure(cv: CV, input: CoverCheckInput): Box[] {
  const width = input.originalGrey.cols;
  const height = input.originalGrey.rows;
  const { originalEdges, resultEdges } = withMats(cv, (keep) => {
    return { originalEdges: input.originalEdges ?? rawFromMat(keep(cannyEdges(cv, input.originalGrey, 50, 150))), resultEdges: rawFromMat(keep(cannyEdges(cv, input.alignedGrey, 50, 150))) };
  });
  const alignedEdges = input.alignedEdges ?? tolerantEdges(cv, input.alignedGrey);
  const pictures: OpeningPictures = { resultLuma: rawFromMat(input.alignedGrey), originalEdges, alignedEdges, nearbyEdges: input.nearbyEdges, hard: input.hard, width };
  const covered: Box[] = input.openings.filter((o) => openingLost(o, pictures) > MAX_OPENING_LOST).map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 }));
  // Inside an opening, what stands in front of it is judged by openingLost: a TV before a window hides its glazing bars.
  const outsideOpenings = new Uint8Array(input.hard);
  for (const o of input.openings) for (let y = o.y0; y <= o.y1; y++) outsideOpenings.fill(0, y * width + o.x0, y * width + o.x1 + 1);
  const removed = structureRemoved(cv, { hard: outsideOpenings, width, height }, originalEdges, resultEdges, alignedEdges);
  // A canvas or a mirror taken down with other decor hung in its place is not built structure (wall-decor.ts).
  return [...covered, ...removed.filter((box) => !hungOnPlainWall(originalEdges, width, height, box, input.openings))];
}

interface OpeningPictures {
  originalEdges: Uint8Array;
  /** Dilated by the line tolerance. */
  alignedEdges: Uint8Array;
  nearbyEdges?: Uint8Array;
  /** The aligned result's own luma (its light kept). */
  resultLuma: Uint8Array;
  hard: Uint8Array;
  width: number;
}

/** Share of an opening hidden by what the mask keeps there at which it is hidden whole. */
const HIDDEN_WHOLE = 0.7;
/** The top part of an opening (share of its height) where a flat fill means it was filled in, not stood in front of. */
const TOP_PART = 1 / 3;

/**
 * How much an opening was changed (decision 058), as a share compared with MAX_OPENING_LOST (1 when
 * it is gone). Furniture, decor and curtains may stand in front of part of an opening; the opening
 * is changed when
 * - it is hidden whole: the objects kept there cover HIDDEN_WHOLE of it;
 * - it is filled in from the top: its top third is covered by something flat (paint, plaster, the
 *   plain front of a cabinet hung into it), with no edge of the result there; a blind, a curtain or a
 *   bookcase brings slats, folds and shelves;
 * - its frame and glazing were taken away where nothing covers them: the photo's edges there have no
 *   edge of the result anywhere near (painted out, moved, made smaller).
 * Inside daylight openings the mask holds only objects in front of the glass by now (opening-views.ts).
 */
export function openingLost(o: Opening, p: OpeningPictures): number {
  const topEnd = o.y0 + Math.round((o.y1 - o.y0) * TOP_PART);
  let area = 0;
  let covered = 0;
  let topArea = 0;
  let flatTop = 0;
  let edges = 0;
  let vanishedOutside = 0;
  for (let y = o.y0; y <= o.y1; y++) {
    for (let x = o.x0; x <= o.x1; x++) {
      const i = y * p.width + x;
      area++;
      if (y <= topEnd) topArea++;
      if (p.hard[i]) {
        covered++;
        if (y <= topEnd && !p.alignedEdges[i]) flatTop++;
        continue;
      }
      if (!p.originalEdges[i]) continue;
      edges++;
      // Outside the mask only an edge gone with no edge anywhere near counts, and not where the
      // result is blown out white (a relit window loses its view, not its frame).
      if (p.nearbyEdges && !p.nearbyEdges[i] && p.resultLuma[i] < BLOWN_OUT) vanishedOutside++;
    }
  }
  if (!area) return 0;
  if (covered >= HIDDEN_WHOLE * area || flatTop >= MAX_OPENING_LOST * topArea) return 1;
  return edges ? vanishedOutside / edges : 0;
}

/**
 * Per region of `hard` (labels `whole`): the share of its outline above the floor line (`limit`, a
 * pixel index) where the result has an edge. An object brought in front of the wall has an outline of
 * its own all round; a wall plastered over structure, or paint over it, fades into what is around it.
 */
function outlinedShares(hard: Uint8Array, whole: Int32Array, edges: Uint8Array, width: number, limit: number): Map<number, number> {
  const outline = new Map<number, number>();
  const edged = new Map<number, number>();
  for (let i = width; i < limit; i++) {
    const k = whole[i];
    if (!k) continue;
    const x = i % width;
    if (x === 0 || x === width - 1) continue;
    if (hard[i - 1] && hard[i + 1] && hard[i - width] && hard[i + width]) continue;
    outline.set(k, (outline.get(k) ?? 0) + 1);
    if (edges[i]) edged.set(k, (edged.get(k) ?? 0) + 1);
  }
  const shares = new Map<number, number>();
  for (const [k, n] of outline) shares.set(k, (edged.get(k) ?? 0) / n);
  return shares;
}

/**
 * Added furniture brings edges of its own; a window painted over or a door plastered out takes edges
 * away and leaves flat wall. For each region of the change mask, the part above the floor (the upper
 * FLOOR_LINE of a level photo lies above the horizon, where rugs cannot be) is compared: when the
 * original had clear structure there and the result keeps less than half of those edges where they
 * were (a faint edge counts: a frame seen through a sheer curtain), something built was removed,
 * which no staging may do. Openings are left out: what stands in front of them is judged by openingLost.
 */
function structureRemoved(cv: CV, mask: Pick<ChangeMask, 'width' | 'height'> & { hard: Uint8Array }, originalEdges: Uint8Array, resultEdges: Uint8Array, faintEdges: Uint8Array): Box[] {
  const { width, height } = mask;
  const long = Math.max(width, height);
  const limit = Math.round(FLOOR_LINE * height) * width;
  const { labels, count, whole } = withMats(cv, (keep) => {
    const m = keep(new cv.Mat(height, width, cv.CV_8UC1));
    m.data.set(mask.hard);
    const wholeLabels = keep(new cv.Mat());
    cv.connectedComponents(m, wholeLabels, 8, cv.CV_32S);
    const whole = new Int32Array(wholeLabels.data32S);
    // Only the inside of each region: its outline is where new and old meet, with edges in both.
    const r = Math.max(2, Math.round(REMOVED_INSET * long));
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * r + 1, 2 * r + 1)));
    cv.erode(m, m, kernel, new cv.Point(-1, -1), 1, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const l = keep(new cv.Mat());
    const n = cv.connectedComponents(m, l, 8, cv.CV_32S);
    return { labels: new Int32Array(l.data32S), count: n, whole };
  });
  const outlined = outlinedShares(mask.hard, whole, faintEdges, width, limit);
  const before = new Int32Array(count);
  const region = new Int32Array(count);
  const after = new Int32Array(count);
  for (let i = 0; i < limit; i++) {
    const k = labels[i];
    if (!k) continue;
    region[k] = whole[i];
    if (!originalEdges[i]) continue;
    before[k]++;
    // Kept where the result still has an edge there, if only a faint one (seen through a sheer curtain).
    if (faintEdges[i]) after[k]++;
  }
  const minEdges = REMOVED_MIN_EDGES * long;
  const removed: Box[] = [];
  for (let k = 1; k < count; k++) {
    if (before[k] < minEdges || after[k] >= REMOVED_KEPT * before[k]) continue;
    // A flat object stands there, drawn with its own outline; wall or paint over the structure runs on.
    if ((outlined.get(region[k]) ?? 0) >= OUTLINED) continue;
    // Where the region's original edges vanished: what must stay uncovered.
    const box = { x0: width, y0: height, x1: -1, y1: -1 };
    for (let i = 0; i < limit; i++) {
      if (labels[i] !== k || !originalEdges[i] || resultEdges[i]) continue;
      const x = i % width;
      const y = (i - x) / width;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
    }
    removed.push(box);
  }
  return removed;
}
