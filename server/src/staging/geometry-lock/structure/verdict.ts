import { type ChangeMask } from '../objects/change-mask.js';
import { type LockFigures, type LockRefusalReason } from '../lock-result.js';
import { type Segment } from './structure-lines.js';

/**
 * The lock's verdict rules (DESIGN §6; decision 027 for removal), apart from the image analysis
 * that measures them: given the figures of a composite, which refusal reasons apply. verify.ts and
 * removal-verify.ts measure with OpenCV and decide here; these functions are what the lock ships,
 * and verdict.test.ts pins every threshold with exact values on both sides.
 */
/** Share of a line's uncovered length that must be found for the line to be present. */
const LINE_PRESENT = 0.5;
/** Lines mostly hidden by added objects are not judged. */
const MIN_UNCOVERED = 0.3;
export const MIN_ARCHITECTURE_SCORE = 0.7;
/** Most of the frame the added objects may take (a fully furnished room from a low camera). */
export const MAX_CHANGED_SHARE = 0.7;
/** The upper part of the frame (walls, openings, ceiling) and the most of it added objects may cover. */
export const UPPER_BAND = 0.4;
export const MAX_UPPER_CHANGED = 0.25;
/** Share of the frame that may differ clearly from the photo once the model's light is divided out. */
export const MAX_DIFFERING_SHARE = 0.6;
/**
 * Median residual of the feature matches the alignment explains (working pixels at 1024 px long side);
 * a re-render moves corners by a pixel or two, the structure support (align.ts) judges the fit.
 */
export const MAX_ALIGNMENT_ERROR = 2.5;
/** A removal may clear more of the frame than staging adds, but not re-render the room. */
export const MAX_REMOVED_SHARE = 0.6;
/** A near-vertical line at least this share of the height belongs to the building (or a built-in). */
export const MIN_VERTICAL_SHARE = 0.15;
/** Lines whose mask coverage is below this are already judged by the outside-the-mask score. */
const MIN_IN_MASK = 0.3;
/** Share of a building vertical that must still have an edge in the result. */
const VERTICAL_KEPT = 0.6;
/** Reported for a residual that is not a number (no alignment at all). */
export const NO_ALIGNMENT_PX = 999;

/** The alignment's residual in pixels at 1024 px long side; NO_ALIGNMENT_PX when there is none. */
export function alignmentErrorPx(residualPx: number, long: number): number {
  return Number.isFinite(residualPx) ? (residualPx * 1024) / long : NO_ALIGNMENT_PX;
}

/** Length-weighted share of the judged lines that are still present in the result (1 when none is judged). */
export function linesPresent(lines: Segment[], edges: Uint8Array, mask: Uint8Array, valid: Uint8Array, width: number): number {
  let judged = 0;
  let present = 0;
  for (const line of lines) {
    const steps = Math.max(2, Math.round(line.length / 2));
    let uncovered = 0;
    let found = 0;
    for (let s = 0; s <= steps; s++) {
      const x = Math.round(line.x1 + ((line.x2 - line.x1) * s) / steps);
      const y = Math.round(line.y1 + ((line.y2 - line.y1) * s) / steps);
      const i = y * width + x;
      if (mask[i] > 0 || !valid[i]) continue;
      uncovered++;
      if (edges[i]) found++;
    }
    if (uncovered < MIN_UNCOVERED * (steps + 1)) continue;
    const weight = (line.length * uncovered) / (steps + 1);
    judged += weight;
    if (found >= LINE_PRESENT * uncovered) present += weight;
  }
  return judged > 0 ? present / judged : 1;
}

/** Share of the upper band's judged lines that must be present for tall objects to cover more than MAX_UPPER_CHANGED of it. */
export const MIN_UPPER_LINES_KEPT = 0.8;

/**
 * A furnished room may be mostly furniture from the camera's view (an open-plan room with sofa, rug,
 * dining set and stools covers half the frame); what staging never does is re-do the walls and the
 * ceiling: most of the frame stays the photo's once the model's light is divided out. Tall pieces (a
 * bookcase to the ceiling, a large plant, curtains) may cover much of the upper band when the wall,
 * window and ceiling lines around them are still the photo's (`upperLinesKept`, decision 058); when
 * no line there can vouch for it (undefined), more than MAX_UPPER_CHANGED of it covered is too much.
 */
export function tooMuchChanged(mask: Pick<ChangeMask, 'width' | 'height' | 'changedShare' | 'differingShare'> & { hard: Uint8Array }, upperLinesKept?: number): boolean {
  const { hard, width, height } = mask;
  const upperRows = Math.round(UPPER_BAND * height);
  let upper = 0;
  for (let i = 0; i < upperRows * width; i++) if (hard[i]) upper++;
  const upperCovered = upper / Math.max(1, upperRows * width) > MAX_UPPER_CHANGED;
  const upperRedone = upperCovered && (upperLinesKept === undefined || upperLinesKept < MIN_UPPER_LINES_KEPT);
  return mask.changedShare > MAX_CHANGED_SHARE || upperRedone || mask.differingShare > MAX_DIFFERING_SHARE;
}

/**
 * The length-weighted share of the upper band's lines (midpoint above UPPER_BAND of the height) that
 * are present where nothing covers them; undefined when fewer than MIN_UPPER_JUDGED of the frame's
 * height in line length can be judged there.
 */
export function upperLinesKept(lines: Segment[], edges: Uint8Array, mask: Uint8Array, valid: Uint8Array, width: number, height: number): number | undefined {
  const upper = lines.filter((l) => (l.y1 + l.y2) / 2 < UPPER_BAND * height);
  const judged = judgedLength(upper, mask, valid, width);
  return judged < MIN_UPPER_JUDGED * height ? undefined : linesPresent(upper, edges, mask, valid, width);
}

/** Line length (pixels) that must be judgeable in the upper band for its lines to vouch for tall objects. */
const MIN_UPPER_JUDGED = 0.5;

function judgedLength(lines: Segment[], mask: Uint8Array, valid: Uint8Array, width: number): number {
  let total = 0;
  for (const line of lines) {
    const steps = Math.max(2, Math.round(line.length / 2));
    let uncovered = 0;
    for (let s = 0; s <= steps; s++) {
      const i = Math.round(line.y1 + ((line.y2 - line.y1) * s) / steps) * width + Math.round(line.x1 + ((line.x2 - line.x1) * s) / steps);
      if (mask[i] === 0 && valid[i]) uncovered++;
    }
    if (uncovered >= MIN_UNCOVERED * (steps + 1)) total += (line.length * uncovered) / (steps + 1);
  }
  return total;
}

/** What the lock measured of a composite, for the verdict. */
export interface Measured {
  alignmentOk: boolean;
  /** alignmentErrorPx(): at 1024 px long side. */
  alignmentErrorPx: number;
  architectureScore: number;
  changedShare: number;
  differingShare: number;
  /** Whether the change is too much for the mode (tooMuchChanged for furnishing; the removal share for removal). */
  tooMuchChanged: boolean;
  /** Regions where the room's structure changed (furnish), counted. */
  structureChanged: number;
  /** Openings covered or structure removed (furnish), building verticals lost (removal), counted. */
  openingsCovered: number;
  structureSupport?: number;
}

/** The refusal reasons of a composite and the figures stored with it. */
export function verdict(m: Measured): { figures: LockFigures; reasons: LockRefusalReason[] } {
  const reasons: LockRefusalReason[] = [];
  if (!m.alignmentOk || m.alignmentErrorPx > MAX_ALIGNMENT_ERROR) reasons.push('alignment_failed');
  if (m.architectureScore < MIN_ARCHITECTURE_SCORE || m.structureChanged > 0) reasons.push('architecture_changed');
  if (m.openingsCovered > 0) reasons.push('opening_covered');
  if (m.tooMuchChanged) reasons.push('too_much_changed');
  // A re-rendered room's mask can be small (its threshold rose with the noise); report what differs.
  const reportedShare = m.tooMuchChanged ? Math.max(m.changedShare, m.differingShare) : m.changedShare;
  const figures: LockFigures = { alignmentErrorPx: round(m.alignmentErrorPx, 3), changedShare: round(reportedShare, 4), architectureScore: round(m.architectureScore, 3) };
  if (m.structureSupport !== undefined) figures.structureSupport = m.structureSupport;
  return { figures, reasons };
}

/** Removal (decision 027): the cleared share and what differs may each be at most MAX_REMOVED_SHARE. */
export function tooMuchRemoved(mask: Pick<ChangeMask, 'changedShare' | 'differingShare'>): boolean {
  return mask.changedShare > MAX_REMOVED_SHARE || mask.differingShare > MAX_REMOVED_SHARE;
}

/** A long near-vertical line: a jamb, a glazing frame, a wall corner, a built-in. */
export function isBuildingVertical(l: Segment, height: number): boolean {
  return Math.abs(l.x2 - l.x1) < 0.2 * Math.abs(l.y2 - l.y1) && l.length >= MIN_VERTICAL_SHARE * height;
}

/** True when a building vertical lies largely in the removed region and the result no longer has it. */
export function verticalLost(l: Segment, edges: Uint8Array, hard: Uint8Array, valid: Uint8Array, width: number): boolean {
  const steps = Math.max(2, Math.round(l.length / 2));
  let judged = 0;
  let inMask = 0;
  let found = 0;
  for (let s = 0; s <= steps; s++) {
    const i = Math.round(l.y1 + ((l.y2 - l.y1) * s) / steps) * width + Math.round(l.x1 + ((l.x2 - l.x1) * s) / steps);
    if (!valid[i]) continue;
    judged++;
    if (hard[i]) inMask++;
    if (edges[i]) found++;
  }
  return judged > 0 && inMask >= MIN_IN_MASK * judged && found < VERTICAL_KEPT * judged;
}

export function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
