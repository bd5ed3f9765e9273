import type { FastifyInstance } from 'fastify';
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
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.js';
import { apiAvailableOn, apiOwnerOf } from './owner.js';
import type { OutboundPolicy } from './safe-fetch.js';
import { createEndpoint, deleteEndpoint, listEndpoints } from './webhook-endpoints.js';
import { recentDeliveries } from './webhooks.js';

export interface SettingsRoutesOptions {
  outbound: OutboundPolicy;
  limits: { requestsPerMinute: number; concurrentRenders: number };
}

const idParams = z.object({ id: z.string().uuid() });

/**
 * Settings → API (session): keys and webhook endpoints of the signed-in user's owner. Everyone may
 * look (below Business the page shows what the plan would give); creating needs Business.
 * When workspaces land, `apiOwnerOf` picks the workspace and this checks the owner/admin role.
 */
export async function apiSettingsRoutes(app: FastifyInstance, options: SettingsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireBusiness = (plan: string) => {
    if (!apiAvailableOn(plan as never)) throw AppError.forbidden('The API is part of the Business plan.', 'plan_required');
  };

  r.get('/api/settings/api', { preHandler: requireUser, schema: { response: { 200: apiSettingsResponse } } }, async (request) => {
    const user = currentUser(request);
    return { available: apiAvailableOn(user.subscriptionPlan), limits: options.limits, keys: await listApiKeys(app.db, apiOwnerOf(user)) };
  });

  r.post(
    '/api/settings/api/keys',
    { preHandler: [requireUser, requireVerifiedEmail], schema: { body: createApiKeyRequest, response: { 201: createApiKeyResponse } } },
    async (request, reply) => {
      const user = currentUser(request);
      requireBusiness(user.subscriptionPlan);
      return reply.code(201).send(await createApiKey(app.db, apiOwnerOf(user), user.id, request.body));
    },
  );

  r.post('/api/settings/api/keys/:id/revoke', { preHandler: requireUser, schema: { params: idParams, response: { 200: apiKeySummary } } }, async (request) =>
    revokeApiKey(app.db, apiOwnerOf(currentUser(request)), request.params.id),
  );

  r.get('/api/settings/api/webhooks', { preHandler: requireUser, schema: { response: { 200: webhookSettingsResponse } } }, async (request) => {
    const owner = apiOwnerOf(currentUser(request));
    return { endpoints: await listEndpoints(app.db, owner), deliveries: await recentDeliveries(app.db, owner.id) };
  });

  r.post(
    '/api/settings/api/webhooks',
    { preHandler: [requireUser, requireVerifiedEmail], schema: { body: createWebhookEndpointRequest, response: { 201: createWebhookEndpointResponse } } },
    async (request, reply) => {
      const user = currentUser(request);
      requireBusiness(user.subscriptionPlan);
      return reply.code(201).send(await createEndpoint(app.db, apiOwnerOf(user), options.outbound, request.body.url));
    },
  );

  r.delete('/api/settings/api/webhooks/:id', { preHandler: requireUser, schema: { params: idParams } }, async (request, reply) => {
    await deleteEndpoint(app.db, apiOwnerOf(currentUser(request)), request.params.id);
    return reply.code(204).send();
  });
}
