import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { pg } from './pg-type.js';
import type { SessionUser } from '../auth/session-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    pool: pg.Pool;
  }
  interface FastifyRequest {
    /** Set by the requireUser / requireAdmin guards. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}
