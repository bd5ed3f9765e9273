import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { applyColourCorrection, type ColourCorrection } from '../light/colour-match.js';
import { runInCvThread } from '../threads/cv-threads.js';
import { type LightField, removeLight } from '../light/light-field.js';
import { type LockComposite } from '../lock-result.js';

/**
 * The delivered image: the original photo's own pixels outside the change mask, the aligned
 * (colour-matched) result inside it, blended over the mask's feathered edge.
 *
 * Nothing is drawn at full resolution until the image is delivered: `lazyComposite` returns a
 * description whose `render(size)` gives a libvips pipeline that decodes the original, resizes it to
 * the delivered size (the plan's, or the original's own), and lays one RGBA patch over it, so
 * finishing encodes straight from the decoder without a raw 12 MP buffer in between (decision 020).
 *
 * Only the mask's bounding box is warped, and at most at the result's own pixel density (a 1536×1024
 * answer is not worth warping at 12 MP in the WASM heap): the part of the result that lands in the
 * box is decoded at that density (libvips), OpenCV maps it and the mask onto one grid covering the
 * box (an OpenCV task: patch-warp.ts), and libvips upscales that patch to the box. Pixel centres
 * are tracked through every resize, so the patch lands exactly where the working-size analysis put it.
 */
/** What the lock's analysis found that the composite needs (plain data: it comes from a thread). */
export interface ComposeGeometry {
  full: { width: number; height: number };
  resultSize: { width: number; height: number };
  working: { width: number; height: number };
  /** result-working → original-working (both at `working` size). */
  homography: number[];
  correction: ColourCorrection;
  /** The model's change of light, divided out of the delivered furniture (light-field.ts). */
  light: LightField;
  /** 0–255 at working size. */
  softMask: Uint8Array;
  /** The mask's bounding box at working size; undefined when nothing was added. */
  box: Box | undefined;
}

export interface ComposeInput extends ComposeGeometry {
  original: Buffer;
  result: Buffer;
}

/** Most pixels of the result worth warping per side: the patch is upscaled to the box by libvips. */
const MAX_DETAIL_SIDE = 2048;

export function lazyComposite(input: ComposeInput): LockComposite {
  return {
    width: input.full.width,
    height: input.full.height,
    render: (size = input.full, overlays = []) => render(input, size, overlays),
  };
}

async function render(input: ComposeInput, size: { width: number; height: number }, overlays: OverlayOptions[]): Promise<Sharp> {
  const { full, box } = input;
  let base = sharp(input.original).rotate().removeAlpha().toColourspace('srgb');
  if (size.width !== full.width || size.height !== full.height) base = base.resize(size.width, size.height, { fit: 'fill' });
  const patch = box ? await overlayPatch(input, box, size) : undefined;
  return base.composite([...(patch ? [patch] : []), ...overlays]);
}

async function overlayPatch(input: ComposeInput, box: Box, size: { width: number; height: number }): Promise<OverlayOptions> {
  const { working } = input;
  // The box in output pixels (pixel-centre mapping as libvips resizes: u = (x + .5)·s − .5).
  const fx = size.width / working.width;
  const fy = size.height / working.height;
  const x0 = Math.max(0, Math.floor(box.x0 * fx));
  const y0 = Math.max(0, Math.floor(box.y0 * fy));
  const x1 = Math.min(size.width, Math.ceil((box.x1 + 1) * fx));
  const y1 = Math.min(size.height, Math.ceil((box.y1 + 1) * fy));
  const boxW = x1 - x0;
  const boxH = y1 - y0;
  const long = Math.max(size.width, size.height);
  const detail = Math.min(1, Math.max(input.resultSize.width, input.resultSize.height, working.width, working.height) / long, MAX_DETAIL_SIDE / long);
  const outW = Math.max(1, Math.ceil(boxW * detail));
  const outH = Math.max(1, Math.ceil(boxH * detail));
  const kx = boxW / outW;
  const ky = boxH / outH;

  // working → patch grid
  const toPatch = compose3(
    centreScale(1 / kx, 1 / ky, -x0 / kx, -y0 / ky), // output → patch
    centreScale(fx, fy, 0, 0), // working → output
  );
  const nativeToPatch = compose3(compose3(toPatch, input.homography), centreScale(working.width / input.resultSize.width, working.height / input.resultSize.height, 0, 0));
  // Only the part of the result that lands in the patch, at no more than the patch's density.
  const source = sourceRegion(invert3(nativeToPatch), outW, outH, input.resultSize);
  const scale = Math.min(1, Math.max(outW / source.width, outH / source.height) * 1.25);
  const loadW = Math.max(1, Math.round(source.width * scale));
  const loadH = Math.max(1, Math.round(source.height * scale));
  const pixels = await sharp(input.result).rotate().removeAlpha().toColourspace('srgb').extract(source).resize(loadW, loadH, { fit: 'fill' }).raw().toBuffer();
  const sx = loadW / source.width;
  const sy = loadH / source.height;
  const loadedToPatch = compose3(nativeToPatch, centreScale(1 / sx, 1 / sy, source.left, source.top));

  const { rgb, alpha } = await runInCvThread('warpPatch', {
    pixels: { data: pixels, width: loadW, height: loadH },
    pixelsToPatch: loadedToPatch,
    mask: { data: input.softMask, width: working.width, height: working.height },
    maskToPatch: toPatch.slice(0, 6),
    patch: { width: outW, height: outH },
  });
  applyColourCorrection(rgb, 3, input.correction);
  // Patch pixel → output pixel → working pixel (pixel centres), for the light field's grid.
  removeLight(input.light, rgb, outW, outH, (u) => (x0 + (u + 0.5) * kx) / fx - 0.5, (v) => (y0 + (v + 0.5) * ky) / fy - 0.5);
  // The picture upscaled with lanczos3, the (already feathered) mask with a linear kernel, joined.
  const raw = (channels: 1 | 3) => ({ raw: { width: outW, height: outH, channels } });
  const upscaledAlpha = await sharp(alpha, raw(1)).resize(boxW, boxH, { fit: 'fill', kernel: 'linear' }).extractChannel(0).raw().toBuffer();
  const overlay = await sharp(rgb, raw(3))
    .resize(boxW, boxH, { fit: 'fill', kernel: 'lanczos3' })
    .joinChannel(upscaledAlpha, { raw: { width: boxW, height: boxH, channels: 1 } })
    .raw()
    .toBuffer();
  return { input: overlay, raw: { width: boxW, height: boxH, channels: 4 }, left: x0, top: y0, blend: 'over' };
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Inclusive bounding box of the non-zero mask pixels, or undefined when the mask is empty. */
export function maskBox(mask: Uint8Array, width: number, height: number): Box | undefined {
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

/** The result's pixels (native size) that a patch of outW×outH samples, with a margin for interpolation. */
function sourceRegion(patchToNative: number[], outW: number, outH: number, native: { width: number; height: number }) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [u, v] of [[-0.5, -0.5], [outW - 0.5, -0.5], [-0.5, outH - 0.5], [outW - 0.5, outH - 0.5]]) {
    const w = patchToNative[6] * u + patchToNative[7] * v + patchToNative[8];
    xs.push((patchToNative[0] * u + patchToNative[1] * v + patchToNative[2]) / w);
    ys.push((patchToNative[3] * u + patchToNative[4] * v + patchToNative[5]) / w);
  }
  const margin = 4;
  const left = clamp(Math.floor(Math.min(...xs)) - margin, 0, native.width - 1);
  const top = clamp(Math.floor(Math.min(...ys)) - margin, 0, native.height - 1);
  const right = clamp(Math.ceil(Math.max(...xs)) + margin, left + 1, native.width);
  const bottom = clamp(Math.ceil(Math.max(...ys)) + margin, top + 1, native.height);
  return { left, top, width: right - left, height: bottom - top };
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

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A / det, -(b * i - c * h) / det, (b * f - c * e) / det, B / det, (a * i - c * g) / det, -(a * f - c * d) / det, C / det, -(a * h - b * g) / det, (a * e - b * d) / det];
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
