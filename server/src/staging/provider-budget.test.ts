import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';
import { createServices } from '../services.js';
import { FakeOpenAI } from '../../test/fakes/providers/fake-openai.js';
import { createTestDatabase } from '../../test/support/test-database.js';
import { engineMessages, type StageInput } from './engines/engine.js';
import { OpenAIStagingEngine } from './engines/openai-engine.js';
import { renderSampleRoom } from './engines/sample-room.js';
import { createProviderBudget, withProviderBudget, type ProviderBudget } from './provider-budget.js';

/**
 * The provider budget on a real PostgreSQL, with two database handles standing for two worker
 * processes, in front of the real OpenAI adapter talking to the local Images API fake.
 */
let db: { url: string; drop(): Promise<void> };
let processA: DatabaseHandle;
let processB: DatabaseHandle;
let fake: FakeOpenAI;
let input: StageInput;
let provider = 0;
/** Each test its own provider row, so one test's schedule does not hold up the next. */
const nextProvider = () => `openai-test-${++provider}`;

beforeAll(async () => {
  db = await createTestDatabase();
  processA = connectDatabase(db.url, { poolSize: 4 });
  processB = connectDatabase(db.url, { poolSize: 4 });
  fake = await new FakeOpenAI().start();
  input = { image: await renderSampleRoom(0, 480, 360), mimeType: 'image/jpeg', styleId: 'modern', styleName: 'Modern Staging', styleDescription: '' };
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await processA?.close();
  await processB?.close();
  await db?.drop();
});
beforeEach(() => {
  fake.mode = 'success';
  fake.requests.length = 0;
});

/** The provider's next free moment (after setting it to `set`, when given). */
async function nextAt(provider: string, set?: SQL): Promise<Date> {
  if (set) {
    await processA.db.execute(sql`
      INSERT INTO provider_budgets (provider, next_at) VALUES (${provider}, ${set})
      ON CONFLICT (provider) DO UPDATE SET next_at = EXCLUDED.next_at`);
  }
  const { rows } = await processA.db.execute<{ next_at: Date }>(sql`SELECT next_at FROM provider_budgets WHERE provider = ${provider}`);
  return new Date(rows[0]!.next_at);
}

const openai = () => new OpenAIStagingEngine({ apiKey: fake.apiKey, baseURL: fake.baseURL, model: 'gpt-image-1.5', timeoutMs: 10_000 });

/** The budget, with every reservation it handed out recorded. */
function recorded(budget: ProviderBudget) {
  const starts: number[] = [];
  return {
    starts,
    budget: {
      async reserve() {
        const slot = await budget.reserve();
        starts.push(slot.startAt.getTime());
        return slot;
      },
      pause: (ms: number) => budget.pause(ms),
    } satisfies ProviderBudget,
  };
}

describe('provider budget', () => {
  it('queues a burst above PROVIDER_RPM from two processes one request per 60 s / RPM, and completes it', async () => {
    const name = nextProvider();
    // 1200 requests per minute: one every 50 ms.
    const a = recorded(createProviderBudget(processA.db, name, 1200));
    const b = recorded(createProviderBudget(processB.db, name, 1200));
    const engines = [withProviderBudget(openai(), a.budget), withProviderBudget(openai(), b.budget)];
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => engines[i % 2]!.stage(input)));

    expect(results.every((r) => r.image.length > 0)).toBe(true);
    expect(fake.requests).toHaveLength(6);
    const starts = [...a.starts, ...b.starts].sort((x, y) => x - y);
    expect(starts.slice(1).map((s, i) => s - starts[i]!)).toEqual([50, 50, 50, 50, 50]);
  }, 60_000);

  it("honours a 429's retry-after in every process: the next request waits at least that long", async () => {
    const name = nextProvider();
    fake.mode = 'rate-limited'; // 429 with retry-after: 7
    const engine = withProviderBudget(openai(), createProviderBudget(processA.db, name, undefined));
    const before = Date.now();
    await expect(engine.stage(input)).rejects.toThrow(engineMessages.rateLimited);

    // The other process's next request is scheduled no earlier than 7 s after the 429...
    const next = await createProviderBudget(processB.db, name, undefined).reserve();
    expect(next.startAt.getTime() - before).toBeGreaterThanOrEqual(7_000);
    // ...and it waits for that moment: at least 7 s less the time since (however slow this machine is), at most 7 s.
    expect(next.waitMs).toBeGreaterThanOrEqual(7_000 - (Date.now() - before) - 1);
    expect(next.waitMs).toBeLessThanOrEqual(7_000);
    // ...and an engine call waiting for it gives up when its run is cancelled, without a request.
    fake.mode = 'success';
    const waiting = withProviderBudget(openai(), createProviderBudget(processB.db, name, undefined));
    const cancel = new AbortController();
    const call = waiting.stage({ ...input, signal: cancel.signal });
    cancel.abort();
    await expect(call).rejects.toThrow(engineMessages.cancelled);
    expect(fake.requests).toHaveLength(1);
  }, 30_000);

  it('is in front of the configured provider engine', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'raumwerk-budget-')),
      DATABASE_URL: db.url,
      STAGING_ENGINE: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
      PROVIDER_RPM: '60',
    });
    const engine = createServices(config, processA).engine();
    // The provider's schedule is booked for an hour: the engine's request must wait for that moment...
    const booked = await nextAt('openai', sql`clock_timestamp() + interval '1 hour'`);
    const cancel = new AbortController();
    const call = engine.stage({ ...input, signal: cancel.signal });
    // ...and its reservation moves the schedule on by 60 s / PROVIDER_RPM = exactly one second.
    await vi.waitFor(async () => expect((await nextAt('openai')).getTime() - booked.getTime()).toBe(1000), { timeout: 10_000, interval: 20 });
    cancel.abort();
    await expect(call).rejects.toThrow(engineMessages.cancelled);
    expect(fake.requests).toHaveLength(0);
  }, 30_000);
});
