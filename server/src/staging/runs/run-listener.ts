import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * Wakes waiting process-image requests the moment their run is charged or refunded, and event
 * streams at each step, in whichever process that happened: the job, its steps and the refunds
 * send `NOTIFY staging_run_settled, '<runId>'`, and each web process holds one LISTEN connection.
 * Only a latency hint: waiters still re-read the run row on a (slow) timer, and poll every second
 * while the connection is lost, so a lost notification costs speed, never correctness.
 */
export const RUN_SETTLED_CHANNEL = 'staging_run_settled';

/** What woke a subscription since its last `next()`: its own run, or another run (queue positions may have moved). */
export interface RunWake {
  run: boolean;
  queue: boolean;
}

/**
 * One event stream's interest in one run (decision 032): notifications are kept as flags until
 * the stream asks, so one that arrives while the stream reads the row is never lost.
 */
export interface RunSubscription {
  /** Resolves at once when something was announced since the last call, else at the next announcement or after `timeoutMs`. */
  next(timeoutMs: number): Promise<RunWake>;
  /** While true, every other run's announcement wakes this one too (a queued run's place may have changed). */
  followQueue(on: boolean): void;
  close(): void;
}

interface Subscriber {
  run: boolean;
  queue: boolean;
  followsQueue: boolean;
  wake: (() => void) | null;
}

export class RunSettledListener {
  readonly #pool: pg.Pool;
  readonly #log: FastifyBaseLogger;
  readonly #waiters = new Map<string, Set<() => void>>();
  readonly #subscribers = new Map<string, Set<Subscriber>>();
  readonly #queueFollowers = new Set<Subscriber>();
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

  /** Follows a run until `close()`: each announcement of it (or, while following the queue, of any run) wakes `next()`. */
  subscribe(runId: string): RunSubscription {
    const subscriber: Subscriber = { run: false, queue: false, followsQueue: false, wake: null };
    const set = this.#subscribers.get(runId) ?? new Set();
    this.#subscribers.set(runId, set);
    set.add(subscriber);
    let closed = false;
    return {
      next: async (timeoutMs) => {
        await this.#ensureConnected();
        if (!subscriber.run && !subscriber.queue && !closed) {
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              subscriber.wake = null;
              resolve();
            };
            const timer = setTimeout(done, timeoutMs);
            subscriber.wake = done;
          });
        }
        const wake = { run: subscriber.run, queue: subscriber.queue };
        subscriber.run = subscriber.queue = false;
        return wake;
      },
      followQueue: (on) => {
        subscriber.followsQueue = on && !closed;
        if (subscriber.followsQueue) this.#queueFollowers.add(subscriber);
        else this.#queueFollowers.delete(subscriber);
      },
      close: () => {
        if (closed) return;
        closed = true;
        set.delete(subscriber);
        if (set.size === 0 && this.#subscribers.get(runId) === set) this.#subscribers.delete(runId);
        this.#queueFollowers.delete(subscriber);
        subscriber.wake?.();
      },
    };
  }

  /** Open subscriptions (tests and the stream caps' bookkeeping). */
  get subscriptions(): number {
    let n = 0;
    for (const set of this.#subscribers.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const set of this.#waiters.values()) for (const wake of [...set]) wake();
    for (const set of this.#subscribers.values()) for (const s of set) s.wake?.();
    const client = this.#client;
    this.#client = null;
    if (client) {
      await client.query(`UNLISTEN ${RUN_SETTLED_CHANNEL}`).catch(() => {});
      this.#releaseClient();
    }
  }

  #signal(subscriber: Subscriber, what: 'run' | 'queue') {
    subscriber[what] = true;
    subscriber.wake?.();
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
      const subscribed = this.#subscribers.get(message.payload);
      if (waiting) for (const wake of [...waiting]) wake();
      if (subscribed) for (const s of subscribed) this.#signal(s, 'run');
      for (const s of this.#queueFollowers) if (!subscribed?.has(s)) this.#signal(s, 'queue');
      if (!waiting && !subscribed) this.#remember(message.payload);
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
      // Whatever was announced while nobody listened is unknown: every stream re-reads its run.
      for (const set of this.#subscribers.values()) for (const s of set) this.#signal(s, 'run');
    } catch (err) {
      this.#log.warn({ err }, 'staging run listener could not connect; polling instead');
      release(err as Error);
    }
  }
}
