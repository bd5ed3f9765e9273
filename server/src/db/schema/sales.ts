import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** "Contact sales" requests from the business plan (issue #11), listed for admins. */
export const salesInquiries = pgTable(
  'sales_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    seats: integer('seats'),
    message: text('message').notNull(),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    /** The signed-in user who sent it, if any (kept when the account is deleted). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the mail to SALES_EMAIL went out; null when it failed or no address is configured. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sales_inquiries_created_idx').on(t.createdAt)],
);

export type SalesInquiryRow = typeof salesInquiries.$inferSelect;
