import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A bought credit pack (decision 061): one row per paid Stripe Checkout Session, unique on the
 * session, so a webhook delivered twice (or twice at once) grants once. `user_id` is the pool
 * account (the workspace's billing account) that received the credits; refunds remove the pack's
 * unused credits and count them in `credits_revoked`.
 */
export const creditPacks = pgTable(
  'credit_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boughtBy: uuid('bought_by').references(() => users.id, { onDelete: 'set null' }),
    packId: text('pack_id').notNull(),
    credits: integer('credits').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    invoiceId: text('invoice_id'),
    /** What the customer paid, tax included (Checkout's `amount_total`). */
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    currency: text('currency').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    creditsRevoked: integer('credits_revoked').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_packs_checkout_session_idx').on(t.checkoutSessionId),
    index('credit_packs_payment_intent_idx').on(t.paymentIntentId),
    index('credit_packs_user_idx').on(t.userId, t.createdAt),
  ],
);
