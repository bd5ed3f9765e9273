import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * A workspace's branding (issue #24 item 4, decision 045): set by its owner or admins, shown on the
 * share page, labelled downloads, the zip's readme and the disclosure text while the workspace is on
 * a plan with `branding`. The logo is a PNG the server rendered itself (SVG rasterised), stored at
 * `logo_key` under `workspaces/<workspaceId>/branding/`.
 */
export const workspaceBranding = pgTable('workspace_branding', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  contactName: text('contact_name'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  /** `#rrggbb`, lower case. */
  accentColor: text('accent_color'),
  logoKey: text('logo_key'),
  logoWidth: integer('logo_width'),
  logoHeight: integer('logo_height'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
