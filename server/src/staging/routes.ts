import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { processImageRequest } from '../../../contract/projects.js';
import { activeRunsQuery, activeRunsResponse } from '../../../contract/staging-runs.js';
import { currentUser, requireUser, requireVerifiedEmail } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { actingWorkspace } from '../workspaces/access.js';
import type { JobDefinition, JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../objects/storage.js';
import { activeRunsOf } from './active-runs.js';
import { processImage, startRun } from './process-image.js';
import { prefersAsync } from './prefer-async.js';
import { runEventRoutes } from './runs/run-events-route.js';
import type { ModelRouter } from './models/model-router.js';
import { RunSettledListener } from './runs/run-listener.js';
import type { StagingRunPayload } from './runs/run-payload.js';
import type { UploadSource } from './upload-port.js';

export interface StagingRoutesOptions {
  storage: ObjectStorage;
  uploads: UploadSource;
  runJob: JobDefinition<StagingRunPayload>;
  timeoutSeconds: number;
  jobs: JobQueue | null;
  models: ModelRouter;
}

/**
 * POST /api/process-image → `{success: true, processedImagePath}` or `{success: false, error, code}`
 * with a fitting status (402 no credits, 404 not yours/not found, 422 refused or `engine_cannot_declutter`, 502 engine failure,
 * 504 timeout). The request waits for the staging job; closing it does not cancel the job.
 * With `Prefer: respond-async` it answers 202 `{runId, status, eventsUrl}` once the job is queued
 * (decision 022); the run is then followed at GET /api/staging-runs/:id/events.
 */
export async function stagingRoutes(app: FastifyInstance, options: StagingRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage, uploads, runJob, timeoutSeconds, jobs, models } = options;
  const listener = new RunSettledListener(app.pool, app.log);
  app.addHook('onClose', () => listener.close());
  await app.register(runEventRoutes, {
    listener,
    streamsPerUser: app.config.RUN_STREAMS_PER_USER,
    streamsPerRun: app.config.RUN_STREAMS_PER_RUN,
    recheckMs: app.config.RUN_STREAM_RECHECK_S * 1000,
  });

  // A page reloaded mid-run finds its live and just-finished runs here (issue #23).
  r.get(
    '/api/staging-runs',
    {
      preHandler: requireUser,
      schema: { querystring: activeRunsQuery, response: { 200: activeRunsResponse } },
    },
    async (request) => activeRunsOf(app.db, (await actingWorkspace(request)).workspaceId),
  );

  r.post(
    '/api/process-image',
    { preHandler: [requireUser, requireVerifiedEmail], schema: { body: processImageRequest } },
    async (request, reply) => {
      const user = currentUser(request);
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) gone.abort();
      });
      const deps = {
        db: app.db,
        storage,
        uploads,
        jobs,
        runJob,
        timeoutSeconds,
        listener,
        log: request.log,
        canDeclutter: () => models.canDeclutter(),
        admits: models.admits,
      };
      try {
        if (prefersAsync(request.headers.prefer)) {
          const started = await startRun(deps, user.id, request.body);
          if ('staged' in started) return { success: true as const, ...started.staged };
          const eventsUrl = `/api/staging-runs/${started.runId}/events`;
          return reply
            .code(202)
            .headers({ 'preference-applied': 'respond-async', location: eventsUrl })
            .send({ runId: started.runId, status: 'queued', eventsUrl });
        }
        const result = await processImage(deps, user.id, request.body, gone.signal);
        return {
          success: true as const,
          processedImagePath: result.processedImagePath,
          imageId: result.imageId,
        };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.statusCode >= 500 && err.cause) request.log.error({ err: err.cause }, err.message);
        return reply
          .code(err.statusCode)
          .headers(err.headers)
          .send({ success: false, error: err.message, code: err.code });
      }
    },
  );
}
