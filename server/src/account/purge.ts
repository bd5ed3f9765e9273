import { and, asc, count, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { deleteUserSessions } from '../auth/session-store.js';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema/projects.js';
import { apiKeys } from '../db/schema/public-api.js';
import { users, type UserRow } from '../db/schema/users.js';
import { workspaces } from '../db/schema/workspaces.js';
import { defineJob } from '../jobs/job-queue.js';
import { projectPrefix, uploadsPrefix, workspacePrefix } from '../objects/object-keys.js';
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
 * What a user's purge removes and keeps (decision 046): the projects of their personal workspace,
 * whoever created them, go; the projects they created in other people's (team) workspaces stay with
 * that workspace, files and all.
 */
async function purgePlan(db: Database, userId: string) {
  const personal = await db
    .select({ id: projects.id, creatorId: projects.userId })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(workspaces.billingUserId, userId));
  const [kept] = await db
    .select({ n: count() })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(and(eq(projects.userId, userId), ne(workspaces.billingUserId, userId)));
  // The workspaces the user pays for go with the user row (foreign key), their branding logo with them.
  const paidFor = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.billingUserId, userId));
  return { personal, keepsTeamProjects: (kept?.n ?? 0) > 0, workspaceIds: paidFor.map((w) => w.id) };
}

/** Deletes the user's uploads, their personal workspace's project files and the branding of the workspaces they pay for; never a team project's files. */
async function deleteFiles(storage: ObjectStorage, userId: string, plan: Awaited<ReturnType<typeof purgePlan>>): Promise<number> {
  let files = 0;
  for (const id of plan.workspaceIds) files += await storage.deletePrefix(workspacePrefix(id));
  // Projects a former member created in this workspace live under that member's prefix.
  for (const project of plan.personal) {
    if (!plan.keepsTeamProjects && project.creatorId === userId) continue;
    files += await storage.deletePrefix(projectPrefix(project.creatorId, project.id));
  }
  if (plan.keepsTeamProjects) return files + (await storage.deletePrefix(uploadsPrefix(userId)));
  return files + (await storage.deletePrefix(userPrefix(userId)));
}

/**
 * Deletes one user whose deletion date has passed: sessions (signed out everywhere at once), the
 * subscription, their uploads and personal workspace's files, then those projects and the user row
 * (the personal workspace, its images, runs and memberships go with them by foreign key). Projects
 * the user created in a team workspace stay there (decision 046). Each step is safe to repeat, so a
 * run that fails half-way is finished by the next. Returns the number of files removed, or null when
 * there was nothing to do.
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
  const plan = await purgePlan(deps.db, user.id);
  let files = await deleteFiles(deps.storage, user.id, plan);
  await deps.db.transaction(async (tx) => {
    if (plan.personal.length) await tx.delete(projects).where(inArray(projects.id, plan.personal.map((p) => p.id)));
    // API keys the user created in team workspaces leave with them, as at a removal (decision 050).
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()`, revokedReason: 'member_removed' })
      .where(and(eq(apiKeys.createdBy, user.id), isNull(apiKeys.revokedAt)));
    await tx.delete(users).where(eq(users.id, user.id));
  });
  // A staging run that was writing while the rows went away may have left a file behind.
  files += await deleteFiles(deps.storage, user.id, plan);
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
