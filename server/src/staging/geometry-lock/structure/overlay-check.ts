import { IDENTITY } from '../alignment/align.js';
import { greyMat, warpToOriginal } from '../alignment/aligned-result.js';
import { inspectAdded } from '../objects/added-content.js';
import { type CV } from '../threads/opencv.js';
import { findOpenings, type Opening } from './openings.js';
import { longLines } from './structure-lines.js';
import { coveredStructure, type Box } from './verify.js';
import { type Raster } from '../alignment/working-images.js';

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
  const originalGrey = greyMat(cv, original);
  try {
    const lines = longLines(cv, originalGrey);
    const added = inspectAdded(cv, { original, originalGrey, aligned, valid, lines, openings, mode: 'furnish' });
    try {
      // The same three findings the verification counts as opening_covered / architecture_changed (verify.ts).
      const filled = (added.checks.openingsFilled ?? []).map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 }));
      return [...coveredStructure(cv, { ...added.checks, originalGrey, hard: added.mask.hard }), ...(added.checks.structureChanged ?? []), ...filled];
    } finally {
      added.checks.alignedGrey.delete();
    }
  } finally {
    originalGrey.delete();
  }
}
