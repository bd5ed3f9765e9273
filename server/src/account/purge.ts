import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { deleteUserSessions } from '../auth/session-store.js';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema/projects.js';
import { users, type UserRow } from '../db/schema/users.js';
import { defineJob } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../objects/storage.js';

export const ACCOUNT_PURGE_JOB = 'account.purge';

export interface PurgeDependencies {
  db: Database;
  storage: ObjectStorage;
  /**
   * Cancels the user's payment-provider subscription (wired by billing). Called for every purged
   * user before anything is deleted; when it throws, that user is kept and retried on the next run,
   * so nobody is deleted while still being billed.
   */
  cancelSubscription?: (user: UserRow) => Promise<void>;
}

export interface PurgeSummary {
  purged: number;
  failed: number;
  files: number;
}

/** The objects of a user all live under this prefix (objects/object-keys.ts). */
export const userPrefix = (userId: string) => `users/${userId}/`;

/**
 * Deletes one user whose deletion date has passed: sessions (signed out everywhere at once), the
 * subscription, every stored file, then the projects and the user row (images, uploads and staging
 * runs go with them by foreign key). Each step is safe to repeat, so a run that fails half-way is
 * finished by the next. Returns the number of files removed, or null when there was nothing to do.
 */
export async function purgeUser(deps: PurgeDependencies, userId: string): Promise<number | null> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.deletionScheduledFor), lte(users.deletionScheduledFor, sql`now()`)))
    .limit(1);
  if (!user) return null;
  await deleteUserSessions(deps.db, user.id);
  await deps.cancelSubscription?.(user);
  let files = await deps.storage.deletePrefix(userPrefix(user.id));
  await deps.db.transaction(async (tx) => {
    await tx.delete(projects).where(eq(projects.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
  });
  // A staging run that was writing while the row went away may have left a file behind.
  files += await deps.storage.deletePrefix(userPrefix(user.id));
  return files;
}

/**
 * Purges every account whose deletion date has passed, oldest first, in pages (keyset on the
 * date and id, so an account that keeps failing is passed over, not retried in a loop).
 * One failure does not stop the rest.
 */
export async function purgeDueAccounts(deps: PurgeDependencies, log: FastifyBaseLogger, pageSize = 100): Promise<PurgeSummary> {
  const summary: PurgeSummary = { purged: 0, failed: 0, files: 0 };
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor: { at: string; id: string } | null = after;
    const due: { id: string; at: string }[] = await deps.db
      .select({ id: users.id, at: sql<string>`${users.deletionScheduledFor}::text` }) // text keeps the microseconds
      .from(users)
      .where(
        and(
          isNotNull(users.deletionScheduledFor),
          lte(users.deletionScheduledFor, sql`now()`),
          cursor ? sql`(${users.deletionScheduledFor}, ${users.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(users.deletionScheduledFor), asc(users.id))
      .limit(pageSize);
    for (const { id } of due) {
      try {
        const files = await purgeUser(deps, id);
        if (files === null) continue;
        summary.purged += 1;
        summary.files += files;
        log.info({ userId: id, files }, 'account purged');
      } catch (err) {
        summary.failed += 1;
        log.error({ err, userId: id }, 'account purge failed; retried on the next run');
      }
    }
    const last: { id: string; at: string } | undefined = due.at(-1);
    if (due.length < pageSize || !last?.at) return summary;
    after = { at: last.at, id: last.id };
  }
}

/** Daily at 03:23 UTC; idempotent, so a retried or doubled run deletes nothing twice. */
export function accountPurgeJob(deps: PurgeDependencies) {
  return defineJob<Record<string, unknown>>({
    name: ACCOUNT_PURGE_JOB,
    payload: z.object({}).passthrough(),
    cron: '23 3 * * *',
    queue: { retryLimit: 2, retryDelay: 600, expireInSeconds: 60 * 60 },
    async handler(_data, { log }) {
      const summary = await purgeDueAccounts(deps, log);
      if (summary.failed > 0) throw new Error(`${summary.failed} account(s) could not be purged (see the log)`);
      return summary;
    },
  });
}
