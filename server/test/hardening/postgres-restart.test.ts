import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';
import { startJobQueue, type JobQueue } from '../../src/jobs/job-queue.js';
import { createServices } from '../../src/services.js';
import { createProject, photo, processImage, upload } from '../support/staging-fixtures.js';
import { signUp, TEST_ORIGIN, wiredJobDefinitions } from '../support/test-app.js';

/**
 * PostgreSQL restarted under a running app (its own embedded server, stopped and started again on
 * the same port and data): requests during the outage answer 503 `service_unavailable` (never a
 * 500, never a crash), /api/health says `degraded`, and afterwards the same app instance (pool,
 * job queue, LISTEN connection) serves and stages again without a restart.
 */
let dir: string;
let pgServer: EmbeddedDatabase;
let port: number;
let database: DatabaseHandle;
let jobs: JobQueue;
let app: FastifyInstance;
const silent = pino({ level: 'silent' });
/** What the app logged as errors (the cause of a 5xx), for failure messages. */
const errors: string[] = [];
const errorLog = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-pg-restart-'));
  pgServer = await startEmbeddedPostgres(dir);
  port = Number(new URL(pgServer.url).port);
  await runMigrations(pgServer.url);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dir,
    DATABASE_URL: pgServer.url,
    SESSION_SECRET: 'pg-restart-secret-pg-restart-secret-42',
    STAGING_ENGINE: 'fixed-latency',
    FIXED_LATENCY_MS: '50',
    STAGING_TIMEOUT_S: '30',
  });
  database = connectDatabase(pgServer.url, { poolSize: 5, logger: silent });
  const services = createServices(config, database);
  jobs = await startJobQueue(pgServer.url, wiredJobDefinitions(config, database, services), { work: true, log: silent as never });
  app = await buildApp({ config, database, jobs, services, serveWeb: false, logger: errorLog as never });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await jobs?.stop();
  await database?.close();
  await pgServer?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL restarted while requests run', () => {
  it('answers 503 during the outage and serves again afterwards, without restarting the app', async () => {
    const { cookie } = await signUp(app);
    const projectId = await createProject(app, cookie);
    expect((await processImage(app, cookie, { imageURL: await upload(app, cookie, await photo(320, 240)), projectId })).statusCode).toBe(200);

    // Traffic of every kind, all the time: reads, writes, session lookups, health checks.
    const answers: LightMyRequestResponse[] = [];
    let running = true;
    const traffic = (async () => {
      for (let i = 0; running; i++) {
        const batch = await Promise.all([
          app.inject({ url: '/api/projects', headers: { cookie } }),
          app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: `During ${i}` } }),
          app.inject({ url: '/api/auth/user', headers: { cookie } }),
          app.inject({ url: '/api/health' }),
        ]);
        answers.push(...batch);
        await sleep(50);
      }
    })();

    await sleep(500);
    await pgServer.stop();
    const outageStarted = answers.length;
    await sleep(3000);
    const during = answers.slice(outageStarted + 8);
    pgServer = await startEmbeddedPostgres(dir, () => {}, { port });

    // The same app recovers by itself: health first, then everything else.
    let healthy = false;
    for (let i = 0; i < 100 && !healthy; i++) {
      healthy = (await app.inject({ url: '/api/health' })).statusCode === 200;
      if (!healthy) await sleep(200);
    }
    expect(healthy).toBe(true);
    await sleep(1000);
    running = false;
    await traffic;

    expect(during.length).toBeGreaterThan(8);
    for (const answer of answers) {
      const cause = answer.statusCode === 500 ? errors.map((e) => JSON.parse(e).err?.message).join(' | ') : '';
      expect([200, 201, 503], `${answer.statusCode} ${answer.body} ${cause}`).toContain(answer.statusCode);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
    for (const answer of during) {
      expect(answer.statusCode, answer.body).toBe(503);
      const body = answer.json();
      expect(body.code ?? body.status).toMatch(/^(service_unavailable|degraded)$/);
    }
    // The last round of traffic, after the restart, succeeded again.
    expect(answers.slice(-4).map((a) => a.statusCode)).toEqual([200, 201, 200, 200]);

    // Sessions, writes and the job queue (its own pool and LISTEN connection) work again.
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const after = await processImage(app, cookie, { imageURL: await upload(app, cookie, await photo(320, 240)), projectId });
    expect(after.statusCode, after.body).toBe(200);
  }, 120_000);
});
