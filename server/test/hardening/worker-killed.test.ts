import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { freePort } from '../../src/db/embedded.js';
import { sweepStaging } from '../../src/staging/runs/sweeper.js';
import { photo } from '../support/staging-fixtures.js';
import { createTestDatabase } from '../support/test-database.js';
import { HttpClient } from '../support/http-client.js';
import { startWeb, startWorker, stopAll, type ServerProcess } from '../support/process-kit.js';

/**
 * A worker process killed (SIGKILL: no shutdown code runs) in the middle of a staging job, with
 * a web process (WORKERS_IN_PROCESS=false) waiting for it. Decision 006: a job is not retried by
 * pg-boss; the waiting request refunds at STAGING_TIMEOUT_S, and a run whose request is gone as
 * well is refunded by the sweeper. Either way the credit comes back once, the project does not
 * stay `processing`, a late result is never charged, and a new worker carries on.
 */
const TIMEOUT_S = 6;
let dataDir: string;
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
let sql: pg.Pool;
let env: Record<string, string>;
let web: ServerProcess & { url: string };
const processes: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url, { poolSize: 2 });
  sql = handle.pool;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-killed-'));
  env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'killed-worker-secret-killed-worker-secret',
    STAGING_ENGINE: 'fixed-latency',
    STAGING_TIMEOUT_S: String(TIMEOUT_S),
  };
  const port = await freePort();
  web = await startWeb({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }, 90_000);
}, 120_000);

afterAll(async () => {
  await stopAll([web, ...processes]);
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function slowWorker(): Promise<ServerProcess> {
  // The engine would take a minute: the job is certainly running when the worker dies.
  const worker = await startWorker({ ...env, FIXED_LATENCY_MS: '60000' }, 90_000);
  processes.push(worker);
  return worker;
}

async function activeJobOf(userId: string): Promise<{ runId: string; jobId: string }> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql.query(
      `SELECT r.id, r.job_id FROM staging_runs r JOIN pgboss.job j ON j.id::text = r.job_id WHERE r.user_id = $1 AND j.state = 'active'`,
      [userId],
    );
    if (rows[0]) return { runId: rows[0].id, jobId: rows[0].job_id };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the staging job never became active');
}

async function state(userId: string, runId: string) {
  const { rows } = await sql.query(
    `SELECT r.state, r.error_code, u.credits_used, p.status FROM staging_runs r JOIN users u ON u.id = r.user_id JOIN projects p ON p.id = r.project_id WHERE r.id = $1 AND u.id = $2`,
    [runId, userId],
  );
  return rows[0] as { state: string; error_code: string | null; credits_used: number; status: string };
}

async function killHard(worker: ServerProcess) {
  worker.child.kill('SIGKILL');
  expect(await worker.exited).toBe(-1);
}

describe('a worker killed in the middle of a job', () => {
  it('with the request still waiting: 504 at STAGING_TIMEOUT_S, the credit refunded, the project failed; a new worker stages the retry', async () => {
    const worker = await slowWorker();
    const client = await HttpClient.signUp(web);
    const projectId = await client.createProject('Killed');
    const imageURL = await client.upload(await photo(640, 480));
    const pending = client.processImage({ imageURL, projectId });
    const { runId } = await activeJobOf(client.userId);
    await killHard(worker);
    const replacement = await startWorker({ ...env, FIXED_LATENCY_MS: '100' }, 90_000);
    processes.push(replacement);

    const response = await pending;
    expect(response.status).toBe(504);
    expect(response.body).toMatchObject({ success: false, code: 'staging_timeout', error: expect.stringMatching(/refunded/) });
    expect(await state(client.userId, runId)).toMatchObject({ state: 'refunded', error_code: 'staging_timeout', credits_used: 0, status: 'failed' });

    // The user tries again (the same upload, now the project's original): the new worker stages it.
    const retry = await client.processImage({ imageURL, projectId });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const { rows } = await sql.query(`SELECT state FROM staging_runs WHERE user_id = $1 ORDER BY created_at`, [client.userId]);
    expect(rows.map((r) => r.state)).toEqual(['refunded', 'charged']);
    expect((await state(client.userId, runId)).credits_used).toBe(1);
    // Logged once the charge has committed, which may be just after the answer went out.
    await replacement.waitForLog((l) => l.msg === 'staging run charged', 10_000);
    expect(replacement.logs.filter((l) => l.msg === 'staging run charged')).toHaveLength(1);
    expect(await replacement.stop('SIGTERM')).toBe(0);
  }, 120_000);

  it('with the request gone too: the run waits for the sweeper, which refunds it once and fails the project', async () => {
    const worker = await slowWorker();
    const client = await HttpClient.signUp(web);
    const projectId = await client.createProject('Abandoned');
    const imageURL = await client.upload(await photo(640, 480));
    const aborted = new AbortController();
    const pending = fetch(`${web.url}/api/process-image`, {
      method: 'POST',
      signal: aborted.signal,
      headers: { cookie: client.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ imageURL, projectId, styleName: 'Modern Staging', category: 'virtual_staging', isRegeneration: false }),
    }).catch((err: Error) => err);
    const { runId } = await activeJobOf(client.userId);
    aborted.abort();
    expect(await pending).toBeInstanceOf(Error);
    await killHard(worker);

    // Nobody is left to settle the run: it is reserved and the project processing, until the sweep.
    await new Promise((r) => setTimeout(r, (TIMEOUT_S + 1) * 1000));
    expect(await state(client.userId, runId)).toMatchObject({ state: 'reserved', credits_used: 1, status: 'processing' });
    const swept = await sweepStaging({ db: handle.db, stuckAfterSeconds: TIMEOUT_S }, pino({ level: 'silent' }));
    expect(swept.refunded).toBe(1);
    expect(await state(client.userId, runId)).toMatchObject({ state: 'refunded', error_code: 'staging_timeout', credits_used: 0, status: 'failed' });
    expect((await sweepStaging({ db: handle.db, stuckAfterSeconds: TIMEOUT_S }, pino({ level: 'silent' }))).refunded).toBe(0);
    expect((await state(client.userId, runId)).credits_used).toBe(0);
  }, 120_000);
});
