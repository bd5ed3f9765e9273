import sharp from 'sharp';
import { alignResult } from './align.js';
import { greyMat, warpToOriginal } from './aligned-result.js';
import { findChangeMask } from './change-mask.js';
import { applyColourCorrection, fitColourCorrection } from './colour-match.js';
import { lazyComposite } from './compose.js';
import { type LockOptions, type LockOutcome } from './lock-result.js';
import { loadCv } from './opencv.js';
import { findOpenings } from './openings.js';
import { longLines } from './structure-lines.js';
import { verifyRemoval } from './removal-verify.js';
import { verifyLock } from './verify.js';
import { loadWorkingPair } from './working-images.js';

/**
 * The geometry lock (DESIGN §6): align the model's result to the original, find what it added,
 * compose the original's pixels outside that mask with the aligned result inside it at the
 * original's full resolution, and verify the room is unchanged. A refused outcome carries the
 * reasons; nothing of it may be delivered.
 */
export async function lockResult(original: Buffer, result: Buffer, options: LockOptions = {}): Promise<LockOutcome> {
  const { signal, mode = 'furnish' } = options;
  const { cv } = await loadCv();
  const pair = await loadWorkingPair(original, result);
  signal?.throwIfAborted();
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
      return { verdict: 'refused', reasons: ['alignment_failed'], figures: { alignmentErrorPx: residual, changedShare: 1, architectureScore: 0 } };
    }
    const { aligned, valid } = warpToOriginal(cv, pair.result, alignment.homography);
    const correction = fitColourCorrection(pair.original.data, aligned.data, valid);
    applyColourCorrection(aligned.data, 3, correction);
    const mask = findChangeMask(cv, pair.original, aligned, valid, mode === 'remove' ? 'remove' : 'add');
    signal?.throwIfAborted();

    const lines = longLines(cv, originalGrey);
    const openings = findOpenings(cv, pair.original, originalGrey, lines);
    const alignedGrey = greyMat(cv, aligned);
    mats.push(alignedGrey);
    const checks = { originalGrey, alignedGrey, valid, mask, lines, openings, alignment };
    const { figures, reasons } = mode === 'remove' ? verifyRemoval(cv, checks) : verifyLock(cv, checks);
    if (reasons.length) return { verdict: 'refused', reasons, figures };

    const composite = lazyComposite(cv, {
      original,
      result,
      full: pair.full,
      resultSize: pair.resultSize,
      working: { width, height },
      homography: alignment.homography,
      correction,
      softMask: mask.soft,
    });
    const changeMask = await sharp(mask.soft, { raw: { width, height, channels: 1 } }).png().toBuffer();
    return { verdict: 'locked', figures, composite, changeMask };
  } finally {
    for (const m of mats) m.delete();
  }
}
