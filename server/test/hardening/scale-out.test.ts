import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { S3Storage } from '../../src/objects/s3-storage.js';
import { photo } from '../support/staging-fixtures.js';
import { createTestDatabase } from '../support/test-database.js';
import { HttpClient } from '../support/http-client.js';
import { startWeb, startWorker, stopAll, type ServerProcess } from '../support/process-kit.js';

/**
 * DESIGN §1.5 for real: two web processes (WORKERS_IN_PROCESS=false) and two `npm run worker`
 * processes on one PostgreSQL and one S3-compatible store (s3rver). Thirty staging requests,
 * alternating between the web processes and all in flight at once, are each staged exactly once,
 * by both workers, with every credit accounted for.
 */
const BUCKET = 'raumwerk-scale';
const USERS = 3;
const IMAGES_PER_USER = 10;
const PER_PROJECT = 5;

let s3Dir: string;
let dataDir: string;
let s3: { run(): Promise<AddressInfo>; close(): Promise<void> };
let database: { url: string; drop(): Promise<void> };
let sql: pg.Pool;
let storage: S3Storage;
let webs: Array<ServerProcess & { url: string }> = [];
let workers: ServerProcess[] = [];

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-scale-s3-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-scale-data-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  database = await createTestDatabase();
  sql = new pg.Pool({ connectionString: database.url, max: 3 });
  // An idle connection ended by the database (e.g. dropped WITH (FORCE) at the end) is no test failure.
  sql.on('error', () => {});
  const s3Env = { STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' };
  storage = new S3Storage({ endpoint, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  const env = {
    ...s3Env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'scale-out-test-secret-scale-out-test-secret',
    STAGING_ENGINE: 'fixed-latency',
    FIXED_LATENCY_MS: '300',
    STAGING_TIMEOUT_S: '90',
  };
  const ports = [await freePort(), await freePort()];
  const started = await Promise.all([
    ...ports.map((port) => startWeb({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }, 90_000)),
    startWorker(env, 90_000),
    startWorker(env, 90_000),
  ]);
  webs = started.slice(0, 2) as typeof webs;
  workers = started.slice(2);
}, 150_000);

afterAll(async () => {
  await stopAll([...webs, ...workers]);
  await sql?.end();
  await database?.drop();
  await s3?.close();
  for (const dir of [s3Dir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('2 web processes + 2 workers on one PostgreSQL and one S3 store', () => {
  it('stages 30 images sent to both web processes exactly once each, on both workers, with exact credits', async () => {
    const image = await photo(640, 480);
    // Three users with 10 credits each, two projects each (a project holds at most 6 images).
    const clients = await Promise.all(Array.from({ length: USERS }, (_, i) => HttpClient.signUp(webs[i % 2]!)));
    await sql.query(`UPDATE users SET credits_limit = $1 WHERE id = ANY($2::uuid[])`, [IMAGES_PER_USER, clients.map((c) => c.userId)]);
    const requests: Array<{ client: HttpClient; projectId: string; imageURL: string }> = [];
    for (const client of clients) {
      for (let p = 0; p < IMAGES_PER_USER / PER_PROJECT; p++) {
        const projectId = await client.on(webs[p % 2]!.url).createProject(`Scale ${p + 1}`);
        for (let i = 0; i < PER_PROJECT; i++) requests.push({ client, projectId, imageURL: await client.on(webs[i % 2]!.url).upload(image) });
      }
    }
    expect(requests).toHaveLength(USERS * IMAGES_PER_USER);

    const started = Date.now();
    const responses = await Promise.all(requests.map((r, i) => r.client.on(webs[i % 2]!.url).processImage({ imageURL: r.imageURL, projectId: r.projectId })));
    const elapsed = Date.now() - started;
    for (const res of responses) expect(res.status, JSON.stringify(res.body)).toBe(200);

    // Every run charged once, with its own job, each job completed once and never retried.
    const { rows: runs } = await sql.query(`SELECT id, state, job_id, result_image_id FROM staging_runs`);
    expect(runs).toHaveLength(30);
    expect(runs.every((r) => r.state === 'charged' && r.result_image_id)).toBe(true);
    const jobIds = runs.map((r) => r.job_id as string);
    expect(new Set(jobIds).size).toBe(30);
    // The answer goes out when the run is charged; pg-boss marks the job completed a moment later,
    // when the handler has returned: wait for that (a few seconds at most), then check.
    const jobsSettled = async () =>
      (await sql.query(`SELECT id, state, retry_count FROM pgboss.job WHERE name = 'staging.run'`)).rows;
    let jobs = await jobsSettled();
    for (const deadline = Date.now() + 15_000; jobs.some((j) => j.state === 'active' || j.state === 'created') && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
      jobs = await jobsSettled();
    }
    expect(jobs).toHaveLength(30);
    expect(jobs.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);
    expect(new Set(jobs.map((j) => j.id))).toEqual(new Set(jobIds));

    // Both workers did some of them, and no job was charged twice across the workers' logs.
    // (Each worker's own log lines, as pino writes them: pid and host of the process, the job id.)
    // The line is written after the charge commits, so it may reach us just after the answer.
    const chargedLines = () => workers.map((w) => w.logs.filter((l) => l.msg === 'staging run charged'));
    for (const deadline = Date.now() + 10_000; chargedLines().flat().length < 30 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
    const chargedBy = chargedLines();
    const charged = chargedBy.flat();
    expect(charged).toHaveLength(30);
    expect(new Set(charged.map((l) => l.jobId))).toEqual(new Set(jobIds));
    const perWorker = chargedBy.map((lines) => lines.length);
    expect(perWorker.every((n) => n > 0), `jobs per worker: ${perWorker.join(', ')}`).toBe(true);
    expect(new Set(charged.map((l) => l.pid))).toEqual(new Set(workers.map((w) => w.pid)));

    // Images: 30 originals and 30 staged results, each in the bucket; credits exactly 10 per user.
    const { rows: images } = await sql.query(`SELECT file_path, thumbnail_path, is_original FROM project_images`);
    expect(images.filter((i) => i.is_original)).toHaveLength(30);
    expect(images.filter((i) => !i.is_original)).toHaveLength(30);
    for (const i of images) {
      expect(await storage.head(i.file_path.slice(1)), i.file_path).not.toBeNull();
      expect(await storage.head(i.thumbnail_path.slice(1)), i.thumbnail_path).not.toBeNull();
    }
    const { rows: credits } = await sql.query(`SELECT credits_used FROM users WHERE id = ANY($1::uuid[])`, [clients.map((c) => c.userId)]);
    expect(credits.map((c) => c.credits_used)).toEqual([10, 10, 10]);
    const { rows: statuses } = await sql.query(`SELECT DISTINCT status FROM projects`);
    expect(statuses).toEqual([{ status: 'completed' }]);

    // A result staged via one web process is served by the other.
    const first = responses[0]!.body as { processedImagePath: string };
    const served = await requests[0]!.client.on(webs[1]!.url).get(`/objects${first.processedImagePath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    console.info(`scale-out: 30 staging requests in ${elapsed} ms; jobs per worker ${perWorker.join(' / ')}`);
  }, 120_000);
});
