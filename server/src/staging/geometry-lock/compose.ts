import sharp, { type Sharp } from 'sharp';
import { applyColourCorrection, type ColourCorrection } from './colour-match.js';
import { type CV, matFromRaw, rawFromMat, withMats } from './opencv.js';

/**
 * The delivered image at the original's full resolution: the original photo's own pixels outside the
 * change mask, the aligned (colour-matched) result inside it, blended over the mask's feathered edge.
 *
 * Only the mask's bounding box is warped, and at the result's own pixel density (a 1536×1024 answer
 * is not worth warping at 12 MP in the WASM heap): OpenCV maps the result and the mask onto one grid
 * covering that box, libvips upscales the RGBA patch to full resolution and lays it over the decoded
 * original (off the event loop). Pixel centres are tracked through every resize, so the patch lands
 * exactly where the working-size analysis put it.
 */
export interface ComposeInput {
  original: Buffer;
  result: Buffer;
  full: { width: number; height: number };
  resultSize: { width: number; height: number };
  working: { width: number; height: number };
  /** result-working → original-working (both at `working` size). */
  homography: number[];
  correction: ColourCorrection;
  /** 0–255 at working size. */
  softMask: Buffer;
}

export interface Composite {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/** Most pixels of the result worth warping per side: the patch is upscaled to full size by libvips. */
const MAX_DETAIL_SIDE = 2048;

export async function composeAtFullResolution(cv: CV, input: ComposeInput): Promise<Composite> {
  const { full, working } = input;
  const box = maskBox(input.softMask, working.width, working.height);
  const base = sharp(input.original).rotate().removeAlpha().toColourspace('srgb');
  if (!box) return rawRgb(base, full);

  // The box in full-resolution pixels (pixel-centre mapping as libvips resizes: u = (x + .5)·s − .5).
  const fx = full.width / working.width;
  const fy = full.height / working.height;
  const x0 = Math.max(0, Math.floor(box.x0 * fx));
  const y0 = Math.max(0, Math.floor(box.y0 * fy));
  const x1 = Math.min(full.width, Math.ceil((box.x1 + 1) * fx));
  const y1 = Math.min(full.height, Math.ceil((box.y1 + 1) * fy));
  const boxW = x1 - x0;
  const boxH = y1 - y0;
  const detail = Math.min(1, Math.max(input.resultSize.width, input.resultSize.height, working.width, working.height) / Math.max(full.width, full.height), MAX_DETAIL_SIDE / Math.max(full.width, full.height));
  const outW = Math.max(1, Math.ceil(boxW * detail));
  const outH = Math.max(1, Math.ceil(boxH * detail));
  const kx = boxW / outW;
  const ky = boxH / outH;

  // working → patch grid
  const toPatch = compose3(
    centreScale(1 / kx, 1 / ky, -x0 / kx, -y0 / ky), // full → patch
    centreScale(fx, fy, 0, 0), // working → full
  );
  const resultPixels = await sharp(input.result).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const nativeToWorking = centreScale(working.width / resultPixels.info.width, working.height / resultPixels.info.height, 0, 0);
  const resultToPatch = compose3(compose3(toPatch, input.homography), nativeToWorking);

  const patch = withMats(cv, (keep) => {
    const src = keep(matFromRaw(cv, resultPixels.data, resultPixels.info.width, resultPixels.info.height, 3));
    const warped = keep(new cv.Mat());
    const M = keep(cv.matFromArray(3, 3, cv.CV_64F, resultToPatch));
    cv.warpPerspective(src, warped, M, new cv.Size(outW, outH), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
    const maskMat = keep(matFromRaw(cv, input.softMask, working.width, working.height, 1));
    const maskPatch = keep(new cv.Mat());
    const A = keep(cv.matFromArray(2, 3, cv.CV_64F, toPatch.slice(0, 6)));
    cv.warpAffine(maskMat, maskPatch, A, new cv.Size(outW, outH), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const rgb = rawFromMat(warped);
    const alpha = rawFromMat(maskPatch);
    applyColourCorrection(rgb, 3, input.correction);
    const rgba = Buffer.alloc(outW * outH * 4);
    for (let i = 0, j = 0; i < alpha.length; i++, j += 3) {
      rgba[4 * i] = rgb[j];
      rgba[4 * i + 1] = rgb[j + 1];
      rgba[4 * i + 2] = rgb[j + 2];
      rgba[4 * i + 3] = alpha[i];
    }
    return rgba;
  });
  const overlay = await sharp(patch, { raw: { width: outW, height: outH, channels: 4 } })
    .resize(boxW, boxH, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return rawRgb(base.composite([{ input: overlay, raw: { width: boxW, height: boxH, channels: 4 }, left: x0, top: y0, blend: 'over' }]), full);
}

async function rawRgb(image: Sharp, full: { width: number; height: number }): Promise<Composite> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  if (info.width !== full.width || info.height !== full.height || info.channels !== 3) throw new Error('composite has an unexpected shape');
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** Inclusive bounding box of the non-zero mask pixels, or undefined when the mask is empty. */
export function maskBox(mask: Uint8Array, width: number, height: number) {
  let x0 = width, y0 = height, x1 = -1, y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return x1 < 0 ? undefined : { x0, y0, x1, y1 };
}

/** The pixel-centre mapping of a resize by (sx, sy) followed by a shift: u = (x + .5)·s − .5 + t. */
function centreScale(sx: number, sy: number, tx: number, ty: number): number[] {
  return [sx, 0, 0.5 * sx - 0.5 + tx, 0, sy, 0.5 * sy - 0.5 + ty, 0, 0, 1];
}

function compose3(a: number[], b: number[]): number[] {
  const out = new Array<number>(9);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[3 * r + c] = a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c];
  return out;
}
