import type { ProjectImage } from '@contract/projects';

export interface ImagePair {
  /** 1-based position among the originals, oldest first. */
  number: number;
  original: ProjectImage;
  /** The staged image whose originalImageId is the original's id (the newest), or null. */
  staged: ProjectImage | null;
}

const byCreated = (a: ProjectImage, b: ProjectImage) => a.createdAt.localeCompare(b.createdAt);

/** Spec §4: each original pairs with the staged image whose originalImageId equals its id. */
export function imagePairs(images: ProjectImage[]): ImagePair[] {
  const originals = images.filter((i) => i.isOriginal).sort(byCreated);
  return originals.map((original, index) => {
    const staged = images.filter((i) => !i.isOriginal && i.originalImageId === original.id).sort(byCreated).at(-1) ?? null;
    return { number: index + 1, original, staged };
  });
}

/** fidelityScore as a whole percent (the server stores 0..1). */
export function fidelityPercent(score: number | null | undefined): number | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  return Math.round(Math.max(0, Math.min(100, score <= 1 ? score * 100 : score)));
}
