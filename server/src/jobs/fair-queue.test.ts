import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/support/test-database.js';
import { fairSendOptions, groupCaps } from './fair-queue.js';
import { defineJob, startJobQueue, type JobQueue } from './job-queue.js';

/**
 * Fair queueing on a real pg-boss queue: two slots, user A's backlog of eight jobs sent at once,
 * then one job of user B. B must not wait for A's backlog, and A never holds more than its cap.
 */
let db: { url: string; drop(): Promise<void> };
let queue: JobQueue;
const started: string[] = [];
const running = new Map<string, number>();
let peakA = 0;
let release: () => void = () => {};
let gate = Promise.resolve();
/** Holds every job that starts until `release()`. */
function closeGate() {
  gate = new Promise<void>((resolve) => (release = resolve));
  started.length = 0;
  peakA = 0;
}

const job = defineJob({
  name: 'test.fair',
  payload: z.object({ user: z.string(), n: z.number() }),
  queue: { retryLimit: 0, notify: true },
  concurrency: 3,
  pollingIntervalSeconds: 0.5,
  // free users: 2 at once; business: 3.
  groupConcurrency: groupCaps({ free: 2, business: 3 }),
  async handler({ user, n }) {
    started.push(`${user}${n}`);
    running.set(user, (running.get(user) ?? 0) + 1);
    if (user === 'A') peakA = Math.max(peakA, running.get(user)!);
    await gate;
    await new Promise((r) => setTimeout(r, 50));
    running.set(user, running.get(user)! - 1);
  },
});

beforeAll(async () => {
  db = await createTestDatabase();
  queue = await startJobQueue(db.url, [job], { work: true, log: pino({ level: 'silent' }) as never });
}, 60_000);

afterAll(async () => {
  release();
  await queue?.stop();
  await db?.drop();
});

const send = (user: string, n: number, outstanding: number, tier = 'free', share = 1) =>
  queue.send(job, { user, n }, fairSendOptions({ userId: user, tier, outstanding, share }));

async function until(condition: () => boolean, timeoutMs = 20_000) {
  for (const end = Date.now() + timeoutMs; !condition(); ) {
    if (Date.now() > end) throw new Error(`timed out; started: ${started.join(' ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('fair queue', () => {
  it("starts a later user's job before an earlier user's backlog drains", async () => {
    closeGate();
    // A (business: may hold all 3 slots) sends a backlog of eight; the slots fill with A's first three.
    for (let n = 0; n < 8; n++) await send('A', n, n, 'business');
    await until(() => started.length >= 3);
    await send('B', 0, 0);
    release();
    await until(() => started.length === 9);
    // The first three start in any order; when they end, B's job is in the next round, with A's backlog still queued.
    expect(new Set(started.slice(0, 3))).toEqual(new Set(['A0', 'A1', 'A2']));
    const b = started.indexOf('B0');
    expect(b).toBeGreaterThan(2);
    for (const later of ['A5', 'A6', 'A7']) expect(started.indexOf(later)).toBeGreaterThan(b);
  }, 60_000);

  it("caps a user's parallel jobs, leaving free slots to others", async () => {
    closeGate();
    // One at a time (workers fetching at the same instant can overshoot pg-boss's cap: decision 024).
    await send('A', 0, 0);
    await until(() => started.length === 1);
    await send('A', 1, 1);
    await until(() => started.length === 2);
    // A2 is sent as if A had nothing outstanding: same priority as B's later job and older, so
    // without the cap it would be fetched first into the free slot.
    await send('A', 2, 0);
    await send('B', 0, 0);
    // A free user holds at most 2 of the 3 slots: the free slot goes to B although A2 is older...
    await until(() => started.length === 3);
    expect(started).toEqual(['A0', 'A1', 'B0']);
    release();
    await until(() => started.length === 4);
    expect(peakA).toBe(2);
  }, 60_000);

  it('puts a user with a larger share into each round more often', () => {
    const place = (outstanding: number, share: number) => fairSendOptions({ userId: 'u', tier: 't', outstanding, share }).priority;
    expect([0, 1, 2, 3].map((n) => place(n, 1))).toEqual([0, -1, -2, -3]);
    expect([0, 1, 2, 3].map((n) => place(n, 2))).toEqual([0, 0, -1, -1]);
  });
});
