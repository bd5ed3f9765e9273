import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';
import { startJobQueue, type JobQueue } from '../jobs/job-queue.js';
import { projectRoot } from '../paths.js';
import { createServices } from '../services.js';
import { createProject, photo, processImage, upload } from '../../test/support/staging-fixtures.js';
import { RUN_STAGES } from '../../../contract/staging-runs.js';
import { followSse } from '../../test/support/sse-client.js';
import { createTestDatabase } from '../../test/support/test-database.js';
import { signUp, TEST_ORIGIN, wiredJobDefinitions } from '../../test/support/test-app.js';

/**
 * WORKERS_IN_PROCESS=false: the web process only sends jobs; `npm run worker` (a real second
 * process here) stages them, and the waiting request learns the result from the database.
 */
let dataDir: string;
let db: { url: string; drop(): Promise<void> };
let database: DatabaseHandle;
let jobs: JobQueue;
let app: Awaited<ReturnType<typeof buildApp>>;
let worker: ChildProcess;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-worker-test-'));
  const env = {
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    LOG_LEVEL: 'silent',
    STAGING_ENGINE: 'fixed-latency',
    FIXED_LATENCY_MS: '50',
    WORKERS_IN_PROCESS: 'false',
    // No safety re-read of a followed run within the test: its events reach the stream only by NOTIFY.
    RUN_STREAM_RECHECK_S: '3600',
  } as const;
  const config = loadConfig(env);
  database = connectDatabase(db.url);
  const services = createServices(config, database);
  jobs = await startJobQueue(db.url, wiredJobDefinitions(config, database, services), { work: config.WORKERS_IN_PROCESS, log: pino({ level: 'silent' }) as never });
  app = await buildApp({ config, database, jobs, services, serveWeb: false });
  await app.ready();
  worker = spawn(path.join(projectRoot, 'node_modules/.bin/tsx'), ['server/src/worker.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
}, 60_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
  await app?.close();
  await jobs?.stop();
  await database?.close();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a separate worker process', () => {
  it('stages what the web process queued', async () => {
    const { cookie } = await signUp(app);
    const projectId = await createProject(app, cookie);
    const res = await processImage(app, cookie, { imageURL: await upload(app, cookie, await photo(640, 480)), projectId });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await app.inject({ url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    expect(detail.status).toBe('completed');
    expect(detail.images.find((i: { isOriginal: boolean }) => !i.isOriginal).engine).toBe('fixed-latency');
  }, 30_000);

  it("streams an async run's real stages from the worker process to the web process's events (LISTEN/NOTIFY)", async () => {
    const { cookie } = await signUp(app);
    const projectId = await createProject(app, cookie);
    const imageURL = await upload(app, cookie, await photo(640, 480));
    const res = await app.inject({
      method: 'POST',
      url: '/api/process-image',
      headers: { cookie, prefer: 'respond-async' },
      payload: { imageURL, projectId, styleName: 'Modern Staging', styleDescription: '' },
    });
    expect(res.statusCode, res.body).toBe(202);
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { events } = await followSse(`http://127.0.0.1:${port}${res.json().eventsUrl}`, {
      headers: { cookie },
      isLast: (e) => e.event === 'done' || e.event === 'failed',
      timeoutMs: 30_000,
    });
    const stages = events.filter((e) => e.event === 'stage').map((e) => JSON.parse(e.data).stage);
    // The stream re-reads the run only when notified (RUN_STREAM_RECHECK_S=3600 above), so `done` and
    // every stage seen came by NOTIFY. Steps pass quickly with a 50 ms engine; at least one was seen,
    // each once, in pipeline order.
    expect(stages.length).toBeGreaterThan(0);
    expect(new Set(stages).size).toBe(stages.length);
    expect(stages).toEqual([...stages].sort((a, b) => RUN_STAGES.indexOf(a) - RUN_STAGES.indexOf(b)));
    expect(events.at(-1)!.event).toBe('done');
  }, 40_000);
});
