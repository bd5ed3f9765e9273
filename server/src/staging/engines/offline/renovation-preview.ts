import sharp from 'sharp';
import { FLOOR_LOOKS, type FloorMaterial, type RenovationChoice } from '../../../../../contract/renovation.js';
import { fullSizeJpeg } from '../../../images/image-work.js';
import { greyMat } from '../../geometry-lock/alignment/aligned-result.js';
import { orientedSize, rgbAt, workingSize } from '../../geometry-lock/alignment/working-images.js';
import { findSurfaces, type SurfaceMasks, type SurfaceName } from '../../geometry-lock/surface-mode/surfaces.js';
import { findOpenings } from '../../geometry-lock/structure/openings.js';
import { longLines } from '../../geometry-lock/structure/structure-lines.js';
import { type CV } from '../../geometry-lock/threads/opencv.js';

/**
 * The preview engine's renovation (decision 062): a flat, honest preview, not a photorealistic one.
 * The photo's walls, floor and ceiling are found by the lock's own surface segmentation
 * (surface-mode/surfaces.ts, with the lock's openings), and only the chosen ones are re-coloured:
 * paint keeps the photo's light and shadow on the surface (its brightness relative to the surface's
 * median, from the photo blurred so the old texture does not show through), a floor gets its material's colour with boards or tiles drawn in the floor's perspective
 * (vanishing point above the floor's far edge), shaded the same way. Everything else is the photo's
 * pixels. Runs in an image thread (cv-thread.ts `offlineDraw`).
 */
export async function drawRenovationPreview(cv: CV, image: Buffer, choice: RenovationChoice): Promise<Buffer> {
  const full = await orientedSize(image);
  const working = workingSize(full);
  const raster = await rgbAt(image, working.width, working.height);
  const grey = greyMat(cv, raster);
  let surfaces: SurfaceMasks;
  try {
    const lines = longLines(cv, grey);
    surfaces = findSurfaces(cv, raster, findOpenings(cv, raster, grey, lines), lines);
  } finally {
    grey.delete();
  }
  const { data: rgb } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  // The light on a surface, without its old texture (board joints, grain): the photo blurred.
  const light = await sharp(rgb, { raw: { width: full.width, height: full.height, channels: 3 } }).blur(Math.max(2, Math.max(full.width, full.height) / 200)).raw().toBuffer();
  const out = Buffer.from(rgb);
  const jobs: Array<{ name: SurfaceName; colour: (x: number, y: number) => [number, number, number] }> = [];
  if (choice.walls) jobs.push({ name: 'walls', colour: flat(choice.walls.colour) });
  if (choice.ceiling) jobs.push({ name: 'ceiling', colour: flat(choice.ceiling.colour) });
  if (choice.floor) jobs.push({ name: 'floor', colour: floorTexture(choice.floor.material, surfaces, full) });
  for (const job of jobs) {
    const mask = surfaces[job.name];
    const median = medianLuminance(raster.data, mask);
    if (median === null) continue;
    // The mask at full size, smoothed a little by the resize (soft edges along the photo's lines).
    const alpha = await sharp(Buffer.from(mask), { raw: { width: working.width, height: working.height, channels: 1 } }).resize(full.width, full.height, { fit: 'fill', kernel: 'linear' }).extractChannel(0).raw().toBuffer();
    if (alpha.length !== full.width * full.height) throw new Error('surface mask of an unexpected size');
    for (let y = 0; y < full.height; y++) {
      for (let x = 0; x < full.width; x++) {
        const i = y * full.width + x;
        const a = alpha[i];
        if (!a) continue;
        const p = i * 3;
        const shade = Math.max(0.45, Math.min(1.35, (luminance(light[p], light[p + 1], light[p + 2]) + 4) / (median + 4)));
        const c = job.colour(x, y);
        const t = a / 255;
        for (let k = 0; k < 3; k++) out[p + k] = Math.round(rgb[p + k] * (1 - t) + Math.min(255, c[k] * shade) * t);
      }
    }
  }
  return sharp(out, { raw: { width: full.width, height: full.height, channels: 3 } }).jpeg(fullSizeJpeg(88)).toBuffer();
}

function flat(hex: string): () => [number, number, number] {
  const c = rgbOf(hex);
  return () => c;
}

export function rgbOf(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

const luminance = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

function medianLuminance(rgb: Uint8Array, mask: Uint8Array): number | null {
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    histogram[Math.round(luminance(rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]))]++;
    count++;
  }
  if (!count) return null;
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]) >= count / 2) return v;
  return 255;
}

/** Cheap deterministic hash of an integer pair to 0..1. */
function hash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4294967296;
}

/**
 * A floor material in perspective: floor points (x, y) map to ground coordinates X = (x − vx)/(y − yh),
 * Z = f/(y − yh) (camera height 1, focal length ≈ the image width), with the horizon yh a little above
 * the floor's far edge. Boards or tiles are laid in X/Z; a joint thinner than a pixel fades instead of aliasing.
 */
function floorTexture(material: FloorMaterial, surfaces: SurfaceMasks, full: { width: number; height: number }): (x: number, y: number) => [number, number, number] {
  const base = rgbOf(FLOOR_LOOKS[material].hex);
  const W = full.width;
  const H = full.height;
  const farEdge = floorFarEdge(surfaces) * (H / surfaces.height);
  const yh = Math.min(H * 0.45, farEdge - H * 0.08);
  const vx = W / 2;
  const f = W;
  const near = H - yh;
  // Sizes in ground units, from how wide one piece looks at the bottom of the frame.
  const unit = (pxAtBottom: number) => pxAtBottom / near;
  const wood = material === 'oak' || material === 'light_oak' || material === 'dark_wood';
  const tile = material.startsWith('tiles');
  const [across, along] = wood ? [unit(W / 16), unit(W / 16) * 10] : material === 'tiles_30' ? [unit(W / 12), unit(W / 12)] : material === 'tiles_120x60' ? [unit(W / 3), unit(W / 6)] : [unit(W / 6), unit(W / 6)];
  const joint = wood ? 0.025 : 0.03;
  return (x, y) => {
    const dy = Math.max(1, y - yh);
    const X = (x - vx) / dy;
    const Z = f / dy;
    const pxPerUnit = dy; // one ground unit across is dy pixels at this row
    let tone = 1;
    if (wood || tile) {
      const col = Math.floor(X / across);
      const offset = wood ? hash(col, 7) * along : 0;
      const row = Math.floor((Z + offset) / along);
      const fx = X / across - col;
      const fz = (Z + offset) / along - row;
      const jointX = Math.min(1, joint * across * pxPerUnit);
      const jointZ = Math.min(1, joint * along * (dy * dy) / f);
      if (fx < joint || fx > 1 - joint) tone *= 1 - 0.28 * jointX;
      if (fz < joint || fz > 1 - joint) tone *= 1 - 0.2 * jointZ;
      if (wood) tone *= 0.93 + 0.14 * hash(col, row) + 0.03 * Math.sin(Z * 40 + hash(row, col) * 6);
      else tone *= 0.97 + 0.06 * hash(col, row);
    } else if (material === 'carpet') {
      tone *= 0.95 + 0.1 * hash(x, y);
    } else {
      tone *= 0.94 + 0.08 * hash(Math.floor(X * 6), Math.floor(Z * 3)) + 0.03 * hash(x, y);
    }
    return [base[0] * tone, base[1] * tone, base[2] * tone];
  };
}

/** The floor's far edge (working rows): the 10th percentile of its top row per column that has floor. */
function floorFarEdge(s: SurfaceMasks): number {
  const tops: number[] = [];
  for (let x = 0; x < s.width; x++) {
    for (let y = 0; y < s.height; y++) {
      if (s.floor[y * s.width + x]) {
        tops.push(y);
        break;
      }
    }
  }
  if (!tops.length) return s.height * 0.6;
  tops.sort((a, b) => a - b);
  return tops[Math.floor(tops.length * 0.1)];
}
