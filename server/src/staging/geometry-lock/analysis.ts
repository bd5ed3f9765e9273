import sharp from 'sharp';
import { inspectAdded } from './objects/added-content.js';
import { alignResult } from './alignment/align.js';
import { greyMat, warpToOriginal } from './alignment/aligned-result.js';
import { maskBox, type ComposeGeometry } from './compose/compose.js';
import { type LockFigures, type LockMode, type RefusedResult } from './lock-result.js';
import { type CV } from './threads/opencv.js';
import { findOpenings } from './structure/openings.js';
import { longLines } from './structure/structure-lines.js';
import { verifyRemoval } from './structure/removal-verify.js';
import { defectFigures } from './figures/defects.js';
import { seamFigure } from './figures/seam.js';
import { round } from './structure/verdict.js';
import { verifyLock } from './structure/verify.js';
import { loadWorkingPair } from './alignment/working-images.js';
import { withBathroomFixtures } from './structure/bathroom-fixtures.js';
import type { RoomType } from '../../../../contract/listing.js';

/**
 * The geometry lock's analysis (DESIGN §6), an OpenCV task (threads/cv-thread.ts, run in the image threads: decision 057): align the model's
 * result to the original, find what it added, and verify the room is unchanged. A locked analysis
 * carries what the composite needs (compose.ts draws it at the delivered size); a refused one the
 * reasons. Everything it returns is plain data, so it can cross a thread boundary as is.
 */
export type LockAnalysis = RefusedResult | LockedAnalysis;

export interface LockedAnalysis {
  verdict: 'locked';
  figures: LockFigures;
  /** Greyscale PNG of what was added (white), at working size. */
  changeMask: Uint8Array;
  geometry: ComposeGeometry;
}

export async function analyseLock(cv: CV, original: Buffer, result: Buffer, mode: LockMode, roomType?: RoomType): Promise<LockAnalysis> {
  const pair = await loadWorkingPair(original, result);
  const { width, height } = pair.original;

  const originalGrey = greyMat(cv, pair.original);
  const mats: any[] = [originalGrey];
  try {
    const resultGrey = greyMat(cv, pair.result);
    mats.push(resultGrey);
    const alignment = alignResult(cv, originalGrey, resultGrey);
    if (!alignment.ok) {
      // Nothing is known about the room when the result cannot be aligned: report the worst figures.
      const residual = Number.isFinite(alignment.residualPx) ? Math.round((alignment.residualPx * 1024 * 1000) / Math.max(width, height)) / 1000 : 999;
      return { verdict: 'refused', reasons: ['alignment_failed'], figures: { alignmentErrorPx: residual, changedShare: 1, architectureScore: 0, structureSupport: alignment.support.supporting } };
    }
    const { aligned, valid } = warpToOriginal(cv, pair.result, alignment.homography);
    const lines = longLines(cv, originalGrey);
    const openings = findOpenings(cv, pair.original, originalGrey, lines);
    const added = inspectAdded(cv, { original: pair.original, originalGrey, aligned, valid, lines, openings, mode });
    mats.push(added.checks.alignedGrey);
    const { correction, light, lit, mask } = added;
    const checks = { ...added.checks, originalGrey, alignment };
    const verification = mode === 'remove' ? verifyRemoval(cv, checks) : verifyLock(cv, checks);
    // A bathroom's fixtures stay as photographed (decision 063).
    const reasons = mode === 'furnish' && roomType === 'bathroom' ? withBathroomFixtures(cv, verification.reasons, { original: pair.original, aligned, hard: mask.hard, valid }) : verification.reasons;
    if (reasons.length) return { verdict: 'refused', reasons, figures: verification.figures };
    const litGrey = greyMat(cv, lit);
    mats.push(litGrey);
    const defects = mode === 'furnish' ? { ...defectFigures(cv, { originalGrey, litGrey, hard: mask.hard, width, height }), viewReplaced: round(added.viewReplaced, 4) } : {};
    const figures = { ...verification.figures, seam: seamFigure(cv, pair.original, lit, mask.soft, mask.hard), ...defects };

    const geometry: ComposeGeometry = {
      full: pair.full,
      resultSize: pair.resultSize,
      working: { width, height },
      homography: alignment.homography,
      correction,
      light,
      softMask: mask.soft,
      box: maskBox(mask.soft, width, height),
    };
    const changeMask = await sharp(mask.soft, { raw: { width, height, channels: 1 } }).png().toBuffer();
    return { verdict: 'locked', figures, changeMask, geometry };
  } finally {
    for (const m of mats) m.delete();
  }
}
