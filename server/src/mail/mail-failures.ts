import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { MAIL_JOB } from './mail-job.js';
import { recipientDomain } from './mail-transport.js';

export interface MailFailure {
  failedAt: string;
  template: string;
  /** Only the domain: the admin console never shows an address, a body or a link (tokens). */
  recipientDomain: string;
  error: string;
}

/**
 * Mails the outbox gave up on (every retry failed), as pg-boss keeps them in its job table until
 * its retention deletes them: how many, and the latest few without their content.
 */
export async function readMailFailures(
  db: Database,
  latest = 5,
): Promise<{ failed: number; latest: MailFailure[] }> {
  const [count] = (
    await db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_JOB} AND state = 'failed'`,
    )
  ).rows as Array<{ n: number }>;
  const rows = (
    await db.execute(sql`
      SELECT completed_on AS "failedAt", data->>'to' AS "to", data->>'template' AS template,
             coalesce(output->>'message', output->'value'->>'message', output::text, '') AS error
      FROM pgboss.job WHERE name = ${MAIL_JOB} AND state = 'failed'
      ORDER BY completed_on DESC NULLS LAST LIMIT ${latest}`)
  ).rows as Array<{
    failedAt: Date | string | null;
    to: string | null;
    template: string | null;
    error: string;
  }>;
  return {
    failed: count?.n ?? 0,
    latest: rows.map((r) => ({
      failedAt: new Date(r.failedAt ?? 0).toISOString(),
      template: r.template ?? '',
      recipientDomain: recipientDomain(r.to ?? ''),
      // An SMTP answer can quote the address back: keep the domain only, and keep it short.
      error: r.error.replace(/[^\s<>"']+@([^\s<>"']+)/g, '…@$1').slice(0, 300),
    })),
  };
}
