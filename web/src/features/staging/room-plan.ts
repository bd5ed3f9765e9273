import type { RoomType } from '@contract/listing';

/**
 * Which room each photo shows (decision 025). A group id names one room of the project: `bedroom-1`,
 * `bedroom-2`, … (`room-N` for photos left on automatic). By default photos of the same room type
 * form one group; photos left on automatic are each their own room until the user says otherwise.
 */
export interface PhotoRoom {
  roomType: RoomType;
  roomGroup: string;
}

const prefixOf = (roomType: RoomType) =>
  roomType === 'auto' ? 'room' : roomType.replace(/_/g, '-');

/** The number of a group id within its room type (`bedroom-2` → 2). */
export function groupNumber(roomGroup: string): number {
  return Number(/-(\d+)$/.exec(roomGroup)?.[1] ?? 1);
}

/** The group a photo of `roomType` joins by default, given the rooms of the other photos. */
export function defaultGroup(roomType: RoomType, others: PhotoRoom[]): string {
  return nextGroup(roomType, others);
}

/** A group id of `roomType` no other photo uses yet. */
export function nextGroup(roomType: RoomType, others: PhotoRoom[]): string {
  const used = others.filter((r) => r.roomType === roomType).map((r) => groupNumber(r.roomGroup));
  return `${prefixOf(roomType)}-${Math.max(0, ...used) + 1}`;
}

/** The groups a photo can choose: those other photos of its type use, its own, and one new room. */
export function groupChoices(own: PhotoRoom, others: PhotoRoom[]): string[] {
  const sameType = others.filter((r) => r.roomType === own.roomType);
  const existing = [...new Set([...sameType.map((r) => r.roomGroup), own.roomGroup])];
  const fresh = nextGroup(own.roomType, [...sameType, own]);
  return [...existing, fresh].sort((a, b) => groupNumber(a) - groupNumber(b));
}

/**
 * The order the run stages photos in: the first photo of every group (its reference) first, the
 * rest once those are done (they then get the reference). Indices into the photo list.
 */
export function stagingWaves(rooms: PhotoRoom[]): [number[], number[]] {
  const seen = new Set<string>();
  const first: number[] = [];
  const rest: number[] = [];
  rooms.forEach((room, index) => {
    if (seen.has(room.roomGroup)) rest.push(index);
    else {
      seen.add(room.roomGroup);
      first.push(index);
    }
  });
  return [first, rest];
}
