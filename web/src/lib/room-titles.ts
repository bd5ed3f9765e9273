/** What a photo shows, as the user chose it on the new-project form (decision 025). */
export interface RoomPhoto {
  roomType?: string | null;
  roomGroup?: string | null;
}

export interface RoomTitleWords {
  /** The translated room type ("Living room"). */
  room(roomType: string): string;
  /** A photo left on automatic detection: "Image 3". */
  image(n: number): string;
  /** A further photo of one room: "Living room · view 2". */
  view(name: string, n: number): string;
}

/**
 * What each photo is called wherever its results are shown (issue #26): by its room ("Living
 * room"), numbered only when two rooms share a type ("Bedroom 1", "Bedroom 2"), a second photo of
 * one room "Living room · view 2", and "Image N" (its 1-based position) for photos left on automatic.
 */
export function roomTitles(photos: RoomPhoto[], words: RoomTitleWords): string[] {
  const typed = (photo: RoomPhoto) => (photo.roomType && photo.roomType !== 'auto' ? photo.roomType : null);
  const groupOf = (photo: RoomPhoto, index: number) => photo.roomGroup ?? `${photo.roomType}-photo-${index + 1}`;
  const groupsByType = new Map<string, string[]>();
  photos.forEach((photo, index) => {
    const type = typed(photo);
    if (!type) return;
    const groups = groupsByType.get(type) ?? [];
    if (!groups.includes(groupOf(photo, index))) groups.push(groupOf(photo, index));
    groupsByType.set(type, groups);
  });
  const views = new Map<string, number>();
  return photos.map((photo, index) => {
    const type = typed(photo);
    if (!type) return words.image(index + 1);
    const group = groupOf(photo, index);
    const groups = groupsByType.get(type)!;
    const name = groups.length > 1 ? `${words.room(type)} ${groups.indexOf(group) + 1}` : words.room(type);
    const view = (views.get(group) ?? 0) + 1;
    views.set(group, view);
    return view > 1 ? words.view(name, view) : name;
  });
}
