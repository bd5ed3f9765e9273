import { type CV, matFromRaw, rawFromMat, withMats } from '../threads/opencv.js';

/**
 * The OpenCV half of drawing the composite's patch (compose.ts), an OpenCV task (cv-thread.ts): the
 * result's pixels warped onto the patch grid by the alignment's homography, and the soft mask by the
 * working → patch scale, both at the patch's size.
 */
export interface PatchWarpInput {
  /** RGB pixels of the part of the result that lands in the patch. */
  pixels: { data: Uint8Array; width: number; height: number };
  /** Row-major 3×3: pixels → patch. */
  pixelsToPatch: number[];
  /** The soft mask (0–255) at working size. */
  mask: { data: Uint8Array; width: number; height: number };
  /** Row-major 2×3 affine: working → patch. */
  maskToPatch: number[];
  patch: { width: number; height: number };
}

/** Pixels as Uint8Arrays: that is what they are once they have crossed from a thread. */
export function warpPatch(cv: CV, input: PatchWarpInput): { rgb: Uint8Array; alpha: Uint8Array } {
  const { pixels, mask, patch } = input;
  return withMats(cv, (keep) => {
    const size = new cv.Size(patch.width, patch.height);
    const src = keep(matFromRaw(cv, pixels.data, pixels.width, pixels.height, 3));
    const warped = keep(new cv.Mat());
    const M = keep(cv.matFromArray(3, 3, cv.CV_64F, input.pixelsToPatch));
    cv.warpPerspective(src, warped, M, size, cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
    const maskMat = keep(matFromRaw(cv, mask.data, mask.width, mask.height, 1));
    const maskPatch = keep(new cv.Mat());
    const A = keep(cv.matFromArray(2, 3, cv.CV_64F, input.maskToPatch));
    cv.warpAffine(maskMat, maskPatch, A, size, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    return { rgb: rawFromMat(warped), alpha: rawFromMat(maskPatch) };
  });
}
