import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RunEvent } from '../../../../contract/staging-runs.js';
import { currentUser, requireUser } from '../../auth/guards.js';
import { AppError } from '../../errors/app-error.js';
import { OpenSlots } from '../../http/open-slots.js';
import { isUuid } from '../../objects/object-keys.js';
import { currentRunEvent, eventId } from './run-progress.js';
import type { RunSettledListener } from './run-listener.js';
import { findRun } from './runs.js';
import { projectWorkspaceAccess } from '../../workspaces/access.js';

export interface RunEventRoutesOptions {
  listener: RunSettledListener;
  /** A comment line after this much silence keeps proxies from closing the stream (default 15 s). */
  heartbeatMs?: number;
  /** Open streams per user and per run in this process (decision 032); more answer 429 `too_many_streams`. */
  streamsPerUser: number;
  streamsPerRun: number;
  /** The safety re-read of the run row while notifications arrive (a lost NOTIFY costs at most this). */
  recheckMs: number;
}

const params = z.object({ id: z.string().max(64) });
/** Without the LISTEN connection each stream re-reads its run every second, as before decision 032. */
const POLL_WITHOUT_LISTENER_MS = 1000;
/** A queued stream re-counts its place at most this often, however many other runs start or settle. */
const POSITION_GAP_MS = 2000;
/** What a client refused for too many streams is told to wait. */
const STREAM_RETRY_AFTER_S = 10;

/**
 * GET /api/staging-runs/:id/events (decision 022): Server-Sent Events for the owner's run. On every
 * connect the current state is sent (a reconnect with Last-Event-ID skips the event it already
 * has), then each change as the run listener's notification wakes the stream, until `done` or
 * `failed` ends it. Another user's run is 404. Decision 032: streams are capped per user and per
 * run, and a stream reads the database when notified (its own run; while queued, any run, at most
 * every 2 s), plus one safety re-read every `recheckMs`, not once a second.
 */
export async function runEventRoutes(app: FastifyInstance, options: RunEventRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const { listener } = options;
  const slots = new OpenSlots();
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  r.get('/api/staging-runs/:id/events', { preHandler: requireUser, schema: { params } }, async (request, reply) => {
    const user = currentUser(request);
    const runId = request.params.id;
    const first = isUuid(runId) ? await findRun(app.db, runId) : null;
    if (!first || !(await projectWorkspaceAccess(app.db, user.id, first.projectId))) throw AppError.notFound('Staging run not found');
    const release = slots.take([
      { key: `user:${user.id}`, limit: options.streamsPerUser },
      { key: `run:${runId}`, limit: options.streamsPerRun },
    ]);
    if (!release) {
      throw new AppError(429, 'too_many_streams', 'Too many open progress streams. Close other tabs following your runs and try again.', {
        'retry-after': String(STREAM_RETRY_AFTER_S),
      });
    }

    reply.hijack();
    const res = reply.raw;
    const subscription = listener.subscribe(runId);
    let closed = false;
    const end = () => {
      if (closed) return;
      closed = true;
      open.delete(end);
      release();
      subscription.close();
      res.end();
    };
    open.add(end);
    res.once('close', end);
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    let lastWrite = Date.now();
    const write = (text: string) => {
      if (closed) return;
      res.write(text);
      lastWrite = Date.now();
    };
    const send = (event: RunEvent, id: string) => write(`id: ${id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);

    let last = typeof request.headers['last-event-id'] === 'string' ? request.headers['last-event-id'] : null;
    write('retry: 1000\n\n');
    if (last === null) {
      send({ event: 'queued', data: { runId } }, 'queued');
      last = 'queued';
    }
    try {
      let runChanged = true;
      let queueChanged = false;
      let lastRead = 0;
      let nextCheck = 0;
      while (!closed) {
        const now = Date.now();
        if (runChanged || now >= nextCheck || (queueChanged && now - lastRead >= POSITION_GAP_MS)) {
          runChanged = queueChanged = false;
          lastRead = now;
          nextCheck = now + (listener.listening ? options.recheckMs : POLL_WITHOUT_LISTENER_MS);
          const run = await findRun(app.db, runId);
          const event: RunEvent = run
            ? await currentRunEvent(app.db, run)
            : { event: 'failed', data: { success: false, error: 'Project or image not found', code: 'not_found', status: 404 } };
          const id = eventId(event);
          if (id !== last) send(event, id);
          last = id;
          if (event.event === 'done' || event.event === 'failed') break;
          subscription.followQueue(event.event === 'position');
        }
        if (Date.now() - lastWrite >= heartbeatMs) write(': keep-alive\n\n');
        const until = Math.min(nextCheck, lastWrite + heartbeatMs, queueChanged ? lastRead + POSITION_GAP_MS : Infinity);
        const wake = await subscription.next(Math.max(1, until - Date.now()));
        runChanged ||= wake.run;
        queueChanged ||= wake.queue;
        // The listener (re)connected or was lost: poll at its pace from now on.
        if (!listener.listening) nextCheck = Math.min(nextCheck, lastRead + POLL_WITHOUT_LISTENER_MS);
      }
    } catch (err) {
      request.log.warn({ err, runId }, 'run event stream failed');
    } finally {
      end();
    }
  });
}
