import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

type Tx = Pick<Database, 'execute'>;

/**
 * Every "count, then insert" limit runs as one transaction that first takes this transaction-scoped
 * advisory lock on what is counted (decisions 044 and 049): concurrent creations of the same owner
 * queue for a few milliseconds and each counts what the one before it inserted, so the cap is exact.
 * The lock ends with the transaction. `scope` names the limit and its owner, e.g. `api-keys:<ownerId>`.
 */
export async function lockForCount(tx: Tx, scope: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${scope}))`);
}
