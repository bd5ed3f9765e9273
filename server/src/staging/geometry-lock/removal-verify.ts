import { type LockRefusalReason } from './lock-result.js';
import { type CV } from './opencv.js';
import { type Segment } from './structure-lines.js';
import { linesPresent, MAX_ALIGNMENT_ERROR, MIN_ARCHITECTURE_SCORE, round, tolerantEdges, type Verification, type VerifyInput } from './verify.js';

/**
 * Verification for furniture removal (decision 027). The change mask is of what disappeared: where
 * the original had loose objects and the result shows floor or wall. Removal takes edges away by
 * design (a box's outline, a sofa's back), so the furnish checks "nothing removed" and "no opening
 * darkened" do not apply (a white sofa is as bright as a window, and it must go). Instead:
 * - the original's long lines outside the mask are still there (as for staging);
 * - the building's own verticals (door and window jambs, glazing frames, wall corners, built-in
 *   shelves: long near-vertical lines) are still there even INSIDE the mask: loose furniture seldom
 *   has long verticals, and a window or door that was painted over or plastered out loses its jambs;
 * - the alignment is tight and the change is not most of the frame (a re-rendered room).
 */
/** A near-vertical line at least this share of the height belongs to the building (or a built-in). */
const MIN_VERTICAL_SHARE = 0.15;
/** Lines whose mask coverage is below this are already judged by the outside-the-mask score. */
const MIN_IN_MASK = 0.3;
/** Share of a building vertical that must still have an edge in the result. */
const VERTICAL_KEPT = 0.6;
/** A removal may clear more of the frame than staging adds, but not re-render the room. */
export const MAX_REMOVED_SHARE = 0.6;

export function verifyRemoval(cv: CV, input: VerifyInput): Verification {
  const { mask, alignment, valid } = input;
  const { width, height } = mask;
  const long = Math.max(width, height);
  const edges = input.alignedEdges ?? tolerantEdges(cv, input.alignedGrey);
  const architectureScore = linesPresent(input.lines, edges, mask.soft, valid, width);
  const alignmentErrorPx = Number.isFinite(alignment.residualPx) ? (alignment.residualPx * 1024) / long : 999;
  const reasons: LockRefusalReason[] = [];
  if (!alignment.ok || alignmentErrorPx > MAX_ALIGNMENT_ERROR) reasons.push('alignment_failed');
  if (architectureScore < MIN_ARCHITECTURE_SCORE) reasons.push('architecture_changed');
  const verticals = input.lines.filter((l) => isBuildingVertical(l, height));
  if (verticals.some((l) => verticalLost(l, edges, mask.hard, valid, width))) reasons.push('opening_covered');
  const changedShare = mask.changedShare;
  if (changedShare > MAX_REMOVED_SHARE || mask.differingShare > MAX_REMOVED_SHARE) reasons.push('too_much_changed');
  const reportedShare = reasons.includes('too_much_changed') ? Math.max(changedShare, mask.differingShare) : changedShare;
  return { figures: { alignmentErrorPx: round(alignmentErrorPx, 3), changedShare: round(reportedShare, 4), architectureScore: round(architectureScore, 3) }, reasons };
}

function isBuildingVertical(l: Segment, height: number): boolean {
  return Math.abs(l.x2 - l.x1) < 0.2 * Math.abs(l.y2 - l.y1) && l.length >= MIN_VERTICAL_SHARE * height;
}

/** True when a building vertical lies largely in the removed region and the result no longer has it. */
function verticalLost(l: Segment, edges: Uint8Array, hard: Uint8Array, valid: Uint8Array, width: number): boolean {
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
