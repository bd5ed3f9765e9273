import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('RunSettledListener', () => {
  it('wakes a waiter as soon as its run is announced, long before the timeout', async () => {
    const listener = new RunSettledListener(pool, log);
    const started = Date.now();
    const waiting = listener.wait('run-a', 10_000);
    await new Promise((r) => setTimeout(r, 50));
    await announce('run-a');
    await waiting;
    expect(Date.now() - started).toBeLessThan(2000);
    await listener.close();
  });

  it('remembers an announcement that arrived before anybody waited', async () => {
    const listener = new RunSettledListener(pool, log);
    await listener.wait('warm-up', 1);
    await announce('run-early');
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await listener.wait('run-early', 10_000);
    expect(Date.now() - started).toBeLessThan(500);
    await listener.close();
  });

  it('falls back to the timeout when its connection is killed, and listens again on the next wait', async () => {
    const listener = new RunSettledListener(pool, log);
    await listener.wait('warm-up', 1);
    expect(listener.listening).toBe(true);
    await terminateListeners();
    await new Promise((r) => setTimeout(r, 200));
    expect(listener.listening).toBe(false);

    const waiting = listener.wait('run-b', 10_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(listener.listening).toBe(true);
    await announce('run-b');
    await waiting;
    await listener.close();
  });

  it('keeps an announcement for a subscription until it asks (one made while the stream reads the row is not lost)', async () => {
    const listener = new RunSettledListener(pool, log);
    const subscription = listener.subscribe('run-sub');
    // The first next() connects; a subscription made before that may have missed something: it re-reads once.
    expect(await subscription.next(10_000)).toEqual({ run: true, queue: false });
    await announce('run-sub');
    await new Promise((r) => setTimeout(r, 200));
    expect(await subscription.next(10_000)).toEqual({ run: true, queue: false });
    // Another run's announcement wakes it only while it follows the queue.
    await announce('run-other');
    subscription.followQueue(true);
    await announce('run-other');
    expect(await subscription.next(10_000)).toEqual({ run: false, queue: true });
    subscription.close();
    expect(listener.subscriptions).toBe(0);
    await listener.close();
  });

  it('wakes a waiting subscription when it is closed', async () => {
    const listener = new RunSettledListener(pool, log);
    const subscription = listener.subscribe('run-closed');
    await subscription.next(10_000);
    const waiting = subscription.next(60_000);
    subscription.close();
    expect(await waiting).toEqual({ run: false, queue: false });
    await listener.close();
  });

  it('survives its connection being terminated after close (e.g. the database going away)', async () => {
    const listener = new RunSettledListener(pool, log);
    await listener.wait('warm-up', 1);
    await listener.close();
    // The released client sits idle in the pool; killing it must not double-release or throw.
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    await new Promise((r) => setTimeout(r, 200));
    const { rows } = await pool.query('SELECT 1 AS ok');
    expect(rows[0].ok).toBe(1);
  });
});
