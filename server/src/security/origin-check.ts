import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard on top of SameSite=Lax: a state-changing request that names
 * a foreign Origin is refused. Requests without Origin (curl, server-to-server webhooks) pass.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const own = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined || origin === own) return;
    throw new AppError(403, 'foreign_origin', 'Requests from other sites are not allowed.');
  });
}
