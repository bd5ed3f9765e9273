import { z } from 'zod';
import type { Database } from '../db/client.js';
import { pruneAccountTokens } from '../auth/account-tokens.js';
import { pruneExpiredSessions } from '../auth/session-store.js';
import { prunePublicApiRows } from '../public-api/prune.js';
import { pruneRateLimits } from '../security/rate-limiter.js';
import { defineJob } from './job-queue.js';

/** Hourly housekeeping: expired sessions, old rate-limit windows, expired mailed-link tokens, old API idempotency keys and webhook log rows. */
export function maintenanceJob(db: Database) {
  return defineJob({
    name: 'maintenance.prune',
    payload: z.object({}).passthrough(),
    cron: '17 * * * *',
    async handler(_data, { log }) {
      await pruneExpiredSessions(db);
      await pruneRateLimits(db);
      await pruneAccountTokens(db);
      await prunePublicApiRows(db);
      log.info('pruned expired sessions, rate-limit windows, mailed-link tokens, API idempotency keys and old webhook deliveries');
    },
  });
}
