import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { photo } from '../support/staging-fixtures.js';
import { createTestDatabase } from '../support/test-database.js';
import { startWeb, startWorker, stopAll, type ServerProcess } from '../support/process-kit.js';
import { HttpClient } from '../support/http-client.js';

/**
 * SIGTERM during work, with real processes (two web processes with WORKERS_IN_PROCESS=false, one
 * `npm run worker` whose engine takes 4 s): a web process drains the slow request it is serving
 * before it exits; a worker finishes the job it is running before it exits; credits stay exact.
 */
const LATENCY_MS = 4000;
let dataDir: string;
let database: { url: string; drop(): Promise<void> };
let sql: pg.Pool;
let env: Record<string, string>;
let webA: ServerProcess & { url: string };
let webB: ServerProcess & { url: string };
let worker: ServerProcess;
const extra: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-shutdown-'));
  env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'shutdown-test-secret-shutdown-test-secret',
    STAGING_ENGINE: 'fixed-latency',
    FIXED_LATENCY_MS: String(LATENCY_MS),
    STAGING_TIMEOUT_S: '60',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  [webA, webB, worker] = await Promise.all([
    startWeb({ ...env, PORT: String(portA), PUBLIC_URL: `http://127.0.0.1:${portA}` }),
    startWeb({ ...env, PORT: String(portB), PUBLIC_URL: `http://127.0.0.1:${portB}` }),
    startWorker(env),
  ]);
}, 150_000);

afterAll(async () => {
  await stopAll([webA, webB, worker, ...extra]);
  await sql?.end();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function reservedRun(userId: string, timeoutMs = 20_000): Promise<{ id: string; job_id: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql.query(`SELECT id, job_id FROM staging_runs WHERE user_id = $1 AND state = 'reserved'`, [userId]);
    if (rows[0]?.job_id) return rows[0];
    if (Date.now() > deadline) throw new Error('no reserved run with a job appeared');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function jobState(jobId: string): Promise<string | undefined> {
  const { rows } = await sql.query(`SELECT state FROM pgboss.job WHERE id = $1`, [jobId]);
  return rows[0]?.state;
}

async function creditsUsed(userId: string): Promise<number> {
  const { rows } = await sql.query(`SELECT credits_used FROM users WHERE id = $1`, [userId]);
  return rows[0].credits_used;
}

describe('graceful shutdown', () => {
  it('SIGTERM to a web process while it serves a slow staging request: the request completes, then the process exits 0', async () => {
    const client = await HttpClient.signUp(webA);
    const projectId = await client.createProject('Drain me');
    const imageURL = await client.upload(await photo(640, 480));
    const pending = client.processImage({ imageURL, projectId });
    const run = await reservedRun(client.userId);

    const exit = webA.stop('SIGTERM');
    const response = await pending;
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ success: true, processedImagePath: expect.stringMatching(/^\/users\//) });
    expect(await exit).toBe(0);
    expect(webA.logs.some((l) => /SIGTERM received/.test(l.msg))).toBe(true);
    // The run was charged exactly once, and another web process serves the result.
    expect(await creditsUsed(client.userId)).toBe(1);
    const { rows } = await sql.query(`SELECT state FROM staging_runs WHERE id = $1`, [run.id]);
    expect(rows[0].state).toBe('charged');
    const other = client.on(webB.url);
    const image = await other.get(`/objects${(response.body as { processedImagePath: string }).processedImagePath}`);
    expect(image.status).toBe(200);
  }, 90_000);

  it('SIGTERM to a worker while it runs a job: the job finishes (charged once), the worker exits 0, a new worker carries on', async () => {
    const client = await HttpClient.signUp(webB);
    const projectId = await client.createProject('Finish me');
    const imageURL = await client.upload(await photo(640, 480));
    const pending = client.processImage({ imageURL, projectId });
    const run = await reservedRun(client.userId);
    for (let i = 0; i < 100 && (await jobState(run.job_id!)) !== 'active'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await jobState(run.job_id!)).toBe('active');

    const exit = worker.stop('SIGTERM');
    const response = await pending;
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await exit).toBe(0);
    expect(await jobState(run.job_id!)).toBe('completed');
    expect(await creditsUsed(client.userId)).toBe(1);
    expect(worker.logs.filter((l) => l.msg === 'staging run charged' && l.runId === run.id)).toHaveLength(1);

    // The queue keeps working with a fresh worker.
    const next = await startWorker({ ...env, FIXED_LATENCY_MS: '100' });
    extra.push(next);
    const second = await client.processImage({ imageURL: await client.upload(await photo(640, 480)), projectId });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await creditsUsed(client.userId)).toBe(2);
  }, 120_000);
});
