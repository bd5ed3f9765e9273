import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsEventName } from '../../../contract/analytics.js';
import type { Database } from '../db/client.js';
import { analyticsDaily } from '../db/schema/analytics.js';

/** The UTC calendar day in SQL: every counter is bucketed by it. */
export const UTC_TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

/**
 * Counts one event for today (UTC) in a single upsert. Nothing about the visitor is stored: the
 * row is (day, event, path, count). `path` is kept for pageviews only and must already be
 * normalised (`normalisePagePath`); every other event is counted under ''.
 * The published seam for other features (billing records `payment` here).
 */
export async function recordEvent(db: Database, event: AnalyticsEventName, path = ''): Promise<void> {
  await db
    .insert(analyticsDaily)
    .values({ day: UTC_TODAY, event, path: event === 'pageview' ? path : '', count: 1 })
    .onConflictDoUpdate({
      target: [analyticsDaily.day, analyticsDaily.event, analyticsDaily.path],
      set: { count: sql`${analyticsDaily.count} + 1` },
    });
}

/** For hooks where counting must never break the action itself (sign-up, payment): logs and carries on. */
export async function recordEventQuietly(db: Database, log: FastifyBaseLogger, event: AnalyticsEventName, path = ''): Promise<void> {
  try {
    await recordEvent(db, event, path);
  } catch (err) {
    log.warn({ err, event }, 'analytics event not recorded');
  }
}
