import { type CV, matFromRaw, rawFromMat, withMats } from '../threads/opencv.js';
import { type Raster } from './working-images.js';

/**
 * The result warped onto the original's working frame by the alignment's homography, and where it
 * has pixels at all (a result scaled down or shifted leaves the original's borders uncovered; the
 * valid area is eroded a little so resampled border pixels never count as "added").
 */
export function warpToOriginal(cv: CV, result: Raster, homography: number[]): { aligned: Raster; valid: Uint8Array } {
  const { width, height } = result;
  return withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, result.data, width, height, 3));
    const H = keep(cv.matFromArray(3, 3, cv.CV_64F, homography));
    const size = new cv.Size(width, height);
    const warped = keep(new cv.Mat());
    cv.warpPerspective(src, warped, H, size, cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
    const ones = keep(new cv.Mat(height, width, cv.CV_8UC1, new cv.Scalar(255)));
    const cover = keep(new cv.Mat());
    cv.warpPerspective(ones, cover, H, size, cv.INTER_NEAREST, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const r = Math.max(2, Math.round(Math.max(width, height) / 300));
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * r + 1, 2 * r + 1)));
    cv.erode(cover, cover, kernel, new cv.Point(-1, -1), 1, cv.BORDER_CONSTANT, new cv.Scalar(0));
    return { aligned: { data: rawFromMat(warped), width, height, channels: 3 }, valid: rawFromMat(cover) };
  });
}

/** Grey Mat of an RGB raster (caller deletes it). */
export function greyMat(cv: CV, raster: Raster): any {
  return withMats(cv, (keep) => {
    const rgb = keep(matFromRaw(cv, raster.data, raster.width, raster.height, 3));
    const grey = new cv.Mat();
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY);
    return grey;
  });
}
