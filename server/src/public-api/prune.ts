import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Hourly (maintenance job): idempotency keys past their 24 hours, webhook delivery log rows older
 * than 30 days, render slots a crashed process left, and deliveries still pending after two days
 * (their job was lost, e.g. expired on its last attempt: no attempt is coming any more) marked failed.
 */
export async function prunePublicApiRows(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM api_idempotency WHERE created_at < now() - interval '24 hours'`);
  await db.execute(sql`DELETE FROM webhook_deliveries WHERE created_at < now() - interval '30 days' AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)`);
  await db.execute(
    sql`UPDATE webhook_deliveries SET failed_at = now(), last_error = coalesce(last_error, 'Not delivered.') WHERE delivered_at IS NULL AND failed_at IS NULL AND created_at < now() - interval '2 days'`,
  );
  await db.execute(sql`DELETE FROM api_render_slots WHERE created_at < now() - interval '1 hour'`);
}
