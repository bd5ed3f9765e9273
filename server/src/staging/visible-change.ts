import type { RoomType } from '../../../contract/listing.js';
import type { StagingTask } from './engines/engine.js';

/**
 * How much of the frame a delivered result must have changed to be worth a credit (issue #23,
 * decision 036): the geometry lock's `changedShare` (its change mask: the added objects and their
 * shadows, or for removal what disappeared) against a minimum per room type. A result that stays
 * below it is treated like a lock refusal (one strict retry, then refunded with NOTHING_STAGED_MESSAGE).
 *
 * The minimums are the share one key piece takes in an ordinary wide-angle listing photo, not of a
 * full set, so a sparse but real staging passes and an empty room, a lone rug or a cushion does not:
 * - living room 4 %: a sofa alone is 4–8 % (a rug in perspective lies flat and takes less);
 * - bedroom, home office, kids' room 2 %: a bed, a desk with chair, a child's bed; these rooms are
 *   small and often shot from the door, so the piece sits further back;
 * - dining room 2 %: a table with two chairs;
 * - kitchen 1.2 %: cabinets are already there, staging adds stools, a table for two, decor;
 * - unknown room ("auto") 1.2 %: as the kitchen, since nothing says which set was asked for;
 * - removal 1 %: something loose must have gone (a chair is about 1 %); a room that was already
 *   empty has nothing to remove, and a credit for an unchanged photo is what this rule prevents.
 * - bathroom 1 %: the fixtures stay (decision 063); staging adds towels, a mat, a stool and a plant;
 * - hallway 1.2 %: a console, a runner and a coat rack in a narrow room;
 * - balcony 1.2 %: two chairs, a small table and plants, as a kitchen's bistro set;
 * - walk-in closet 1.2 %: a shelving unit and a bench, or the bench alone in a narrow room;
 * - nursery 1.5 %: a crib and a changing table (smaller than a bed);
 * - basement, studio 2 %: a sofa or a bed, as a bedroom.
 * The offline preview engine's sets on the test corpus take 1.5 % (kitchen) to 13 % (living room).
 */
export const MIN_ADDED_SHARE: Readonly<Record<RoomType, number>> = {
  living_room: 0.04,
  bedroom: 0.02,
  home_office: 0.02,
  kids_room: 0.02,
  dining_room: 0.02,
  kitchen: 0.012,
  auto: 0.012,
  bathroom: 0.01,
  hallway: 0.012,
  balcony: 0.012,
  basement: 0.02,
  walk_in_closet: 0.012,
  studio: 0.02,
  nursery: 0.015,
};

export const MIN_REMOVED_SHARE = 0.01;

/** A renovation repaints or re-covers whole surfaces: at least this share of the frame must look different (decision 062). */
export const MIN_RENOVATED_SHARE = 0.03;

/** The least `changedShare` a result of this task in this room must reach to be delivered. */
export function minimumChangedShare(task: StagingTask, roomType: RoomType): number {
  if (task === 'renovate') return MIN_RENOVATED_SHARE;
  return task === 'remove' ? MIN_REMOVED_SHARE : MIN_ADDED_SHARE[roomType];
}

/** True when the locked result visibly did what was asked: furniture added (or removed) over enough of the frame. */
export function showsWhatWasAsked(changedShare: number, task: StagingTask, roomType: RoomType): boolean {
  return changedShare >= minimumChangedShare(task, roomType);
}
