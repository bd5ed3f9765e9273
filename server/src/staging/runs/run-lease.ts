import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { findRun, touchHeartbeat } from './runs.js';

/**
 * A worker's hold on a run (decision 032): the heartbeat it touches every `heartbeatSeconds` (the
 * sweep refunds the run once it stops), and one signal that aborts the run's work when the run is
 * settled elsewhere (web timeout, sweeper, project deleted: its row leaves `reserved`) or the worker
 * stops.
 */
export interface RunLease {
  signal: AbortSignal;
  release(): void;
}

/** Takes the lease; null when the run is no longer ours to work (settled meanwhile). */
export async function takeRunLease(
  db: Database,
  runId: string,
  options: { heartbeatSeconds: number; workerStopping: AbortSignal; log: FastifyBaseLogger },
): Promise<RunLease | null> {
  if (!(await touchHeartbeat(db, runId))) return null;
  const controller = new AbortController();
  const abort = () => controller.abort();
  const heartbeat = setInterval(() => {
    touchHeartbeat(db, runId).then(
      (alive) => alive || abort(),
      (err: unknown) => options.log.warn({ err, runId }, 'could not touch the run heartbeat'),
    );
  }, options.heartbeatSeconds * 1000);
  const watcher = setInterval(() => {
    findRun(db, runId).then(
      (r) => r?.state !== 'reserved' && abort(),
      () => {},
    );
  }, 1000);
  options.workerStopping.addEventListener('abort', abort, { once: true });
  return {
    signal: controller.signal,
    release() {
      clearInterval(heartbeat);
      clearInterval(watcher);
      options.workerStopping.removeEventListener('abort', abort);
    },
  };
}
