import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request schedule of each AI provider, shared by every worker process (decision 024): the
 * earliest moment the provider's next request may go out. Each request moves it on by 60 s / RPM;
 * a 429 with retry-after moves it past the provider's wait.
 */
export const providerBudgets = pgTable('provider_budgets', {
  provider: text('provider').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }).notNull(),
});
