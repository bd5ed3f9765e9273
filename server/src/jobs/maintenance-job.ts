import { z } from 'zod';
import type { Database } from '../db/client.js';
import { pruneExpiredSessions } from '../auth/session-store.js';
import { pruneRateLimits } from '../security/rate-limiter.js';
import { defineJob } from './job-queue.js';

/** Hourly housekeeping: expired sessions and old rate-limit windows. */
export function maintenanceJob(db: Database) {
  return defineJob({
    name: 'maintenance.prune',
    payload: z.object({}).passthrough(),
    cron: '17 * * * *',
    async handler(_data, { log }) {
      await pruneExpiredSessions(db);
      await pruneRateLimits(db);
      log.info('pruned expired sessions and rate-limit windows');
    },
  });
}
