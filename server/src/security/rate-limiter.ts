import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter in PostgreSQL, so every app process sees the same count.
 * One statement: a new window resets the counter, an open one increments it.
 */
export async function hitRateLimit(db: Database, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const result = await db.execute<{ hits: number; window_start: Date }>(sql`
    INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.hits + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING hits, window_start`);
  const row = result.rows[0]!;
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds: Math.max(1, Math.ceil(windowSeconds - elapsed)) };
}

export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Drops windows that ended long ago (run by the hourly maintenance job). */
export async function pruneRateLimits(db: Database, olderThanSeconds = 86_400): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${olderThanSeconds})`);
}
