import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * Wakes waiting process-image requests the moment their run is charged or refunded, in whichever
 * process that happened: the job and the refunds send `NOTIFY staging_run_settled, '<runId>'`, and
 * each web process holds one LISTEN connection. Only a latency hint: waiters still re-read the run
 * row on a timer, so a lost connection costs speed, never correctness.
 */
export const RUN_SETTLED_CHANNEL = 'staging_run_settled';

export class RunSettledListener {
  readonly #pool: pg.Pool;
  readonly #log: FastifyBaseLogger;
  readonly #waiters = new Map<string, Set<() => void>>();
  /** Announcements nobody was waiting for yet (the row was read just before): kept for a few seconds. */
  readonly #recent = new Map<string, number>();
  #client: pg.PoolClient | null = null;
  /** Releases #client exactly once: `close()` and a late connection error may both try. */
  #releaseClient: (err?: Error) => void = () => {};
  #connecting: Promise<void> | null = null;
  #closed = false;

  constructor(pool: pg.Pool, log: FastifyBaseLogger) {
    this.#pool = pool;
    this.#log = log;
  }

  /** True while notifications arrive (callers may then poll less often). */
  get listening(): boolean {
    return this.#client !== null;
  }

  /** Resolves when the run is announced as settled or after `timeoutMs`, whichever comes first. */
  async wait(runId: string, timeoutMs: number): Promise<void> {
    await this.#ensureConnected();
    if (this.#recent.delete(runId)) return;
    return new Promise((resolve) => {
      const set = this.#waiters.get(runId) ?? new Set();
      this.#waiters.set(runId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) this.#waiters.delete(runId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      set.add(done);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const set of this.#waiters.values()) for (const wake of [...set]) wake();
    const client = this.#client;
    this.#client = null;
    if (client) {
      await client.query(`UNLISTEN ${RUN_SETTLED_CHANNEL}`).catch(() => {});
      this.#releaseClient();
    }
  }

  #remember(runId: string) {
    const now = Date.now();
    for (const [id, at] of this.#recent) if (now - at > 5000) this.#recent.delete(id);
    if (this.#recent.size < 10_000) this.#recent.set(runId, now);
  }

  #ensureConnected(): Promise<void> {
    if (this.#client || this.#closed) return Promise.resolve();
    this.#connecting ??= this.#connect().finally(() => (this.#connecting = null));
    return this.#connecting;
  }

  async #connect(): Promise<void> {
    let client: pg.PoolClient | null = null;
    const onNotification = (message: pg.Notification) => {
      if (message.channel !== RUN_SETTLED_CHANNEL || !message.payload) return;
      const waiting = this.#waiters.get(message.payload);
      if (waiting) for (const wake of [...waiting]) wake();
      else this.#remember(message.payload);
    };
    const onError = (err: Error) => {
      this.#log.warn({ err }, 'staging run listener lost its connection; polling until it reconnects');
      if (this.#client === client) this.#client = null;
      release(err);
    };
    let released = false;
    const release = (err?: Error) => {
      if (released || !client) return;
      released = true;
      // The client goes back to the pool: it must not keep waking our waiters or logging for us.
      client.off('notification', onNotification);
      client.off('error', onError);
      // A broken client is destroyed by the pool and may still emit; an unheard 'error' would crash.
      if (err) client.on('error', () => {});
      client.release(err);
    };
    this.#releaseClient = release;
    try {
      client = await this.#pool.connect();
      client.on('notification', onNotification);
      client.on('error', onError);
      await client.query(`LISTEN ${RUN_SETTLED_CHANNEL}`);
      if (this.#closed) return release();
      this.#client = client;
    } catch (err) {
      this.#log.warn({ err }, 'staging run listener could not connect; polling instead');
      release(err as Error);
    }
  }
}
