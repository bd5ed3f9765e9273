import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../../contract/limits.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/users.js';
import { AppError } from '../errors/app-error.js';
import { insertUser, openDatabaseOnly } from '../../test/support/database-only.js';
import { cancelDeletion, readDeletionState, requestDeletion, toDeletionState } from './deletion-service.js';

/** deletion-service.ts against PostgreSQL (the routes and the purge are in account.test.ts). */
let handle: Awaited<ReturnType<typeof openDatabaseOnly>>;
let db: Database;
beforeAll(async () => {
  handle = await openDatabaseOnly();
  db = handle.db;
});
afterAll(async () => {
  await handle?.drop();
});

const GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;

async function columns(userId: string) {
  const [row] = await db.select({ requested: users.deletionRequestedAt, scheduled: users.deletionScheduledFor }).from(users).where(eq(users.id, userId));
  return row!;
}

describe('account deletion state', () => {
  it('reads none without a scheduled date, pending with both dates as ISO strings', () => {
    expect(toDeletionState(undefined)).toStrictEqual({ status: 'none', requestedAt: null, scheduledFor: null });
    expect(toDeletionState({ deletionRequestedAt: new Date('2026-01-01T00:00:00Z'), deletionScheduledFor: null })).toStrictEqual({ status: 'none', requestedAt: null, scheduledFor: null });
    expect(toDeletionState({ deletionRequestedAt: new Date('2026-01-01T00:00:00Z'), deletionScheduledFor: new Date('2026-01-08T00:00:00Z') })).toStrictEqual({
      status: 'pending',
      requestedAt: '2026-01-01T00:00:00.000Z',
      scheduledFor: '2026-01-08T00:00:00.000Z',
    });
    expect(toDeletionState({ deletionRequestedAt: null, deletionScheduledFor: new Date('2026-01-08T00:00:00Z') })).toStrictEqual({
      status: 'pending',
      requestedAt: null,
      scheduledFor: '2026-01-08T00:00:00.000Z',
    });
  });

  it(`a request schedules the purge exactly ${ACCOUNT_DELETION_GRACE_DAYS} days after it; asking again keeps both dates`, async () => {
    const userId = await insertUser(db);
    expect(await readDeletionState(db, userId)).toStrictEqual({ status: 'none', requestedAt: null, scheduledFor: null });
    const before = Date.now();
    const first = await requestDeletion(db, userId);
    expect(first.status).toBe('pending');
    const requested = Date.parse(first.requestedAt!);
    // The database clock and this process's agree to well under the grace period on one machine.
    expect(Math.abs(requested - before)).toBeLessThan(60_000);
    expect(Date.parse(first.scheduledFor!) - requested).toBe(GRACE_MS);
    expect(await readDeletionState(db, userId)).toStrictEqual(first);

    expect(await requestDeletion(db, userId)).toStrictEqual(first);
    const stored = await columns(userId);
    expect(stored.requested?.toISOString()).toBe(first.requestedAt);
    expect(stored.scheduled?.toISOString()).toBe(first.scheduledFor);
  });

  it('a request for an unknown account is a 404', async () => {
    const error = await requestDeletion(db, randomUUID()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(404);
    expect((error as AppError).message).toBe('Account not found.');
  });

  it('cancelling before the date clears both dates; with nothing pending it changes nothing', async () => {
    const userId = await insertUser(db);
    await requestDeletion(db, userId);
    expect(await cancelDeletion(db, userId)).toStrictEqual({ status: 'none', requestedAt: null, scheduledFor: null });
    expect(await columns(userId)).toStrictEqual({ requested: null, scheduled: null });
    expect(await cancelDeletion(db, userId)).toStrictEqual({ status: 'none', requestedAt: null, scheduledFor: null });
    expect(await columns(userId)).toStrictEqual({ requested: null, scheduled: null });
  });

  it('once the purge date has passed, cancelling is a 409 and the deletion stays scheduled', async () => {
    const userId = await insertUser(db);
    const requested = new Date(Date.now() - GRACE_MS - 60_000);
    const scheduled = new Date(Date.now() - 60_000);
    await db.update(users).set({ deletionRequestedAt: requested, deletionScheduledFor: scheduled }).where(eq(users.id, userId));
    const error = await cancelDeletion(db, userId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(409);
    expect((error as AppError).message).toBe('The account is already being deleted and can no longer be restored.');
    expect(await columns(userId)).toStrictEqual({ requested, scheduled });
  });

  it("cancelling touches only the caller's row", async () => {
    const mine = await insertUser(db);
    const other = await insertUser(db);
    const pendingOther = await requestDeletion(db, other);
    await requestDeletion(db, mine);
    await cancelDeletion(db, mine);
    expect(await readDeletionState(db, other)).toStrictEqual(pendingOther);
  });
});
