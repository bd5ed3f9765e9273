import { z } from 'zod';

/**
 * Whole-listing staging (decision 025): the room type of a photo, which photos show the same room
 * (a client-chosen group id per project), and how many variations of a photo to make.
 */
export const ROOM_TYPES = [
  'auto',
  'living_room',
  'bedroom',
  'dining_room',
  'kitchen',
  'home_office',
  'kids_room',
  'bathroom',
  'hallway',
  'balcony',
  'basement',
  'walk_in_closet',
  'studio',
  'nursery',
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/**
 * The room types as the picker groups them (decision 063): one native select with an option group
 * per part of a home, so a phone shows all of them in one tap. `auto` stands alone above the groups.
 */
export const ROOM_TYPE_GROUPS = [
  ['living', ['living_room', 'dining_room', 'kitchen', 'studio']],
  ['sleeping', ['bedroom', 'kids_room', 'nursery']],
  ['work', ['home_office', 'basement']],
  ['bath', ['bathroom', 'walk_in_closet', 'hallway']],
  ['outdoor', ['balcony']],
] as const satisfies ReadonlyArray<readonly [string, ReadonlyArray<Exclude<RoomType, 'auto'>>]>;
export type RoomTypeGroup = (typeof ROOM_TYPE_GROUPS)[number][0];

export const MAX_VARIATIONS = 4;

/** A group id chosen by the client, e.g. `bedroom-1`: photos of a project with the same id show the same room. */
export const roomGroupId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'A room group is letters, digits, - and _.' });

export const variationCount = z.number().int().min(1).max(MAX_VARIATIONS, { message: `At most ${MAX_VARIATIONS} variations per photo.` });

/** One locked variation of a staged photo; `chosen` is the one the pair shows as its staged image. */
export const imageVariation = z.object({
  id: z.string(),
  filePath: z.string(),
  thumbnailPath: z.string().nullable(),
  chosen: z.boolean(),
});
export type ImageVariation = z.infer<typeof imageVariation>;

/** POST /api/projects/:id/images/:imageId/choose (`imageId`: the original or its staged image). */
export const chooseVariationRequest = z.object({ variationId: z.string().uuid() });
export const chooseVariationResponse = z.object({ processedImagePath: z.string(), imageId: z.string() });
export type ChooseVariationResponse = z.infer<typeof chooseVariationResponse>;
