import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeySummary,
  apiSettingsResponse,
  createApiKeyRequest,
  createApiKeyResponse,
  createWebhookEndpointRequest,
  createWebhookEndpointResponse,
  webhookSettingsResponse,
} from '../../../contract/public-api.js';
import { currentUser, requireUser, requireVerifiedEmail } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { actingWorkspace, hasPermission, requirePermission } from '../workspaces/access.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.js';
import { apiAvailableOn, apiOwnerOf, type ApiOwner } from './owner.js';
import type { OutboundPolicy } from './safe-fetch.js';
import { createEndpoint, deleteEndpoint, listEndpoints } from './webhook-endpoints.js';
import { recentDeliveries } from './webhooks.js';

export interface SettingsRoutesOptions {
  outbound: OutboundPolicy;
  limits: { requestsPerMinute: number; concurrentRenders: number };
}

const idParams = z.object({ id: z.string().uuid() });

/**
 * Settings → API (session): the keys, webhook endpoints and delivery log of the acting workspace
 * (decision 043). Every member may look (below Business the page shows what the plan would give);
 * creating and revoking needs the owner or admin role (403 `forbidden_role`) and Business. Ids of
 * another workspace's keys and endpoints answer 404.
 */
export async function apiSettingsRoutes(app: FastifyInstance, options: SettingsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The acting workspace's owner when the caller may manage its API; `business` also checks the plan. */
  const managedOwner = async (request: FastifyRequest, business: boolean): Promise<ApiOwner> => {
    const access = await actingWorkspace(request);
    requirePermission(access, 'api.manage');
    if (business && !apiAvailableOn(access.plan)) throw AppError.forbidden('The API is part of the Business plan.', 'plan_required');
    return apiOwnerOf(access);
  };

  r.get('/api/settings/api', { preHandler: requireUser, schema: { response: { 200: apiSettingsResponse } } }, async (request) => {
    const access = await actingWorkspace(request);
    return {
      available: apiAvailableOn(access.plan),
      canManage: hasPermission(access.role, 'api.manage'),
      limits: options.limits,
      keys: await listApiKeys(app.db, apiOwnerOf(access)),
    };
  });

  r.post(
    '/api/settings/api/keys',
    { preHandler: [requireUser, requireVerifiedEmail], schema: { body: createApiKeyRequest, response: { 201: createApiKeyResponse } } },
    async (request, reply) => {
      const owner = await managedOwner(request, true);
      return reply.code(201).send(await createApiKey(app.db, owner, currentUser(request).id, request.body));
    },
  );

  r.post('/api/settings/api/keys/:id/revoke', { preHandler: requireUser, schema: { params: idParams, response: { 200: apiKeySummary } } }, async (request) =>
    revokeApiKey(app.db, await managedOwner(request, false), request.params.id),
  );

  r.get('/api/settings/api/webhooks', { preHandler: requireUser, schema: { response: { 200: webhookSettingsResponse } } }, async (request) => {
    const owner = apiOwnerOf(await actingWorkspace(request));
    return { endpoints: await listEndpoints(app.db, owner), deliveries: await recentDeliveries(app.db, owner.id) };
  });

  r.post(
    '/api/settings/api/webhooks',
    { preHandler: [requireUser, requireVerifiedEmail], schema: { body: createWebhookEndpointRequest, response: { 201: createWebhookEndpointResponse } } },
    async (request, reply) => {
      const owner = await managedOwner(request, true);
      return reply.code(201).send(await createEndpoint(app.db, owner, options.outbound, request.body.url));
    },
  );

  r.delete('/api/settings/api/webhooks/:id', { preHandler: requireUser, schema: { params: idParams } }, async (request, reply) => {
    await deleteEndpoint(app.db, await managedOwner(request, false), request.params.id);
    return reply.code(204).send();
  });
}
