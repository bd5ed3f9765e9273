import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WORKSPACE_ROLES } from '../../../../contract/workspaces.js';
import { users } from './users.js';

/**
 * A workspace (decision 041): the projects, plan and credit pool a group of people share. Every user
 * has one personal workspace, made by a trigger when the user row is inserted (migration 0016); its
 * billing account is that user. Plan and credits are read from the billing account's user row (the
 * subscriber whose Stripe customer pays), so billing keeps working on users.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The user row whose subscription and credits are this workspace's plan and pool. */
    billingUserId: uuid('billing_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspaces_billing_user_idx').on(t.billingUserId)],
);


export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    // At most one owner per workspace.
    uniqueIndex('workspace_members_one_owner_idx').on(t.workspaceId).where(sql`${t.role} = 'owner'`),
  ],
);

/** A mailed invitation: single use (acceptedAt), expiring, for one address; the token is stored hashed. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspace_invitations_token_idx').on(t.tokenHash), index('workspace_invitations_workspace_idx').on(t.workspaceId)],
);
