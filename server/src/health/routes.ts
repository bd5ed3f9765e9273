import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { publicConfig } from '../config.js';

export interface HealthRoutesOptions {
  /** Whether furniture removal can run with the operator's current model choice (decision 054); else from STAGING_ENGINE. */
  furnitureRemoval?: () => Promise<boolean>;
}

export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions = {}) {
  /** Liveness plus a database round trip; used as the container health check. */
  app.get('/api/health', async (request, reply) => {
    const started = performance.now();
    try {
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ok', database: { status: 'ok', latencyMs: Math.round(performance.now() - started) } };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'degraded', database: { status: 'unreachable' } });
    }
  });

  /** What the browser may know about this deployment (publishable keys, engine, limits). */
  app.get('/api/config', async () => {
    const config = publicConfig(app.config);
    return options.furnitureRemoval ? { ...config, furnitureRemoval: await options.furnitureRemoval() } : config;
  });
}
