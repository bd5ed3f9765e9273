import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminSystemResponse } from '../../../contract/admin.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { readMailFailures } from '../mail/mail-failures.js';
import { providerSpending } from '../economics/spend.js';

export interface SystemStatusSources {
  db: Database;
  config: AppConfig;
  jobs: JobQueue | null;
  storageDriver: 'local' | 's3';
  log: FastifyBaseLogger;
}

/** Real readings for the dashboard's System Status panel; a failing part is reported, never thrown. */
export async function readSystemStatus(sources: SystemStatusSources): Promise<AdminSystemResponse> {
  const [database, jobQueue, mail, spending] = await Promise.all([
    databaseStatus(sources),
    jobQueueStatus(sources),
    mailStatus(sources),
    providerSpending(sources.db, sources.config).catch((err: unknown) => {
      sources.log.warn({ err }, 'system status: provider spending unreadable');
      return null;
    }),
  ]);
  return {
    database,
    jobQueue,
    mail,
    stagingEngine: sources.config.STAGING_ENGINE,
    providerSpending: spending,
    storageDriver: sources.storageDriver,
    billingConfigured: sources.config.billingEnabled,
    checkedAt: new Date().toISOString(),
  };
}

async function databaseStatus({
  db,
  log,
}: SystemStatusSources): Promise<AdminSystemResponse['database']> {
  const started = performance.now();
  try {
    await db.execute(sql`SELECT 1`);
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    log.warn({ err }, 'system status: database unreachable');
    return { status: 'unreachable', latencyMs: null };
  }
}

/** pg-boss keeps per-queue counts (refreshed by its monitor), so this reads a handful of rows. */
async function jobQueueStatus({
  jobs,
  log,
}: SystemStatusSources): Promise<AdminSystemResponse['jobQueue']> {
  const unavailable = { status: 'unavailable', queued: 0, active: 0, failed: 0 } as const;
  if (!jobs) return unavailable;
  try {
    const queues = await jobs.boss.getQueues();
    return {
      status: 'ok',
      queued: queues.reduce((sum, q) => sum + q.queuedCount, 0),
      active: queues.reduce((sum, q) => sum + q.activeCount, 0),
      failed: queues.reduce((sum, q) => sum + q.failedCount, 0),
    };
  } catch (err) {
    log.warn({ err }, 'system status: job queue unreadable');
    return unavailable;
  }
}

async function mailStatus({
  db,
  jobs,
  log,
}: SystemStatusSources): Promise<AdminSystemResponse['mail']> {
  if (!jobs) return null;
  try {
    return await readMailFailures(db);
  } catch (err) {
    log.warn({ err }, 'system status: mail outbox unreadable');
    return null;
  }
}
