import sharp from 'sharp';
import { alignResult } from './align.js';
import { greyMat, warpToOriginal } from './aligned-result.js';
import { findChangeMask, softened } from './change-mask.js';
import { applyColourCorrection, fitColourCorrection } from './colour-match.js';
import { maskBox, type ComposeGeometry } from './compose.js';
import { type LockFigures, type LockMode, type RefusedResult } from './lock-result.js';
import { type CV, rawFromMat } from './opencv.js';
import { estimateLightField, withoutLight } from './light-field.js';
import { findOpenings } from './openings.js';
import { longLines } from './structure-lines.js';
import { verifyRemoval } from './removal-verify.js';
import { seamFigure } from './seam.js';
import { judgeStructureInMask } from './structure-in-mask.js';
import { type Box, nearbyEdges, tolerantEdges, verifyLock } from './verify.js';
import { loadWorkingPair } from './working-images.js';

/**
 * The geometry lock's analysis (DESIGN §6), an OpenCV task (cv-thread.ts; in a worker thread with LOCK_THREADS): align the model's
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

export async function analyseLock(cv: CV, original: Buffer, result: Buffer, mode: LockMode): Promise<LockAnalysis> {
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
    const correction = fitColourCorrection(pair.original.data, aligned.data, valid);
    applyColourCorrection(aligned.data, 3, correction);
    // What is left of the model's light over the frame is not "added": it is divided out before the
    // comparison and from the delivered furniture (light-field.ts).
    const light = estimateLightField(cv, pair.original, aligned, valid);
    const lit = withoutLight(light, aligned);
    let mask = findChangeMask(cv, pair.original, lit, valid, mode === 'remove' ? 'remove' : 'add');

    const lines = longLines(cv, originalGrey);
    const openings = findOpenings(cv, pair.original, originalGrey, lines);
    // Edges are structure, not light: the checks read the result as aligned (globally colour-matched).
    const alignedGrey = greyMat(cv, aligned);
    mats.push(alignedGrey);
    const litGrey = greyMat(cv, lit);
    const litLuma = rawFromMat(litGrey);
    litGrey.delete();
    const alignedEdges = tolerantEdges(cv, alignedGrey);
    const nearby = nearbyEdges(cv, alignedGrey);
    let structureChanged: Box[] = [];
    let judgedSoft: Uint8Array | undefined;
    if (mode === 'furnish') {
      // Regions of the mask that re-drew the room rather than adding to it (structure-in-mask.ts).
      const judged = judgeStructureInMask(cv, { hard: mask.hard, width, height, lines, openings, alignedEdges, nearbyEdges: nearby, originalGrey, alignedGrey });
      // The restored regions are the photo's; their lines were judged here, not by the verification.
      if (judged.restoredShare > 0) judgedSoft = mask.soft;
      if (judged.restoredShare > 0) mask = { ...mask, hard: Buffer.from(judged.hard), ...softened(cv, judged.hard, valid, width, height) };
      structureChanged = judged.changed;
    }
    const checks = { originalGrey, alignedGrey, alignedEdges, nearbyEdges: nearby, litLuma, valid, mask, lines, openings, alignment, structureChanged, judgedSoft };
    const verification = mode === 'remove' ? verifyRemoval(cv, checks) : verifyLock(cv, checks);
    const { reasons } = verification;
    if (reasons.length) return { verdict: 'refused', reasons, figures: verification.figures };
    const figures = { ...verification.figures, seam: seamFigure(cv, pair.original, lit, mask.soft, mask.hard) };

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
