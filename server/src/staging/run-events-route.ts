import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RunEvent } from '../../../contract/staging-runs.js';
import { currentUser, requireUser } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { isUuid } from '../objects/object-keys.js';
import { currentRunEvent, eventId } from './run-progress.js';
import type { RunSettledListener } from './run-listener.js';
import { findRun } from './runs.js';

export interface RunEventRoutesOptions {
  listener: RunSettledListener;
  /** A comment line after this much silence keeps proxies from closing the stream (default 15 s). */
  heartbeatMs?: number;
}

const params = z.object({ id: z.string().max(64) });

/**
 * GET /api/staging-runs/:id/events (decision 022): Server-Sent Events for the owner's run. On every
 * connect the current state is sent (a reconnect with Last-Event-ID skips the event it already
 * has), then each change as the run listener wakes the stream (or every second without it), until
 * `done` or `failed` ends it. Another user's run is 404.
 */
export async function runEventRoutes(app: FastifyInstance, options: RunEventRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  r.get('/api/staging-runs/:id/events', { preHandler: requireUser, schema: { params } }, async (request, reply) => {
    const user = currentUser(request);
    const runId = request.params.id;
    const first = isUuid(runId) ? await findRun(app.db, runId) : null;
    if (!first || first.userId !== user.id) throw AppError.notFound('Staging run not found');

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    let closed = false;
    let wake = () => {};
    const end = () => {
      if (closed) return;
      closed = true;
      open.delete(end);
      wake();
      res.end();
    };
    open.add(end);
    res.once('close', end);
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
      while (!closed) {
        const run = await findRun(app.db, runId);
        const event: RunEvent = run
          ? await currentRunEvent(app.db, run)
          : { event: 'failed', data: { success: false, error: 'Project or image not found', code: 'not_found', status: 404 } };
        const id = eventId(event);
        if (id !== last) send(event, id);
        last = id;
        if (event.event === 'done' || event.event === 'failed') break;
        if (Date.now() - lastWrite >= heartbeatMs) write(': keep-alive\n\n');
        const pause = Math.min(1000, heartbeatMs);
        await Promise.race([options.listener.wait(runId, pause), new Promise<void>((resolve) => (wake = resolve))]);
      }
    } catch (err) {
      request.log.warn({ err, runId }, 'run event stream failed');
    } finally {
      end();
    }
  });
}
