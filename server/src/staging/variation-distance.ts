import sharp from 'sharp';

/**
 * The perceptual distance between two results of the same photo (issue #23, decision 036): both are
 * shrunk to a small fixed grid (GRID cells on the long side, blurred first so JPEG noise and the odd
 * edge pixel cancel out), and the distance is the share of cells whose colour differs visibly
 * (any channel by more than VISIBLE_STEP of 255). Variations of one photo share the whole room, so a
 * whole-image hash (pHash, SSIM) calls them all "the same"; what tells them apart is *where* the
 * frame differs, which this measures: 0 for a re-encoded copy, about the furniture's share of the
 * frame for a set moved to the other wall or drawn in another palette.
 */
const GRID = 64;
const VISIBLE_STEP = 24;

/** Below this share of visibly different cells, two results count as the same picture (not delivered, not charged). */
export const MIN_VARIATION_DISTANCE = 0.01;

export interface Fingerprint {
  width: number;
  height: number;
  rgb: Buffer;
}

/** The image as a blurred GRID-cell colour grid (aspect kept); decodes any format sharp reads. */
export async function fingerprintOf(image: Buffer): Promise<Fingerprint> {
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .resize(GRID, GRID, { fit: 'inside', kernel: 'cubic' })
    .blur(0.6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

/** Share (0–1) of grid cells that differ visibly; 1 for grids of different shapes (another picture altogether). */
export function variationDistance(a: Fingerprint, b: Fingerprint): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  const cells = a.width * a.height;
  for (let i = 0; i < cells; i++) {
    const o = i * 3;
    const step = Math.max(Math.abs(a.rgb[o]! - b.rgb[o]!), Math.abs(a.rgb[o + 1]! - b.rgb[o + 1]!), Math.abs(a.rgb[o + 2]! - b.rgb[o + 2]!));
    if (step > VISIBLE_STEP) differing++;
  }
  return differing / cells;
}

/** True when `candidate` is visibly different from every one of `others`. */
export function differsFromAll(candidate: Fingerprint, others: readonly Fingerprint[]): boolean {
  return others.every((other) => variationDistance(candidate, other) >= MIN_VARIATION_DISTANCE);
}
