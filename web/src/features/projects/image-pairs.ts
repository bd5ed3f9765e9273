import type { ProjectImage } from '@contract/projects';
import { roomTitles, type RoomTitleWords } from '@/lib/room-titles';

export interface ImagePair {
  /** 1-based position among the originals, oldest first. */
  number: number;
  original: ProjectImage;
  /** The staged image whose originalImageId is the original's id (the newest), or null. */
  staged: ProjectImage | null;
  /** Its name on the page ("Bedroom 2"), set by the page from pairTitles; else "Image N". */
  title?: string;
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

/** What each pair is called on the project page: by its room (lib/room-titles.ts), keyed by its number. */
export function pairTitles(pairs: ImagePair[], words: RoomTitleWords): Map<number, string> {
  const titles = roomTitles(
    pairs.map((pair) => pair.original),
    words,
  );
  return new Map(pairs.map((pair, index) => [pair.number, titles[index]!]));
}
