import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { JobQueue } from './jobs/job-queue.js';
import { findReceivedUpload, storeReceivedUpload } from './objects/upload-service.js';
import { createProject } from './projects/service.js';
import type { PublicApiPorts } from './public-api/ports.js';
import type { Services } from './services.js';
import { refundRun } from './staging/credits.js';
import { startRun } from './staging/process-image.js';
import { findRun } from './staging/runs/runs.js';

/**
 * The public API's ports (public-api/ports.ts) made of the web app's own functions: the upload
 * intake, project creation, and staging's start with its credit reservation, lock, refunds and
 * fair queue. Features meet here, not inside each other.
 */
export function createPublicApiPorts(config: AppConfig, database: DatabaseHandle, services: Services, jobs: JobQueue | null): PublicApiPorts {
  const { db } = database;
  const quotaBytes = config.UPLOAD_QUOTA_MB * 1024 * 1024;
  return {
    storage: services.storage,
    jobs,
    photos: {
      store: (userId, bytes, contentType) => storeReceivedUpload(db, services.storage, userId, bytes, contentType, quotaBytes),
      find: (userId, photoId) => findReceivedUpload(db, userId, photoId),
    },
    // API keys belong to a workspace (decision 043): their renders are projects of it.
    createProject: async (userId, workspaceId, title, category) => (await createProject(db, userId, workspaceId, { title, category })).id,
    startRun: (userId, request, log: FastifyBaseLogger) =>
      startRun(
        {
          db,
          storage: services.storage,
          uploads: services.uploads,
          jobs,
          runJob: services.runJob,
          timeoutSeconds: services.timeoutSeconds,
          log,
          canDeclutter: () => services.models.canDeclutter(),
          admits: (service) => services.models.admits(service),
        },
        userId,
        request,
      ),
    cancelQueuedRun: async (runId) => {
      const run = await findRun(db, runId);
      if (!run || run.state !== 'reserved' || run.stage) return false;
      return refundRun(db, runId, 'The render was cancelled through the API. Its credits were refunded.', 'render_cancelled');
    },
  };
}
