import sharp from 'sharp';
import { loadCv, matFromRaw, rawFromMat, withMats } from '../../../src/staging/geometry-lock/threads/opencv.js';

/**
 * The drift image models add, applied with known values: scale and rotation about the centre, a shift
 * (shares of the frame), then a resize to the provider's output size (e.g. 1536×1024, which changes
 * the aspect ratio). The uncovered border is mirrored, as a model would invent something there.
 */
export interface Drift {
  scale: number;
  rotateDeg: number;
  shiftX: number;
  shiftY: number;
  /** Output size; default: the input's. */
  size?: { width: number; height: number };
}

export const NO_DRIFT: Drift = { scale: 1, rotateDeg: 0, shiftX: 0, shiftY: 0 };

export interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

export async function applyDrift(image: Rgb, drift: Drift): Promise<Rgb> {
  const { cv } = await loadCv();
  const { width, height } = image;
  const a = (drift.rotateDeg * Math.PI) / 180;
  const c = drift.scale * Math.cos(a);
  const s = drift.scale * Math.sin(a);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const m = [c, -s, cx - c * cx + s * cy + drift.shiftX * width, s, c, cy - s * cx - c * cy + drift.shiftY * height];
  const warped = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, image.data, width, height, 3));
    const dst = keep(new cv.Mat());
    const M = keep(cv.matFromArray(2, 3, cv.CV_64F, m));
    cv.warpAffine(src, dst, M, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_REFLECT, new cv.Scalar());
    return rawFromMat(dst);
  });
  const size = drift.size ?? { width, height };
  const data = await sharp(warped, { raw: { width, height, channels: 3 } }).resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
  return { data, width: size.width, height: size.height };
}

/**
 * 1 where a pixel of the input is still inside the drifted answer's frame (a zoom or shift pushes the
 * borders out; what the answer does not show cannot be kept), with a small margin.
 */
export async function driftCoverage(image: Rgb, drift: Drift): Promise<Uint8Array> {
  const { width, height } = image;
  const a = (drift.rotateDeg * Math.PI) / 180;
  const c = drift.scale * Math.cos(a);
  const s = drift.scale * Math.sin(a);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const margin = 0.01 * Math.max(width, height);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = c * (x - cx) - s * (y - cy) + cx + drift.shiftX * width;
      const v = s * (x - cx) + c * (y - cy) + cy + drift.shiftY * height;
      out[y * width + x] = u >= margin && v >= margin && u <= width - 1 - margin && v <= height - 1 - margin ? 1 : 0;
    }
  }
  return out;
}

export async function decodeRgb(image: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(image).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A model's answer as it arrives: JPEG at high quality. */
export function encodeAnswer(image: Rgb): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}
