import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index on lower(email) keeps it case-insensitive anyway. */
    email: text('email').notNull(),
    /** When the address was confirmed (mailed link, password reset, or an OIDC `email_verified` claim); null: unconfirmed. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A requested new address, taken over only when its confirmation link is used. */
    pendingEmail: text('pending_email'),
    /** The language of the mails to this user. */
    language: text('language', { enum: ['de', 'en'] }),
    passwordHash: text('password_hash'),
    oidcSubject: text('oidc_subject'),
    /**
     * Whether the OIDC link was made with a verified address (the provider said `email_verified: true`,
     * or the address was confirmed by a mailed link). A password reset or change ends a link made while
     * the address was unverified: it may be a squatter's provider account (decision 015, amendment).
     */
    oidcLinkVerified: boolean('oidc_link_verified').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileRole: text('profile_role', {
      enum: ['real_estate_agent', 'photographer', 'interior_designer', 'homeowner', 'other'],
    }),
    industry: text('industry', { enum: ['real_estate', 'photography', 'design', 'private', 'other'] }),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    /**
     * How an admin got the role: `admin_emails` (ADMIN_EMAILS, follows the address: ends when the
     * address leaves the list) or `cli` (`npm run admin -- grant`); null for users and for admins made
     * before this was recorded. Any admin loses the role when the address changes (decision 030).
     */
    adminSource: text('admin_source', { enum: ['admin_emails', 'cli'] }),
    subscriptionPlan: text('subscription_plan', { enum: ['free', 'pro', 'business'] }).notNull().default('free'),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] }),
    subscriptionStatus: text('subscription_status'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** When the paid period ends (Stripe's item `current_period_end`); shown as "Ends on" / "Renews on". */
    subscriptionPeriodEnd: timestamp('subscription_period_end', { withTimezone: true }),
    /** The plan ends at `subscriptionPeriodEnd` (decision 017): kept until then, can be taken back. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waiting for the renewal (a Stripe subscription schedule). */
    scheduledPlan: text('scheduled_plan', { enum: ['pro', 'business'] }),
    scheduledBillingCycle: text('scheduled_billing_cycle', { enum: ['monthly', 'yearly'] }),
    scheduledChangeAt: timestamp('scheduled_change_at', { withTimezone: true }),
    creditsUsed: integer('credits_used').notNull().default(0),
    creditsLimit: integer('credits_limit').notNull().default(6),
    creditsPeriodStart: timestamp('credits_period_start', { withTimezone: true }).notNull().defaultNow(),
    /** Credits left from bought credit packs (decision 061): used after the allowance, untouched by resets and plan changes. */
    packCredits: integer('pack_credits').notNull().default(0),
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_idx').on(t.oidcSubject),
    uniqueIndex('users_stripe_customer_idx').on(t.stripeCustomerId),
    index('users_created_at_idx').on(t.createdAt),
    index('users_deletion_idx').on(t.deletionScheduledFor),
  ],
);

export type UserRow = typeof users.$inferSelect;
