import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects, stagingRuns } from './projects.js';
import { users } from './users.js';
import { workspaces } from './workspaces.js';

/**
 * The public API (issue #25, decisions 043/044). Every row is owned by `owner_id`, a workspace
 * (migration 0020): keys, renders and webhooks belong to the workspace, not to who created them.
 */

/** Keys are shown once; only their SHA-256 is stored, with a short visible prefix to tell them apart. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who created it (shown in Settings). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The key's first characters (`rw_live_AbCd1234`), shown in lists and logs. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** `whsec_…`: signs the webhooks of renders created with this key that name a `callback_url`. */
    signingSecret: text('signing_secret').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Decision 050: `revoked` (by hand) or `member_removed` (with its creator's membership). */
    revokedReason: text('revoked_reason').$type<'revoked' | 'member_removed'>(),
    /** Who kept the key when its creator was removed from the workspace, and when (decision 050). */
    keptBy: uuid('kept_by').references(() => users.id, { onDelete: 'set null' }),
    keptAt: timestamp('kept_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_owner_idx').on(t.ownerId, t.createdAt), index('api_keys_creator_idx').on(t.ownerId, t.createdBy)],
);

/** One row per render created through the API: the staging run it started and where to call back. */
export const apiRenders = pgTable(
  'api_renders',
  {
    runId: uuid('run_id')
      .primaryKey()
      .references(() => stagingRuns.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    keyId: uuid('key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id').notNull(),
    callbackUrl: text('callback_url'),
    /** Set once the render's webhooks were queued (render.completed or render.failed). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_renders_owner_idx').on(t.ownerId, t.createdAt.desc(), t.runId.desc()), index('api_renders_photo_idx').on(t.ownerId, t.photoId)],
);

/** A caller's listing (`listing` of a render): the renders that name it share one project, so room groups work. */
export const apiListings = pgTable(
  'api_listings',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.name] })],
);

/** `Idempotency-Key` of a POST: the first answer is kept and replayed for 24 hours. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and SHA-256 of the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.key] }), index('api_idempotency_created_idx').on(t.createdAt)],
);

/** Webhook endpoints registered in Settings → API. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** `whsec_…` (Standard Webhooks); shown once. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId)],
);

/** One row per event and target (an endpoint or a render's callback_url); the delivery job's log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Signs callback_url deliveries (the creating key's secret). */
    keyId: uuid('key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    eventType: text('event_type', { enum: ['render.completed', 'render.failed'] }).notNull(),
    runId: uuid('run_id').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** No further attempt (the retries ran out, or the target was refused). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_target_idx').on(t.runId, t.eventType, t.url),
    index('webhook_deliveries_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

/**
 * A render being created (decision 043, the concurrency cap): taken in one short transaction under
 * the owner's advisory lock, so simultaneous creates cannot exceed the cap; deleted once the render
 * row exists or the start failed. A slot a crashed process left behind stops counting after 10 min.
 */
export const apiRenderSlots = pgTable(
  'api_render_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_render_slots_owner_idx').on(t.ownerId, t.createdAt)],
);
