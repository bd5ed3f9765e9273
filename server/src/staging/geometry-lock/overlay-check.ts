import { IDENTITY } from './align.js';
import { greyMat, warpToOriginal } from './aligned-result.js';
import { findChangeMask } from './change-mask.js';
import { applyColourCorrection, fitColourCorrection } from './colour-match.js';
import { type CV } from './opencv.js';
import { findOpenings, type Opening } from './openings.js';
import { longLines } from './structure-lines.js';
import { coveredStructure, type Box } from './verify.js';
import { type Raster } from './working-images.js';

/**
 * The lock's `opening_covered` rule for a picture drawn onto the original itself (the offline engine's
 * lock guard, ADR 019 addendum), run as OpenCV tasks (cv-thread.ts): the original's openings are found once, and
 * each candidate is judged with the lock's own steps after alignment, the alignment being the identity.
 */
export function openingsOf(cv: CV, original: Raster): Opening[] {
  const grey = greyMat(cv, original);
  try {
    return findOpenings(cv, original, grey, longLines(cv, grey));
  } finally {
    grey.delete();
  }
}

/** What of the original's openings and structure `result` covers (working-size boxes; empty: the lock accepts it). */
export function coveredByResult(cv: CV, original: Raster, result: Raster, openings: Opening[]): Box[] {
  const { aligned, valid } = warpToOriginal(cv, result, IDENTITY);
  applyColourCorrection(aligned.data, 3, fitColourCorrection(original.data, aligned.data, valid));
  const { hard } = findChangeMask(cv, original, aligned, valid, 'add');
  const originalGrey = greyMat(cv, original);
  try {
    const alignedGrey = greyMat(cv, aligned);
    try {
      return coveredStructure(cv, { originalGrey, alignedGrey, hard, openings });
    } finally {
      alignedGrey.delete();
    }
  } finally {
    originalGrey.delete();
  }
}
