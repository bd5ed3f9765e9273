import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AccountDeletionResponse } from '../../../contract/account.js';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../../contract/limits.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/users.js';
import { AppError } from '../errors/app-error.js';

type DeletionColumns = { deletionRequestedAt: Date | null; deletionScheduledFor: Date | null };

export function toDeletionState(row: DeletionColumns | undefined): AccountDeletionResponse {
  if (!row?.deletionScheduledFor) return { status: 'none', requestedAt: null, scheduledFor: null };
  return {
    status: 'pending',
    requestedAt: row.deletionRequestedAt?.toISOString() ?? null,
    scheduledFor: row.deletionScheduledFor.toISOString(),
  };
}

const columns = { deletionRequestedAt: users.deletionRequestedAt, deletionScheduledFor: users.deletionScheduledFor };

export async function readDeletionState(db: Database, userId: string): Promise<AccountDeletionResponse> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return toDeletionState(row);
}

/**
 * Schedules the purge ACCOUNT_DELETION_GRACE_DAYS from now. Asking again while pending keeps the
 * original date (a second click must not postpone, or bring forward, the deletion).
 */
export async function requestDeletion(db: Database, userId: string): Promise<AccountDeletionResponse> {
  const [row] = await db
    .update(users)
    .set({
      deletionRequestedAt: sql`coalesce(${users.deletionRequestedAt}, now())`,
      deletionScheduledFor: sql`coalesce(${users.deletionScheduledFor}, now() + make_interval(days => ${ACCOUNT_DELETION_GRACE_DAYS}))`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning(columns);
  if (!row) throw AppError.notFound('Account not found.');
  return toDeletionState(row);
}

/**
 * Cancels a pending deletion. Once the purge date has passed the purge may already be running, so
 * cancelling is refused then (409). Cancelling when nothing is pending is a no-op.
 */
export async function cancelDeletion(db: Database, userId: string): Promise<AccountDeletionResponse> {
  const [row] = await db
    .update(users)
    .set({ deletionRequestedAt: null, deletionScheduledFor: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNotNull(users.deletionScheduledFor), sql`${users.deletionScheduledFor} > now()`))
    .returning(columns);
  if (row) return toDeletionState(row);
  const state = await readDeletionState(db, userId);
  if (state.status === 'pending') {
    throw AppError.conflict('The account is already being deleted and can no longer be restored.');
  }
  return state;
}
