/**
 * Issue 38 acceptance: the operator's model choice applies to the next run in another process
 * without a restart. Process A (web only, no workers) takes the admin's change and the staging
 * requests; process B works the runs. B's first run caches the settings; after the change on A the
 * next run B works calls the new model at the provider.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded.js';
import { corpusImage } from '../../test/support/corpus.js';
import { driftedOutput } from '../../test/support/model-outputs.js';
import { HttpClient } from '../../test/support/http-client.js';
import { startWeb, stopAll, type ServerProcess } from '../../test/support/process-kit.js';
import { createTestDatabase } from '../../test/support/test-database.js';
import { FakeOpenAI } from '../../test/fakes/providers/fake-openai.js';

let fake: FakeOpenAI;
let database: { url: string; drop(): Promise<void> };
let sql: pg.Pool;
let dataDir: string;
let a: ServerProcess & { url: string };
let b: ServerProcess & { url: string };

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  fake.answers = [await driftedOutput(corpusImage('furnish-after.jpg'), { degrees: 1, scale: 1.04, shiftX: 0.015, shiftY: -0.01 })];
  database = await createTestDatabase();
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  sql.on('error', () => {});
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-models-'));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'model-choice-test-secret-model-choice-test',
    STAGING_ENGINE: 'openai',
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_IMAGE_MODEL: 'gpt-image-1.5',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([
    startWeb({ ...env, PORT: String(portA), PUBLIC_URL: `http://127.0.0.1:${portA}`, WORKERS_IN_PROCESS: 'false' }, 90_000),
    startWeb({ ...env, PORT: String(portB), PUBLIC_URL: `http://127.0.0.1:${portB}`, WORKERS_IN_PROCESS: 'true' }, 90_000),
  ]);
}, 150_000);

afterAll(async () => {
  await stopAll([a, b]);
  await sql?.end();
  await database?.drop();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two app processes on one database', () => {
  it("switching the model in the admin (process A) changes the next run's provider call in process B", async () => {
    const operator = await HttpClient.signUp(a);
    await sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [operator.userId]);
    const customer = await HttpClient.signUp(a);
    await sql.query(`UPDATE users SET credits_limit = 10 WHERE id = $1`, [customer.userId]);
    const projectId = await customer.createProject('Models');
    const stage = async () => customer.processImage({ imageURL: await customer.upload(corpusImage('furnish-before.jpg')), projectId });

    const first = await stage();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(fake.edits.map((e) => e.fields.model)).toEqual(['gpt-image-1.5']);

    const changed = await operator.request('PUT', '/api/admin/models/choices/staging', { primary: 'openai:gpt-image-1-mini', fallbacks: [] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    const second = await stage();
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(fake.edits.map((e) => e.fields.model)).toEqual(['gpt-image-1.5', 'gpt-image-1-mini']);

    // Both runs were worked by B (A has no workers), and each records its model.
    const charged = b.logs.filter((l) => l.msg === 'staging run charged');
    expect(charged.map((l) => l.engine)).toEqual(['openai:gpt-image-1.5', 'openai:gpt-image-1-mini']);
    const { rows } = await sql.query(`SELECT delivered_by FROM staging_runs ORDER BY created_at`);
    expect(rows.map((r) => r.delivered_by)).toEqual(['openai:gpt-image-1.5', 'openai:gpt-image-1-mini']);
  }, 180_000);
});
