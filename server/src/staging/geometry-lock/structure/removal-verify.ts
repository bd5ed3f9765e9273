import { type CV } from '../threads/opencv.js';
import { alignmentErrorPx, isBuildingVertical, linesPresent, tooMuchRemoved, verdict, verticalLost } from './verdict.js';
import { tolerantEdges, type Verification, type VerifyInput } from './verify.js';

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
 * The thresholds and the verdict itself are in verdict.ts.
 */
export { MAX_REMOVED_SHARE } from './verdict.js';

export function verifyRemoval(cv: CV, input: VerifyInput): Verification {
  const { mask, alignment, valid } = input;
  const { width, height } = mask;
  const edges = input.alignedEdges ?? tolerantEdges(cv, input.alignedGrey);
  const verticals = input.lines.filter((l) => isBuildingVertical(l, height));
  return verdict({
    alignmentOk: alignment.ok,
    alignmentErrorPx: alignmentErrorPx(alignment.residualPx, Math.max(width, height)),
    architectureScore: linesPresent(input.lines, edges, mask.soft, valid, width),
    changedShare: mask.changedShare,
    differingShare: mask.differingShare,
    tooMuchChanged: tooMuchRemoved(mask),
    structureChanged: 0,
    openingsCovered: verticals.filter((l) => verticalLost(l, edges, mask.hard, valid, width)).length,
  });
}
