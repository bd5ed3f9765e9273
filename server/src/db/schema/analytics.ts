import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Daily counters only: no IP, no user id, no fingerprint (DESIGN §5, issue "Analytics without personal data"). */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day').notNull(),
    event: text('event').notNull(),
    /** Page path for pageviews, '' for every other event. */
    path: text('path').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.event, t.path] })],
);
