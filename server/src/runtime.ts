import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.js';
import { billingJobs, createBilling, type Billing } from './billing/billing-module.js';
import { databasePoolSize, type AppConfig } from './config.js';
import { connectDatabase, type DatabaseHandle } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { startJobQueue, type JobDefinition, type JobQueue } from './jobs/job-queue.js';
import { accountPurgeJob } from './account/purge.js';
import { redactUrl } from './http/log-redaction.js';
import { maintenanceJob } from './jobs/maintenance-job.js';
import { createOutboxMailer } from './mail/mailer.js';
import { queueRenderWebhooks } from './public-api/webhooks.js';
import { createServices, type Services } from './services.js';
import { closeCvThreads } from './staging/geometry-lock/threads/cv-threads.js';
import { startRunSweeper, stuckAfterSeconds } from './staging/runs/sweeper.js';

/**
 * Starts what a process needs, in order: database (embedded when DATABASE_URL is unset),
 * migrations, job queue, and (for web processes) the HTTP app. `stop()` reverses it.
 */
export interface Runtime {
  config: AppConfig;
  database: DatabaseHandle;
  jobs: JobQueue;
  app: FastifyInstance | null;
  log: FastifyBaseLogger;
  stop(): Promise<void>;
}

export function createLogger(config: AppConfig): FastifyBaseLogger {
  const pretty = process.stdout.isTTY && config.NODE_ENV !== 'production';
  return pino({
    level: config.LOG_LEVEL,
    redact: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      'req.body.token',
      'req.body.password',
    ],
    // Anything that logs a request object logs it without secrets in the URL (http/log-redaction.ts).
    serializers: {
      req: (req: { method?: string; url?: string }) => ({
        method: req.method,
        url: req.url ? redactUrl(req.url) : req.url,
      }),
    },
    transport: pretty
      ? { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } }
      : undefined,
  }) as unknown as FastifyBaseLogger;
}

/**
 * Every job a process runs, wired as production wires them. The test app builds its jobs through
 * this same function (test/support/test-app.ts), so a break here fails the tests that run them.
 */
export function jobDefinitions(database: DatabaseHandle, services: Services, billing: Billing): JobDefinition<any>[] {
  return [
    maintenanceJob(database.db),
    ...services.jobs,
    // A purged user's subscription is canceled first: nobody is deleted while still being billed.
    accountPurgeJob({
      db: database.db,
      storage: services.storage,
      cancelSubscription: (user) => billing.cancelSubscriptionOf(user),
    }),
    ...billingJobs(database),
  ];
}

export async function startRuntime(
  config: AppConfig,
  options: { serve: boolean; work: boolean },
): Promise<Runtime> {
  const log = createLogger(config);
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, (m) => log.info(m));
    url = embedded.url;
  }
  await runMigrations(url);
  const database = connectDatabase(url, {
    poolSize: databasePoolSize(config, options.work),
    logger: log,
  });
  const services = createServices(config, database);
  const billing = createBilling(config);
  // WORKER_CONCURRENCY sizes the staging queue (staging-jobs.ts); the scheduled jobs run one at a time: at 16
  // slots each, their pollers alone starved pg-boss's pool (decision 024).
  const jobs = await startJobQueue(url, jobDefinitions(database, services, billing), {
    work: options.work,
    log,
    warmUp: true,
  });
  // The mail outbox: requests store mails as jobs; whichever process works jobs delivers them (decision 033).
  const mailer = createOutboxMailer(jobs);
  const app = options.serve
    ? await buildApp({ config, database, jobs, services, billing, mailer, logger: log })
    : null;
  // Every process sweeps for runs whose worker is gone (decision 032), whether or not it works jobs.
  const sweeper = startRunSweeper(
    {
      db: database.db,
      intervalSeconds: config.RUN_SWEEP_INTERVAL_S,
      staleAfterSeconds: config.RUN_STALE_AFTER_S,
      stuckAfterSeconds: stuckAfterSeconds(config.STAGING_TIMEOUT_S),
      // A render refunded here sends its render.failed webhook (public API, decision 044).
      onRefunded: (runId) => queueRenderWebhooks(database.db, jobs.send, runId),
    },
    log,
  );

  let stopped = false;
  return {
    config,
    database,
    jobs,
    app,
    log,
    async stop() {
      if (stopped) return;
      stopped = true;
      // In-flight requests drain first, then running jobs, then connections, then the database.
      // A keep-alive connection whose request finishes during the drain would hold close() open
      // until the client hangs up: each connection is closed as soon as it has gone idle.
      if (app) {
        const closeIdle = setInterval(() => app.server.closeIdleConnections(), 200);
        await app.close().finally(() => clearInterval(closeIdle));
      }
      await sweeper.stop();
      await jobs.stop();
      await closeCvThreads();
      await mailer.close();
      services.mail.close();
      await database.close();
      await embedded?.stop();
    },
  };
}
