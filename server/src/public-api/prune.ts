import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** Hourly (maintenance job): idempotency keys past their 24 hours, webhook delivery log rows older than 30 days, render slots a crashed process left. */
export async function prunePublicApiRows(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM api_idempotency WHERE created_at < now() - interval '24 hours'`);
  await db.execute(sql`DELETE FROM webhook_deliveries WHERE created_at < now() - interval '30 days' AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)`);
  await db.execute(sql`DELETE FROM api_render_slots WHERE created_at < now() - interval '1 hour'`);
}
