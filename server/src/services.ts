import { stagingRunsAtOnce, type AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { configureHeicDecoding } from './images/heic-port.js';
import { configureImageWork } from './images/image-work.js';
import { configureSigning } from './images/signing-identity.js';
import type { JobDefinition } from './jobs/job-queue.js';
import { passwordResetJob } from './auth/password-reset-job.js';
import { mailJob, mailRetryPolicy } from './mail/mail-job.js';
import {
  createMailTransport,
  mailTransportSettings,
  type MailTransport,
} from './mail/mail-transport.js';
import { createStorage, type ObjectStorage } from './objects/storage.js';
import { uploadCleanupJob } from './objects/upload-cleanup-job.js';
import { createUploadSource } from './objects/upload-service.js';
import { projectRetentionJob } from './projects/retention-job.js';
import { refundProjectRuns } from './staging/credits.js';
import type { RetryPolicy } from './staging/engine-runner.js';
import { createSettingsCache } from './economics/engine-settings.js';
import { configuredProviders, environmentModel, findModel } from './economics/model-registry.js';
import { createConfiguredEngine, createGeometryLock, createModelEngine, decodeHeicInImageThread } from './staging/engine-wiring.js';
import { createModelRouter, type ModelRouter } from './staging/models/model-router.js';
import type { StagingEngine } from './staging/engines/engine.js';
import { createProviderBudget, withProviderBudget } from './staging/provider-budget.js';
import { createStagingJobs } from './staging/runs/staging-jobs.js';
import type { GeometryLock } from './staging/runs/run-render.js';
import type { StagingRunPayload } from './staging/runs/run-payload.js';
import type { UploadSource } from './staging/upload-port.js';
import { outboundPolicyOf } from './public-api/safe-fetch.js';
import { queueRenderWebhooks, webhookJob, withRenderWebhooks } from './public-api/webhooks.js';

/**
 * The composition of storage, uploads and staging, shared by app.ts (web side) and runtime.ts
 * (workers): storage by STORAGE_DRIVER, the engine by STAGING_ENGINE (built on first use), the
 * jobs. Features meet here instead of importing each other's insides.
 */
export interface Services {
  storage: ObjectStorage;
  uploads: UploadSource;
  /** The environment's engine (STAGING_ENGINE): what the server can do without the operator's choice. */
  engine(): StagingEngine;
  /** The operator's model choice per service, fallbacks and spending limits (issue 38). */
  models: ModelRouter;
  runJob: JobDefinition<StagingRunPayload>;
  timeoutSeconds: number;
  /** Where the outbox's mail job hands mails over (SMTP or .eml files); closed by whoever created the services. */
  mail: MailTransport;
  /** Every job definition of these features, for `jobDefinitions()`. */
  jobs: JobDefinition<any>[];
  /** Runs inside the project-deletion transaction: gives back credits still reserved. */
  beforeProjectDelete(
    tx: Pick<DatabaseHandle['db'], 'execute'>,
    projectId: string,
  ): Promise<unknown>;
}

/** Test and benchmark seams. */
export interface ServiceOverrides {
  engine?: StagingEngine;
  storage?: ObjectStorage;
  lock?: GeometryLock;
  retryPolicy?: RetryPolicy;
}

export function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  overrides: ServiceOverrides = {},
): Services {
  configureImageWork(config.IMAGE_CONCURRENCY);
  configureSigning({ certificatePem: config.C2PA_SIGNING_CERT, privateKeyPem: config.C2PA_SIGNING_KEY, dataDir: config.dataDir });
  // Uploaded HEIC/HEIF photos are decoded in the image threads, not on the event loop (decision 059).
  configureHeicDecoding(decodeHeicInImageThread);
  const storage = overrides.storage ?? createStorage(config);
  let engine = overrides.engine;
  const getEngine = () => (engine ??= budgeted(createConfiguredEngine(config)));
  // Every request to a remote provider takes its turn in the provider's budget (PROVIDER_RPM, decision 024).
  const budgeted = (configured: StagingEngine) => budgetedFor(config.STAGING_ENGINE, configured);
  const budgetedFor = (provider: string, configured: StagingEngine) =>
    provider === 'offline'
      ? configured
      : withProviderBudget(configured, createProviderBudget(database.db, provider, config.PROVIDER_RPM));
  // Each run calls the model the operator chose for its service (decision 054); each model's engine
  // is built once per process, with its provider's request budget.
  const modelEngines = new Map<string, StagingEngine>();
  const providers = configuredProviders(config);
  const models = createModelRouter({
    db: database.db,
    settings: createSettingsCache(database.db, environmentModel(config)),
    engineOf: (modelId) => {
      if (overrides.engine) return overrides.engine;
      let built = modelEngines.get(modelId);
      if (!built) modelEngines.set(modelId, (built = budgetedFor(modelId.split(':')[0]!, createModelEngine(config, modelId))));
      return built;
    },
    usable: (modelId) => providers.has(findModel(modelId)?.provider ?? ('' as never)),
    fixed: overrides.engine,
    patienceMs: config.ENGINE_FALLBACK_PATIENCE_S * 1000,
    adminUrl: `${config.publicUrl}/admin/budgets`,
  });
  const mail = createMailTransport(mailTransportSettings(config));
  const { runJob: stagingRunJob, sweepJob } = createStagingJobs({
    db: database.db,
    storage,
    models,
    lock: overrides.lock ?? createGeometryLock(config),
    timeoutSeconds: config.STAGING_TIMEOUT_S,
    workerConcurrency: config.WORKER_CONCURRENCY,
    runsAtOnce: stagingRunsAtOnce(config),
    retryPolicy: overrides.retryPolicy,
    heartbeatSeconds: config.RUN_HEARTBEAT_S,
    staleAfterSeconds: config.RUN_STALE_AFTER_S,
    // A render refunded by the sweep sends its render.failed webhook (public API, decision 044).
    onRunRefunded: (runId, send) => queueRenderWebhooks(database.db, send, runId),
  });
  // API renders notify their webhooks once their run settles (public API, decision 044).
  const runJob = withRenderWebhooks(database.db, stagingRunJob);
  return {
    storage,
    uploads: createUploadSource(database.db, storage),
    engine: getEngine,
    models,
    runJob,
    timeoutSeconds: config.STAGING_TIMEOUT_S,
    mail,
    jobs: [
      mailJob(mail, mailRetryPolicy(config)),
      passwordResetJob({ db: database.db, publicUrl: config.publicUrl, adminEmails: config.ADMIN_EMAILS }),
      runJob,
      sweepJob,
      uploadCleanupJob(database.db, storage, config.UNUSED_UPLOAD_HOURS),
      projectRetentionJob(database.db, storage, config.RETENTION_DAYS),
      webhookJob(database.db, outboundPolicyOf(config), {
        retryLimit: config.WEBHOOK_RETRY_LIMIT,
        retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_S,
        retryDelayMaxSeconds: config.WEBHOOK_RETRY_DELAY_MAX_S,
      }),
    ],
    beforeProjectDelete: (tx, projectId) =>
      refundProjectRuns(tx, projectId, 'The project was deleted. Your credit has been refunded.'),
  };
}
