import { z } from 'zod';
import { ACCEPTED_IMAGE_TYPES, CUSTOM_STYLE_MAX, INSTRUCTIONS_MAX, MAX_UPLOAD_BYTES, PROJECT_TITLE_MAX } from './limits.js';
import { imageVariation, ROOM_TYPES, roomGroupId, variationCount } from './listing.js';
import { multiLineText, singleLineText } from './text.js';
import { renovationChoice } from './renovation.js';

export const PROJECT_CATEGORIES = ['virtual_staging', 'furniture_removal', 'renovation', 'floor_plan_to_photos'] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/**
 * What a project holds once nothing runs (project-status.ts, ADR 051): `completed` every photo has its
 * staged image, `partial` some have, `failed` none has. `processing` while a run works.
 */
export const PROJECT_STATUSES = ['processing', 'completed', 'partial', 'failed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** How many of a project's photos there are and how many of them have a staged image ("2 of 3 staged"). */
export const projectPhotoCounts = z.object({
  photos: z.number().int().min(0),
  staged: z.number().int().min(0),
});
export type ProjectPhotoCounts = z.infer<typeof projectPhotoCounts>;

export const createProjectRequest = z.object({
  title: singleLineText(PROJECT_TITLE_MAX).min(1, { message: 'Please enter a project name.' }),
  category: z.enum(PROJECT_CATEGORIES).default('virtual_staging'),
});
export type CreateProjectRequest = z.infer<typeof createProjectRequest>;

export const createProjectResponse = z.object({ id: z.string() });

export const projectListItem = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(PROJECT_CATEGORIES),
  status: z.enum(PROJECT_STATUSES),
  counts: projectPhotoCounts,
  createdAt: z.string(),
  /** The cover: the first photo with a staged image (upload order), else the first photo. */
  originalImagePath: z.string().nullable(),
  processedImagePath: z.string().nullable(),
  originalThumbnailPath: z.string().nullable(),
  processedThumbnailPath: z.string().nullable(),
  /** The engine that made the cover's staged image (`offline`: the preview engine); null without one. */
  processedEngine: z.string().nullable(),
  imagesExpireAt: z.string().nullable(),
  imagesExpired: z.boolean(),
});
export type ProjectListItem = z.infer<typeof projectListItem>;
export const projectListResponse = z.array(projectListItem);

/**
 * What the geometry lock measured on a delivered image: the room outside the added furniture is the
 * original photo's pixels; these say how well the model's result lined up and how much was added.
 */
export const geometryLockFigures = z.object({
  /** Median alignment residual in pixels (at 1024 px long side). */
  alignmentErrorPx: z.number(),
  /** Share of the frame (0–1) taken from the model's result: the added objects and their shadows. */
  changedShare: z.number(),
  /** Share (0–1) of the room's long lines still in place. */
  architectureScore: z.number(),
  /** How many of the photo's structure patches lined up with the model's result (null: staged before it was measured). */
  structureSupport: z.number().int().nullable(),
  /** The delivered image's seam figure: ≤ 1 means no visible seam at the added objects' edges (null: staged before it was measured). */
  seam: z.number().nullable(),
  /** `/users/...` path of the change mask (PNG, opaque white = added, transparent elsewhere), served at `/objects` + path to the owner. */
  changeMaskPath: z.string().nullable(),
});
export type GeometryLockFigures = z.infer<typeof geometryLockFigures>;

export const projectImage = z.object({
  id: z.string(),
  filePath: z.string(),
  thumbnailPath: z.string().nullable(),
  isOriginal: z.boolean(),
  mimeType: z.string(),
  originalImageId: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The geometry lock's figures for a staged image (DESIGN §6); null for originals. */
  geometryLock: geometryLockFigures.nullable(),
  /** The engine that made a staged image (`offline`: the built-in preview engine); null for originals. */
  engine: z.string().nullable(),
  createdAt: z.string(),
  /** Originals: the room type and room group the photo was staged with (decision 025). */
  roomType: z.enum(ROOM_TYPES).nullable().optional(),
  roomGroup: z.string().nullable().optional(),
  /** Originals of a renovation project: the surfaces the latest run changed and to what (decision 062). */
  renovation: renovationChoice.optional(),
  /** Staged images made with more than one variation: every locked variation, the chosen one marked. */
  variations: z.array(imageVariation).optional(),
  /** Originals: re-stages of this photo left without a credit under the workspace's plan (decision 056). */
  freeRestagesLeft: z.number().int().optional(),
});
export type ProjectImage = z.infer<typeof projectImage>;

export const projectDetailResponse = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(PROJECT_CATEGORIES),
  status: z.enum(PROJECT_STATUSES),
  counts: projectPhotoCounts,
  createdAt: z.string(),
  styleName: z.string().nullable(),
  styleDescription: z.string().nullable(),
  /** The wishes sent with the latest staging run (null: none), offered again by Re-Stage. */
  instructions: z.string().nullable(),
  imagesExpireAt: z.string().nullable(),
  imagesExpired: z.boolean(),
  images: z.array(projectImage),
});
export type ProjectDetailResponse = z.infer<typeof projectDetailResponse>;

export const deleteProjectResponse = z.object({ deletedFiles: z.number().int() });

/** The client sends `{projectName}` or no body at all (Fastify then sees null). */
/**
 * `size` (bytes) and `contentType` of the file about to be uploaded: counted against the user's
 * quota for unused uploads, and with STORAGE_DRIVER=s3 required (the upload link is signed for
 * exactly that size and type).
 */
export const uploadRequest = z
  .object({
    projectName: singleLineText(PROJECT_TITLE_MAX).optional(),
    size: z.number().int().min(1).max(MAX_UPLOAD_BYTES, { message: `Images can be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.` }).optional(),
    contentType: z.enum(ACCEPTED_IMAGE_TYPES, { message: 'Only JPEG, PNG, WebP and HEIC/HEIF images can be uploaded.' }).optional(),
  })
  .nullish();
export const uploadResponse = z.object({ uploadURL: z.string(), objectPath: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;

export const processImageRequest = z.object({
  imageURL: z.string().min(1).max(1024),
  category: z.enum(PROJECT_CATEGORIES).default('virtual_staging'),
  projectId: z.string().min(1).max(64),
  styleName: singleLineText(80).min(1),
  styleDescription: multiLineText(CUSTOM_STYLE_MAX).default(''),
  instructions: multiLineText(INSTRUCTIONS_MAX).optional(),
  isRegeneration: z.boolean().default(false),
  /** What the photo shows; `auto` (the default for a new photo) lets the model decide (decision 025). Left out on a restage: kept. */
  roomType: z.enum(ROOM_TYPES).optional(),
  /** Photos of one project with the same group show the same room and get the same furniture; `null` ends the grouping. Left out on a restage: kept. */
  roomGroup: roomGroupId.nullable().optional(),
  /** Locked variations to make, 1 when left out (one credit each); the first is the staged image until another is chosen. */
  variations: variationCount.optional(),
  /** Category `renovation` (decision 062): which surfaces change and to what; required for a new photo, left out on a restage: kept. */
  renovation: renovationChoice.optional(),
});
export type ProcessImageRequest = z.infer<typeof processImageRequest>;

/** 200: the staged image. */
export const processImageSucceeded = z.object({ success: z.literal(true), processedImagePath: z.string(), imageId: z.string().optional() });
/** Only with a 4xx/5xx status (402 no credits, 422 refused or structure changed, 502, 504…): never a 200. */
export const processImageFailed = z.object({ success: z.literal(false), error: z.string(), code: z.string().optional() });
export const processImageResponse = z.union([processImageSucceeded, processImageFailed]);
export type ProcessImageResponse = z.infer<typeof processImageResponse>;
