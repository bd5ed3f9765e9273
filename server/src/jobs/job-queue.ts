import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';

/**
 * A job = name + zod payload + idempotent handler (+ optional cron). pg-boss keeps the queue in
 * PostgreSQL, so any process can send and any worker process can work (DESIGN §1.5).
 */
export interface JobDefinition<T = unknown> {
  name: string;
  payload: ZodType<T>;
  /** Cron in UTC; scheduled once per cluster by pg-boss. */
  cron?: string;
  queue?: {
    retryLimit?: number;
    retryDelay?: number;
    retryBackoff?: boolean;
    /** With `retryBackoff`: the longest delay between two attempts (seconds). */
    retryDelayMax?: number;
    expireInSeconds?: number;
    notify?: boolean;
  };
  /** How many jobs of this queue one process works at once. */
  concurrency?: number;
  /**
   * At most this many jobs of one group (the `group` a job was sent with) are worked at once across
   * every process, by tier (fair-queue.ts).
   */
  groupConcurrency?: { default: number; tiers?: Record<string, number> };
  /**
   * How often an idle worker polls for this queue (seconds, ≥ 0.5). With `queue.notify` a new job
   * wakes the workers at once over LISTEN/NOTIFY and polling is only the fallback.
   */
  pollingIntervalSeconds?: number;
  /** Called once when this process starts working the queue: load what its first job would wait for. */
  warmUp?(): void;
  handler(
    data: T,
    /** `send`: enqueue a follow-up job (e.g. a mail into the outbox). */
    context: { jobId: string; log: FastifyBaseLogger; signal: AbortSignal; send: JobQueue['send'] },
  ): Promise<unknown>;
}

/** How long a stopping process lets running jobs finish (inside the usual 30 s a platform gives after SIGTERM). */
const DRAIN_MS = 20_000;

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export interface JobQueue {
  boss: PgBoss;
  send<T>(
    job: Pick<JobDefinition<T>, 'name' | 'payload'>,
    data: T,
    options?: {
      singletonKey?: string;
      startAfterSeconds?: number;
      group?: { id: string; tier?: string };
      priority?: number;
    },
  ): Promise<string | null>;
  stop(): Promise<void>;
}

export async function startJobQueue(
  url: string,
  definitions: JobDefinition<any>[],
  options: {
    work: boolean;
    log: FastifyBaseLogger;
    workerConcurrency?: number;
    /** Run each queue's `warmUp` when working starts (a long-running process; tests leave it off). */ warmUp?: boolean;
  },
): Promise<JobQueue> {
  const useListenNotify = definitions.some((d) => d.queue?.notify);
  // Every working slot fetches, completes and fails through this pool, next to sends and pg-boss's own
  // maintenance: 4 connections starved 16 staging slots under load ("timeout exceeded when trying to
  // connect", so sends failed), hence one more per 4 slots of the busiest queue in a working process.
  const slots = Math.max(
    0,
    ...definitions.map((d) => d.concurrency ?? options.workerConcurrency ?? 1),
  );
  const max = options.work ? 4 + Math.ceil(slots / 4) : 4;
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max, useListenNotify });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  await boss.start();
  const stopping = new AbortController();
  const send: JobQueue['send'] = (job, data, sendOptions) =>
    boss.send(job.name, job.payload.parse(data) as object, {
      singletonKey: sendOptions?.singletonKey,
      startAfter: sendOptions?.startAfterSeconds,
      ...(sendOptions?.group ? { group: sendOptions.group } : {}),
      ...(sendOptions?.priority ? { priority: sendOptions.priority } : {}),
    });

  for (const def of definitions) {
    const queueOptions = {
      retryLimit: def.queue?.retryLimit ?? 2,
      retryDelay: def.queue?.retryDelay ?? 5,
      retryBackoff: def.queue?.retryBackoff ?? true,
      ...(def.queue?.retryDelayMax ? { retryDelayMax: def.queue.retryDelayMax } : {}),
      expireInSeconds: def.queue?.expireInSeconds ?? 15 * 60,
      notify: def.queue?.notify ?? false,
    };
    await boss.createQueue(def.name, queueOptions);
    // createQueue leaves an existing queue alone: changed options take effect through updateQueue.
    await boss.updateQueue(def.name, queueOptions);
    if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
  }

  if (options.work) {
    for (const def of definitions) {
      if (options.warmUp) def.warmUp?.();
      await boss.work(
        def.name,
        {
          batchSize: 1,
          localConcurrency: def.concurrency ?? options.workerConcurrency ?? 1,
          ...(def.groupConcurrency ? { groupConcurrency: def.groupConcurrency } : {}),
          pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2,
          // Keep polling at the same pace under NOTIFY: a job that arrives while every slot is busy is
          // picked up by the next poll, not after pg-boss's relaxed 30 s default.
          ...(def.queue?.notify
            ? { notifyPollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 }
            : {}),
        },
        async ([job]) => {
          if (!job) return;
          const log = options.log.child({ job: def.name, jobId: job.id });
          const data = def.payload.parse(job.data ?? {});
          return def.handler(data, { jobId: job.id, log, signal: stopping.signal, send });
        },
      );
    }
  }

  return {
    boss,
    send,
    async stop() {
      // Graceful: running handlers get DRAIN_MS to finish; then their signal asks them to give up
      // (a staging run refunds its credit), and pg-boss fails what still runs a few seconds later.
      const giveUp = setTimeout(() => stopping.abort(), DRAIN_MS);
      try {
        await boss.stop({ graceful: true, timeout: DRAIN_MS + 5_000 });
      } finally {
        clearTimeout(giveUp);
        stopping.abort();
      }
    },
  };
}
