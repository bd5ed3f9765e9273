/**
 * Child-process entry of bench/http.ts, bench/web.ts and bench/lighthouse.ts (started by
 * `startServer` in harness.ts with `node --import tsx`). Configuration comes from the environment
 * exactly as for `npm start`; two benchmark switches:
 *
 *   BENCH_BARE_PORT=<port>  (http.ts) the app exactly as server/src/main.ts starts it (startRuntime,
 *                           the pino logger at LOG_LEVEL writing to stdout, in-process job workers),
 *                           plus, on <port>, a bare Fastify instance (logger off, no plugins, no
 *                           schemas) whose routes run the same SQL on the same pg pool.
 *   BENCH_WEB_ROOT=<dir>    (web.ts, lighthouse.ts) the same runtime, but the web app served from
 *                           <dir> (built like `npm run build:web` does, into a temp dir) instead of
 *                           dist/web, by the app's own registerSpa.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../../server/src/app.js';
import { createBilling } from '../../server/src/billing/billing-module.js';
import { databasePoolSize, loadConfig } from '../../server/src/config.js';
import { connectDatabase } from '../../server/src/db/client.js';
import { startJobQueue } from '../../server/src/jobs/job-queue.js';
import { createLogger, jobDefinitions, startRuntime } from '../../server/src/runtime.js';
import { createServices } from '../../server/src/services.js';
import { PROJECTS_SQL, SESSION_USER_SQL, projectsParams } from './app-sql.js';

const config = loadConfig();
if (!config.DATABASE_URL)
  throw new Error('server-host: DATABASE_URL must name the benchmark database');
const webRoot = process.env.BENCH_WEB_ROOT;
const barePort = process.env.BENCH_BARE_PORT;

let stop: () => Promise<void>;
if (webRoot) {
  // startRuntime(config, { serve: true, work: true }) with the web app from another folder.
  const log = createLogger(config);
  const database = connectDatabase(config.DATABASE_URL, {
    poolSize: databasePoolSize(config, config.WORKERS_IN_PROCESS),
    logger: log,
  });
  const services = createServices(config, database);
  const billing = createBilling(config);
  const jobs = await startJobQueue(
    config.DATABASE_URL,
    jobDefinitions(database, services, billing),
    {
      work: config.WORKERS_IN_PROCESS,
      log,
    },
  );
  const app = await buildApp({
    config,
    database,
    jobs,
    services,
    billing,
    logger: log,
    webRoot: path.resolve(webRoot),
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  stop = async () => {
    await app.close();
    await jobs.stop();
    await database.close();
  };
} else {
  const runtime = await startRuntime(config, { serve: true, work: config.WORKERS_IN_PROCESS });
  await runtime.app!.listen({ port: config.PORT, host: config.HOST });
  let bare: FastifyInstance | null = null;
  if (barePort) {
    bare = bareApp(runtime.database.pool, config.RETENTION_DAYS);
    await bare.listen({ port: Number(barePort), host: config.HOST });
  }
  stop = async () => {
    await bare?.close();
    await runtime.stop();
  };
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

// --- the bare comparison -----------------------------------------------------------------------------

type Row = Record<string, any>;

function bareApp(pool: pg.Pool, retentionDays: number): FastifyInstance {
  const bare = Fastify({ logger: false });

  async function sessionUser(cookieHeader: string | undefined): Promise<Row | null> {
    const token = /(?:^|;\s*)rw_session=([^;]+)/.exec(cookieHeader ?? '')?.[1];
    if (!token) return null;
    const id = createHash('sha256').update(decodeURIComponent(token)).digest('base64url');
    const { rows } = await pool.query(SESSION_USER_SQL, [id, 1]);
    return rows[0] ?? null;
  }

  bare.get('/api/auth/user', async (request, reply) => {
    const u = await sessionUser(request.headers.cookie);
    if (!u) return reply.code(401).send({ message: 'Not signed in', code: 'unauthorized' });
    return {
      id: u.id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      profileRole: u.profile_role,
      industry: u.industry,
      role: u.role,
      subscriptionPlan: u.subscription_plan,
      creditsUsed: u.credits_used,
      creditsLimit: u.credits_limit,
    };
  });

  bare.get('/api/projects', async (request, reply) => {
    const u = await sessionUser(request.headers.cookie);
    if (!u) return reply.code(401).send({ message: 'Not signed in', code: 'unauthorized' });
    // Array rows, in the order of PROJECTS_SQL: seven project columns, then the four cover paths.
    const { rows } = await pool.query({
      text: PROJECTS_SQL,
      values: projectsParams(u.id),
      rowMode: 'array',
    });
    return rows.map((r: any[]) => {
      const [id, title, category, status, createdAt, completedAt, expiredAt] = r;
      const [originalPath, originalThumb, processedPath, processedThumb] = r.slice(7);
      const expireAt =
        completedAt && retentionDays > 0
          ? new Date(completedAt.getTime() + retentionDays * 86_400_000).toISOString()
          : null;
      return {
        id,
        title,
        category,
        status,
        createdAt: createdAt.toISOString(),
        originalImagePath: originalPath,
        processedImagePath: processedPath,
        originalThumbnailPath: originalThumb,
        processedThumbnailPath: processedThumb,
        imagesExpireAt: expiredAt ? expiredAt.toISOString() : expireAt,
        imagesExpired: expiredAt !== null,
      };
    });
  });

  bare.get('/api/health', async () => ({ ok: true }));
  return bare;
}
