import { z } from 'zod';

/**
 * Account deletion (spec §4, DESIGN §4): requested → pending for ACCOUNT_DELETION_GRACE_DAYS
 * (cancellable) → purged by the daily `account.purge` job. Times are ISO 8601.
 */
export const accountDeletionResponse = z.object({
  status: z.enum(['none', 'pending']),
  requestedAt: z.string().nullable(),
  /** When the account and every file of it will be deleted. */
  scheduledFor: z.string().nullable(),
});
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponse>;
