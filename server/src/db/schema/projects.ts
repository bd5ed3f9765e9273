import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RenovationChoice } from '../../../../contract/renovation.js';
import { users } from './users.js';
import { workspaces } from './workspaces.js';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The creator (their storage prefix holds the project's files). No foreign key since migration
     * 0019: a team workspace's project outlives its creator's account (decision 046).
     */
    userId: uuid('user_id').notNull(),
    /**
     * The workspace the project belongs to (decision 041). When an insert leaves it out, a trigger
     * (migration 0016) fills in the creator's personal workspace, hence the NULL default.
     */
    workspaceId: uuid('workspace_id')
      .notNull()
      .default(sql`NULL`)
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category', {
      enum: ['virtual_staging', 'furniture_removal', 'renovation', 'floor_plan_to_photos'],
    })
      .notNull()
      .default('virtual_staging'),
    status: text('status', { enum: ['processing', 'completed', 'partial', 'failed'] }).notNull().default('processing'),
    /** Where the photos will be published (contract/disclosure-packs.ts, issue 41): the zip's layout and readme follow its rules. */
    publishMarket: text('publish_market', { enum: ['california', 'eu', 'other'] }).notNull().default('other'),
    styleName: text('style_name'),
    styleDescription: text('style_description'),
    /** The wishes (free-text instructions) of the latest staging run, so a re-stage can offer them again. */
    instructions: text('instructions'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    imagesExpiredAt: timestamp('images_expired_at', { withTimezone: true }),
    /**
     * The list's cover (GET /api/projects): the first original (upload order) with a staged image,
     * else the first original, and that original's latest staged image. Kept by the trigger of
     * migrations 0004 and 0024 on project_images, whoever writes
     * the images; never written by the app (decision 012).
     */
    coverOriginalPath: text('cover_original_path'),
    coverOriginalThumbnailPath: text('cover_original_thumbnail_path'),
    coverProcessedPath: text('cover_processed_path'),
    coverProcessedThumbnailPath: text('cover_processed_thumbnail_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // In the list's order (created_at DESC, id DESC), so the list is read from the index without a sort.
    index('projects_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('projects_status_idx').on(t.status, t.updatedAt),
    index('projects_completed_idx').on(t.completedAt),
    index('projects_workspace_created_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const projectImages = pgTable(
  'project_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The project's creator (storage prefix); no foreign key, like projects.user_id (decision 046). */
    userId: uuid('user_id').notNull(),
    /** Path as the API shows it: `/users/<userId>/...` (served at `/objects` + filePath). */
    filePath: text('file_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    isOriginal: boolean('is_original').notNull(),
    mimeType: text('mime_type').notNull(),
    originalImageId: uuid('original_image_id').references((): AnyPgColumn => projectImages.id, {
      onDelete: 'cascade',
    }),
    width: integer('width'),
    height: integer('height'),
    byteSize: integer('byte_size'),
    engine: text('engine'),
    /** Geometry lock figures of a staged image (decision 014); null for originals. */
    alignmentErrorPx: real('alignment_error_px'),
    changedShare: real('changed_share'),
    architectureScore: real('architecture_score'),
    /** The photo's structure patches that lined up, and the delivered image's seam figure (decision 035). */
    structureSupport: integer('structure_support'),
    seam: real('seam'),
    /** `/users/.../<uuid>.changes.png`: what the lock took from the model's result (opaque = added). */
    changeMaskPath: text('change_mask_path'),
    /** Originals: what the photo shows and which photos show the same room (decision 025). */
    roomType: text('room_type'),
    roomGroup: text('room_group'),
    /** Originals of a renovation project: the surfaces the latest run changed and to what (decision 062). */
    renovation: jsonb('renovation').$type<RenovationChoice>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_images_project_idx').on(t.projectId, t.createdAt),
    // A project's first original (upload order) and an original's latest staged image, each read
    // from an index in order, without a sort (the cover trigger, decision 012).
    index('project_images_project_originals_idx').on(t.projectId, t.createdAt, t.id).where(sql`${t.isOriginal}`),
    index('project_images_original_idx').on(t.originalImageId, t.createdAt, t.id),
    index('project_images_user_path_idx').on(t.userId, t.filePath),
  ],
);

/**
 * One row per upload URL handed out (both storage drivers). The local driver's signed URL names the
 * row; `usedAt` makes it single-use. An upload is `completedAt` once its bytes were validated and
 * normalised (local: in the PUT; s3: when process-image first reads it) and `consumedAt` once it
 * became a project's original (`imageId`), so a retried process-image finds the same image.
 */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    contentType: text('content_type'),
    width: integer('width'),
    height: integer('height'),
    byteSize: integer('byte_size'),
    /** The size the client announced (s3 upload links are signed for exactly this many bytes). */
    declaredSize: integer('declared_size'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    imageId: uuid('image_id').references(() => projectImages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('upload_tokens_object_key_idx').on(t.objectKey), index('upload_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * One row per credit reserved for a staging run: `reserved` until the staged image is stored
 * (`charged`) or the run fails (`refunded`). The sweeper refunds rows stuck in `reserved`.
 */
export const stagingRuns = pgTable(
  'staging_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who started the run; no foreign key, the run stays with a team project (decision 046). */
    userId: uuid('user_id').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    originalImageId: uuid('original_image_id').references(() => projectImages.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['reserved', 'charged', 'refunded'] }).notNull().default('reserved'),
    credits: integer('credits').notNull().default(1),
    /** How many of `credits` came from the pool's credit packs (decision 061); a refund gives these back to the packs. */
    packCredits: integer('pack_credits').notNull().default(0),
    /**
     * The account whose credits the run reserved: the billing account of the project's workspace
     * (decision 041); null on runs from before workspaces, which reserved the run's user's credits.
     */
    creditsUserId: uuid('credits_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A sentence the user may read, and its error code (contract/errors.ts), when refunded. */
    error: text('error'),
    errorCode: text('error_code'),
    /** True when the run replaces the original's existing staged image. */
    regeneration: boolean('regeneration').notNull().default(false),
    jobId: text('job_id'),
    resultImageId: uuid('result_image_id'),
    /** The registry model (`provider:model`) whose image was delivered, fallbacks included (issue 38). */
    deliveredBy: text('delivered_by'),
    /** A re-stage the plan gives free (decision 056): reserved no credit; counts against the photo's free re-stages unless refunded. */
    freeRestage: boolean('free_restage').notNull().default(false),
    /** The pipeline step a reserved run is in (generating, locking, retrying, finishing); null while queued. */
    stage: text('stage'),
    /**
     * Touched every RUN_HEARTBEAT_S by the process working the run (decision 032); null until a
     * worker starts it. A reserved run whose heartbeat is older than RUN_STALE_AFTER_S lost its
     * worker and is refunded by the sweep.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('staging_runs_state_idx').on(t.state, t.createdAt), index('staging_runs_project_idx').on(t.projectId)],
);

/**
 * Every locked variation of an original's latest staging run with more than one variation
 * (decision 025). The staged image row points at the chosen one's files (same objects); the others
 * stay downloadable until the project's images expire (they live under the project's prefix).
 */
export const imageVariations = pgTable(
  'image_variations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    originalImageId: uuid('original_image_id')
      .notNull()
      .references(() => projectImages.id, { onDelete: 'cascade' }),
    runId: uuid('run_id'),
    position: integer('position').notNull(),
    filePath: text('file_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    changeMaskPath: text('change_mask_path'),
    mimeType: text('mime_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    byteSize: integer('byte_size'),
    engine: text('engine'),
    alignmentErrorPx: real('alignment_error_px'),
    changedShare: real('changed_share'),
    architectureScore: real('architecture_score'),
    structureSupport: integer('structure_support'),
    seam: real('seam'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_variations_original_idx').on(t.originalImageId, t.position)],
);
