import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Stripe webhook events already processed (idempotency by event id). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per completed checkout, keyed by the SetupIntent that saved the card: completing the same
 * SetupIntent again finds its row and answers without calling Stripe a second time.
 */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    setupIntentId: text('setup_intent_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    planId: text('plan_id', { enum: ['pro', 'business'] }).notNull(),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] }).notNull(),
    /** `subscribed` (a new subscription) or `changed` (the price of the existing one was swapped). */
    outcome: text('outcome', { enum: ['subscribed', 'changed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_checkouts_user_idx').on(t.userId)],
);
