import sharp from 'sharp';

/**
 * The lock analyses both images at a reduced "working" size (OpenCV.js is single-threaded WebAssembly,
 * so its work is kept small); only the final composite is made at the original's full resolution, by
 * libvips. The result is first resized to exactly the original's working size, undoing a provider's
 * change of aspect ratio (e.g. 4:3 → 1536×1024), so the homography left to find is a small one.
 */
export const WORKING_LONG_SIDE = 1024;

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

export interface WorkingPair {
  /** The original's auto-oriented full size. */
  full: { width: number; height: number };
  /** The result's auto-oriented own size. */
  resultSize: { width: number; height: number };
  original: Raster;
  result: Raster;
}

/** Bytes as a Buffer without copying (buffers that crossed from a thread arrive as plain Uint8Arrays). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function orientedSize(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(image).metadata();
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new Error('image without dimensions');
  return { width, height };
}

export function workingSize(full: { width: number; height: number }, longSide = WORKING_LONG_SIDE) {
  const scale = Math.min(1, longSide / Math.max(full.width, full.height));
  return { width: Math.max(1, Math.round(full.width * scale)), height: Math.max(1, Math.round(full.height * scale)) };
}

export async function rgbAt(image: Buffer, width: number, height: number): Promise<Raster> {
  const data = await sharp(image).rotate().resize(width, height, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  return { data, width, height, channels: 3 };
}

export async function loadWorkingPair(original: Buffer, result: Buffer): Promise<WorkingPair> {
  const [full, resultSize] = await Promise.all([orientedSize(original), orientedSize(result)]);
  const size = workingSize(full);
  const [o, r] = await Promise.all([rgbAt(original, size.width, size.height), rgbAt(result, size.width, size.height)]);
  return { full, resultSize, original: o, result: r };
}
