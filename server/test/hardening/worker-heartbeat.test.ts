import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { freePort } from '../../src/db/embedded.js';
import { followSse } from '../support/sse-client.js';
import { photo } from '../support/staging-fixtures.js';
import { createTestDatabase } from '../support/test-database.js';
import { HttpClient } from '../support/http-client.js';
import { startWeb, startWorker, stopAll, type ServerProcess } from '../support/process-kit.js';

/**
 * Issue #22 item 9 (decision 032): runs of a killed worker stayed reserved, credits held, until the
 * 15-minute sweep. Now the working process touches each run's heartbeat and every process sweeps
 * for heartbeats older than RUN_STALE_AFTER_S. Here STAGING_TIMEOUT_S is 10 minutes, so neither the
 * request timeout nor the 15-minute rule can be what refunds: only the heartbeat sweep of the web
 * process (the only process left) can. Heartbeat 1 s, stale after 6 s (room for a loaded machine), sweep every second.
 */
const STALE_AFTER_S = 6;
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
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-heartbeat-'));
  env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'heartbeat-worker-secret-heartbeat-worker-secret',
    STAGING_ENGINE: 'fixed-latency',
    STAGING_TIMEOUT_S: '600',
    RUN_HEARTBEAT_S: '1',
    RUN_STALE_AFTER_S: String(STALE_AFTER_S),
    RUN_SWEEP_INTERVAL_S: '1',
  };
  const port = await freePort();
  web = await startWeb({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }, 90_000);
}, 120_000);

afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGCONT');
  await stopAll([web, ...processes]);
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function worker(latencyMs: number): Promise<ServerProcess> {
  const proc = await startWorker({ ...env, FIXED_LATENCY_MS: String(latencyMs), WORKER_CONCURRENCY: '3' }, 90_000);
  processes.push(proc);
  return proc;
}

async function startAsync(client: HttpClient, projectId: string, imageURL: string): Promise<string> {
  const res = await fetch(`${web.url}/api/process-image`, {
    method: 'POST',
    headers: { cookie: client.cookie, 'content-type': 'application/json', prefer: 'respond-async' },
    body: JSON.stringify({ imageURL, projectId, styleName: 'Modern Staging', category: 'virtual_staging', isRegeneration: false }),
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { runId: string }).runId;
}

interface RunState {
  id: string;
  state: string;
  error_code: string | null;
  error: string | null;
  heartbeat_at: Date | null;
  beat_to_refund_s: number | null;
}

async function runsOf(userId: string): Promise<RunState[]> {
  const { rows } = await sql.query(
    `SELECT id, state, error_code, error, heartbeat_at, extract(epoch FROM finished_at - heartbeat_at)::float AS beat_to_refund_s
       FROM staging_runs WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
  return rows as RunState[];
}

async function creditsUsed(userId: string): Promise<number> {
  const { rows } = await sql.query(`SELECT credits_used FROM users WHERE id = $1`, [userId]);
  return rows[0].credits_used;
}

/** Polls the database (every 100 ms, at most `tries` times) until `done` holds. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 600): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe('a worker killed with runs in flight', () => {
  it('refunds every run once its heartbeat is stale, ends its event stream with failed, and a new worker charges the retry once', async () => {
    const victim = await worker(600_000);
    const client = await HttpClient.signUp(web);
    const projectId = await client.createProject('Heartbeat');
    const uploads = [await client.upload(await photo(640, 480)), await client.upload(await photo(640, 480)), await client.upload(await photo(640, 480))];
    const runIds = [];
    for (const imageURL of uploads) runIds.push(await startAsync(client, projectId, imageURL));
    expect(await creditsUsed(client.userId)).toBe(3);

    // All three are running (their heartbeats beat) when the worker dies without any shutdown code.
    const beating = await until(() => runsOf(client.userId), (runs) => runs.every((r) => r.heartbeat_at !== null));
    expect(beating.map((r) => r.state)).toEqual(['reserved', 'reserved', 'reserved']);
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe(-1);

    const { events } = await followSse(`${web.url}/api/staging-runs/${runIds[0]}/events`, {
      headers: { cookie: client.cookie },
      isLast: (e) => e.event === 'done' || e.event === 'failed',
      timeoutMs: 60_000,
    });
    expect(events.at(-1)!.event).toBe('failed');
    expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ code: 'staging_failed', status: 502, error: expect.stringMatching(/stopped.*refunded/) });

    const runs = await until(() => runsOf(client.userId), (all) => all.every((r) => r.state !== 'reserved'));
    expect(runs.map((r) => [r.state, r.error_code])).toEqual(Array(3).fill(['refunded', 'staging_failed']));
    // Never refunded while the heartbeat was fresh.
    for (const r of runs) expect(r.beat_to_refund_s).toBeGreaterThanOrEqual(STALE_AFTER_S);
    expect(await creditsUsed(client.userId)).toBe(0);
    const { rows: project } = await sql.query(`SELECT status FROM projects WHERE id = $1`, [projectId]);
    expect(project[0].status).toBe('failed');
    // The web process's sweep did it (its log line follows the commits it reports).
    const workerLost = () => Promise.resolve(web.logs.filter((l) => l.msg === 'staging sweep').reduce((n, l) => n + Number(l.workerLost), 0));
    expect(await until(workerLost, (n) => n >= 3, 100)).toBe(3);

    // A new worker stages the retry of one photo: charged exactly once, nothing refunded twice.
    const replacement = await worker(100);
    const retry = await client.processImage({ imageURL: uploads[0]!, projectId });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect((await runsOf(client.userId)).map((r) => r.state)).toEqual(['refunded', 'refunded', 'refunded', 'charged']);
    expect(await creditsUsed(client.userId)).toBe(1);
    expect(await replacement.stop('SIGTERM')).toBe(0);
  }, 180_000);

  it('a frozen worker whose run was refunded meanwhile cannot deliver or charge it when it wakes up', async () => {
    const frozen = await worker(4_000);
    const client = await HttpClient.signUp(web);
    const projectId = await client.createProject('Frozen');
    const runId = await startAsync(client, projectId, await client.upload(await photo(640, 480)));
    await until(() => runsOf(client.userId), (runs) => runs[0]?.heartbeat_at !== null);
    frozen.child.kill('SIGSTOP');

    const [refunded] = await until(() => runsOf(client.userId), (runs) => runs[0]!.state !== 'reserved');
    expect(refunded).toMatchObject({ id: runId, state: 'refunded', error_code: 'staging_failed' });
    expect(await creditsUsed(client.userId)).toBe(0);

    frozen.child.kill('SIGCONT');
    // Awake, the worker finds the run settled: the engine is stopped or its result thrown away.
    await frozen.waitForLog((l) => l.runId === runId && (l.msg === 'staging failed, refunding' || l.msg === 'run was settled while staging; result discarded'), 60_000);
    expect(frozen.logs.filter((l) => l.msg === 'staging run charged')).toHaveLength(0);
    expect(await runsOf(client.userId)).toMatchObject([{ id: runId, state: 'refunded', error_code: 'staging_failed' }]);
    expect(await creditsUsed(client.userId)).toBe(0);
    const { rows: staged } = await sql.query(`SELECT id FROM project_images WHERE project_id = $1 AND NOT is_original`, [projectId]);
    expect(staged).toHaveLength(0);
    expect(await frozen.stop('SIGTERM')).toBe(0);
  }, 180_000);
});
