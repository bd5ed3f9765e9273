import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';

/**
 * A project's public share link (decision 026): one per project at most; revoking deletes the row.
 * The token is 256 random bits (base64url), stored as is so the owner sees the same link again and
 * labelled downloads can print it; the page it opens serves that project's images and nothing else.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Who created the link; no foreign key, the link stays with a team project (decision 046). */
    userId: uuid('user_id').notNull(),
    token: text('token').notNull(),
    /** The page's heading, set by the member who shares (issue #24); null on links made before it existed (the page then shows a neutral heading). */
    publicTitle: text('public_title'),
    /** The originals the page shows (decision 052), chosen when sharing; null: every photo with a staged image. */
    imageIds: uuid('image_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('share_links_token_idx').on(t.token), uniqueIndex('share_links_project_idx').on(t.projectId), index('share_links_user_idx').on(t.userId)],
);
