import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiGuide } from './api-guide.js';
import type { PublicApiPorts } from './ports.js';
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
 * page at /docs/api (Scalar, served from the package), and Settings → API for the web app.
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

  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) {
        reply.header('content-security-policy', docsPagePolicy(payload));
      }
      return payload;
    });
    await docs.register(scalar, {
      routePrefix: DOCS_PATH,
      configuration: { url: OPENAPI_PATH, pageTitle: 'Raumwerk API', withDefaultFonts: false, hideClientButton: true, telemetry: false } as never,
    });
  });

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

/** The reference page's own CSP: the app's, plus the hashes of the page's inline configuration script. */
function docsPagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}
