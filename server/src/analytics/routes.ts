import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsEventRequest } from '../../../contract/analytics.js';
import { AppError } from '../errors/app-error.js';
import { BurstLimiter } from './burst-limiter.js';
import { isAdminPath, normalisePagePath } from './page-paths.js';
import { recordEvent } from './record-event.js';

export interface AnalyticsRoutesOptions {
  /** Events per client and window (default 30 per 10 s: far above what a person clicking around sends). */
  burst?: { limit: number; windowMs: number };
}

/** Do Not Track or Global Privacy Control: the visitor asked not to be counted. */
function optedOut(request: FastifyRequest): boolean {
  return request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
}

export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = new BurstLimiter(options.burst?.limit ?? 30, options.burst?.windowMs ?? 10_000);

  /**
   * POST /api/analytics/events {event, path}: 204 whether counted or dropped (DNT/GPC, admin
   * screens), 400 for an unknown event, 429 for a burst. The browser sends it only with analytics
   * consent; the server keeps no IP, user id, cookie or fingerprint with the count.
   */
  r.post('/api/analytics/events', { schema: { body: analyticsEventRequest } }, async (request, reply) => {
    const wait = limiter.hit(request.ip);
    if (wait > 0) throw AppError.tooManyRequests(wait, 'Too many events. Please slow down.');
    if (optedOut(request)) return reply.code(204).send();
    const { event, path } = request.body;
    if (event === 'pageview') {
      if (isAdminPath(path)) return reply.code(204).send();
      await recordEvent(app.db, 'pageview', normalisePagePath(path));
    } else {
      await recordEvent(app.db, event);
    }
    return reply.code(204).send();
  });
}
