import { lazyComposite } from './compose/compose.js';
import { runInCvThread } from './threads/cv-threads.js';
import { type LockOptions, type LockOutcome } from './lock-result.js';
import { asBuffer } from './alignment/working-images.js';

/**
 * The geometry lock (DESIGN §6): align the model's result to the original, find what it added,
 * compose the original's pixels outside that mask with the aligned result inside it at the
 * original's full resolution, and verify the room is unchanged. A refused outcome carries the
 * reasons; nothing of it may be delivered. The analysis is an OpenCV task (analysis.ts) in an image
 * thread (decisions 029, 057); the composite is drawn when it is delivered (compose.ts), in an image
 * thread too when finishing takes its `source` (result-image.ts `finishLocked`).
 */
export async function lockResult(original: Buffer, result: Buffer, options: LockOptions = {}): Promise<LockOutcome> {
  const { signal, mode = 'furnish', roomType, renovation } = options;
  const analysis = await runInCvThread('lock', { original, result, mode, roomType, renovation }, signal);
  if (analysis.verdict === 'refused') return analysis;
  const source = { ...analysis.geometry, original, result };
  return {
    verdict: 'locked',
    figures: analysis.figures,
    changeMask: asBuffer(analysis.changeMask),
    composite: { ...lazyComposite(source), source },
  };
}

/** The provider's edit mask for a strict retry (protected-regions.ts), drawn by an OpenCV task. */
export async function protectedRegionsMask(original: Buffer, size: { width: number; height: number }, signal?: AbortSignal): Promise<Buffer> {
  return asBuffer(await runInCvThread('protectedRegions', { original, size }, signal));
}
