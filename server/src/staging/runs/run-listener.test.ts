import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database.js';
import { RUN_SETTLED_CHANNEL, RunSettledListener } from './run-listener.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // A terminated pooled connection must be survivable, as in the app's own pool.
  pool.on('error', () => {});
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const announce = (runId: string) => pool.query(`SELECT pg_notify($1, $2)`, [RUN_SETTLED_CHANNEL, runId]);
const terminateListeners = () =>
  pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = current_database() AND pid <> pg_backend_pid()`);

/**
 * No timing: a wait given an hour's timeout that resolves was woken by its notification (if it is
 * not, the test times out); "the notification has arrived" is known from a later marker announced
 * on the same channel, which one LISTEN connection receives in order.
 */
const HOUR = 3_600_000;
/** Resolves once `run` has been announced and the listener has handled every earlier announcement. */
async function announceAndDeliver(listener: RunSettledListener, ...runIds: string[]) {
  const marker = `marker-${Math.random()}`;
  const delivered = listener.wait(marker, HOUR);
  for (const id of runIds) await announce(id);
  await announce(marker);
  await delivered;
}
/** Lets every pending promise and I/O callback run once: what is already due has settled afterwards. */
const settle = () => new Promise((r) => setImmediate(r));
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false };
  void promise.then((value) => Object.assign(state, { settled: true, value }));
  return state;
}

describe('RunSettledListener', () => {
  it('wakes a waiter as soon as its run is announced, long before the timeout', async () => {
    const listener = new RunSettledListener(pool, log);
    await listener.wait('warm-up', 1);
    const waiting = track(listener.wait('run-a', HOUR));
    await announceAndDeliver(listener);
    expect(waiting.settled).toBe(false); // another run's announcement does not wake it
    await announce('run-a');
    await vi.waitUntil(() => waiting.settled, { timeout: 10_000, interval: 20 });
    await listener.close();
  });

  it('remembers an announcement that arrived before anybody waited', async () => {
    const listener = new RunSettledListener(pool, log);
    await listener.wait('warm-up', 1);
    await announceAndDeliver(listener, 'run-early');
    const waiting = track(listener.wait('run-early', HOUR));
    await settle();
    expect(waiting.settled).toBe(true);
    // Remembered once: the next wait for it waits again.
    const again = track(listener.wait('run-early', HOUR));
    await settle();
    expect(again.settled).toBe(false);
    await listener.close();
    expect(again.settled).toBe(true); // close wakes every waiter
  });

  it('falls back to the timeout when its connection is killed, and listens again on the next wait', async () => {
    let lost: () => void = () => {};
    const connectionLost = new Promise<void>((resolve) => (lost = resolve));
    const warnings = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          if (chunk.toString().includes('lost its connection')) lost();
          done();
        },
      }),
    );
    const listener = new RunSettledListener(pool, warnings);
    await listener.wait('warm-up', 1);
    expect(listener.listening).toBe(true);
    await terminateListeners();
    await connectionLost;
    expect(listener.listening).toBe(false);
    // While it does not listen, a wait ends at its timeout (the caller then re-reads the row).
    await listener.wait('probe', 1);
    expect(listener.listening).toBe(true);

    const waiting = listener.wait('run-b', HOUR);
    await announce('run-b');
    await waiting;
    await listener.close();
  });

  it('keeps an announcement for a subscription until it asks (one made while the stream reads the row is not lost)', async () => {
    const listener = new RunSettledListener(pool, log);
    const subscription = listener.subscribe('run-sub');
    // The first next() connects; a subscription made before that may have missed something: it re-reads once.
    expect(await subscription.next(HOUR)).toEqual({ run: true, queue: false });
    await announceAndDeliver(listener, 'run-sub');
    expect(await subscription.next(HOUR)).toEqual({ run: true, queue: false });
    // Another run's announcement wakes it only while it follows the queue.
    await announceAndDeliver(listener, 'run-other');
    const quiet = track(subscription.next(HOUR));
    await settle();
    expect(quiet.settled).toBe(false);
    subscription.followQueue(true);
    await announce('run-other');
    await vi.waitUntil(() => quiet.settled, { timeout: 10_000, interval: 20 });
    expect(quiet.value).toEqual({ run: false, queue: true });
    subscription.close();
    expect(listener.subscriptions).toBe(0);
    await listener.close();
  });

  it('wakes a waiting subscription when it is closed', async () => {
    const listener = new RunSettledListener(pool, log);
    const subscription = listener.subscribe('run-closed');
    await subscription.next(HOUR);
    const waiting = subscription.next(HOUR);
    subscription.close();
    expect(await waiting).toEqual({ run: false, queue: false });
    await listener.close();
  });

  it('survives its connection being terminated after close (e.g. the database going away)', async () => {
    const listener = new RunSettledListener(pool, log);
    await listener.wait('warm-up', 1);
    await listener.close();
    // The released client sits idle in the pool; killing it must not double-release or throw.
    const removed = new Promise((resolve) => pool.once('remove', resolve));
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    await removed;
    const { rows } = await pool.query('SELECT 1 AS ok');
    expect(rows[0].ok).toBe(1);
  });
});
