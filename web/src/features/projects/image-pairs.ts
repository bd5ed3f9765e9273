import type { ProjectImage } from '@contract/projects';

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

/**
 * What each pair is called on the project page (issue #26): by its room ("Living room",
 * "Bedroom 2"; a second photo of one room "Living room · view 2"), and "Image N" for photos left on
 * automatic room detection. `roomName(type)` is the translated room type.
 */
export function pairTitles(pairs: ImagePair[], roomName: (roomType: string) => string, imageTitle: (n: number) => string, viewTitle: (name: string, n: number) => string): Map<number, string> {
  const groupsByType = new Map<string, string[]>();
  const photosByGroup = new Map<string, number>();
  const titles = new Map<number, string>();
  for (const pair of pairs) {
    const type = pair.original.roomType;
    if (!type || type === 'auto') {
      titles.set(pair.number, imageTitle(pair.number));
      continue;
    }
    const group = pair.original.roomGroup ?? `${type}-photo-${pair.number}`;
    const groups = groupsByType.get(type) ?? [];
    if (!groups.includes(group)) groups.push(group);
    groupsByType.set(type, groups);
    photosByGroup.set(group, (photosByGroup.get(group) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  for (const pair of pairs) {
    const type = pair.original.roomType;
    if (!type || type === 'auto') continue;
    const group = pair.original.roomGroup ?? `${type}-photo-${pair.number}`;
    const groups = groupsByType.get(type)!;
    const name = groups.length > 1 ? `${roomName(type)} ${groups.indexOf(group) + 1}` : roomName(type);
    const view = (seen.get(group) ?? 0) + 1;
    seen.set(group, view);
    titles.set(pair.number, view > 1 ? viewTitle(name, view) : name);
  }
  return titles;
}
