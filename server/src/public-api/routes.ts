import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiGuide } from './api-guide.js';
import type { PublicApiPorts } from './ports.js';
import { referencePageRoutes } from './reference-page.js';
import type { RenderServiceDeps } from './render-service.js';
import type { OutboundPolicy } from './safe-fetch.js';
import { apiSettingsRoutes } from './settings-routes.js';
import { v1Routes } from './v1-routes.js';
import { queueRenderWebhooks } from './webhooks.js';

export interface PublicApiOptions {
  ports: PublicApiPorts;
  outbound: OutboundPolicy;
  requestsPerMinute: number;
  concurrentRenders: number;
}

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_PATH = '/docs/api';

/**
 * The public API feature (issue #25): `/api/v1` with its generated OpenAPI document, the reference
 * page at /docs/api (Scalar's browser bundle: reference-page.ts), and Settings → API for the web app.
 */
export async function publicApiRoutes(app: FastifyInstance, options: PublicApiOptions) {
  const limits = { requestsPerMinute: options.requestsPerMinute, concurrentRenders: options.concurrentRenders };
  const deps: RenderServiceDeps = {
    db: app.db,
    ports: options.ports,
    outbound: options.outbound,
    ...limits,
    onSettled: async (runId) => {
      const jobs = options.ports.jobs;
      if (jobs) await queueRenderWebhooks(app.db, (job, data, opts) => jobs.send(job, data, opts), runId);
    },
  };

  await app.register(async (v1) => {
    await v1.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Raumwerk API', version: '1.0.0', description: apiGuide(app.config.publicUrl) },
        servers: [{ url: app.config.publicUrl }],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from Settings → API (`rw_live_…`).' } } },
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) => withMultipartBody(jsonSchemaTransformObject(documentObject) as OpenApiDocument),
    });
    await v1.register(v1Routes, deps);
    v1.get(OPENAPI_PATH, { schema: { hide: true } }, async () => v1.swagger());
  });

  await app.register(referencePageRoutes, { openApiPath: OPENAPI_PATH, title: 'Raumwerk API' });

  await app.register(apiSettingsRoutes, { outbound: options.outbound, limits });
}

type OpenApiDocument = { paths?: Record<string, Record<string, Record<string, unknown>>> };

/** The multipart photo upload has no zod body (the stream is read in the handler): its request body is described here. */
function withMultipartBody(document: OpenApiDocument): OpenApiDocument {
  const upload = document.paths?.['/api/v1/photos']?.post;
  if (upload) {
    upload.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
    };
  }
  return document;
}
