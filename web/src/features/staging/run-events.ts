import type { ProcessImageResponse } from '@contract/projects';
import {
  runEventData,
  type ProcessImageAcceptedResponse,
  type RunEvent,
} from '@contract/staging-runs';
import { ApiError, throwIfResNotOk } from '@/lib/api-request';
import { processImageBody, type ProcessImageInput } from './api/process-image';

type DoneData = Extract<RunEvent, { event: 'done' }>['data'];
/** What one image's progress looks like while its run goes (`queued`/`position`/`stage`). */
export type RunActivity = Exclude<RunEvent, { event: 'done' | 'failed' }>;

/**
 * POST /api/process-image with `Prefer: respond-async` (decision 022), then follows the run's
 * events until `done`. A `failed` run, and a refusal before the run (402, 403, 404…), raise the
 * same ApiError the synchronous call would, so callers handle both alike. A server that answers
 * synchronously anyway (a repeated call) is taken as it is.
 */
export async function stageImageAsync(
  input: ProcessImageInput,
  onActivity: (activity: RunActivity) => void,
  signal?: AbortSignal,
  onConnection?: (connected: boolean) => void,
): Promise<ProcessImageResponse> {
  const res = await fetch('/api/process-image', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Prefer: 'respond-async' },
    body: JSON.stringify(processImageBody(input)),
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  const reply = (await res.json()) as ProcessImageAcceptedResponse | ProcessImageResponse;
  if (!('runId' in reply)) return reply;
  return followRun(reply.eventsUrl, onActivity, signal, onConnection);
}

const RECONNECT_MS = 1000;
/** A 429's Retry-After is honoured up to this long. */
const MAX_RETRY_AFTER_MS = 10_000;
/** A stream that keeps failing to connect this long in a row is given up (the network is gone). */
const GIVE_UP_AFTER_MS = 60_000;

/**
 * Reads the run's Server-Sent Events with fetch (status codes stay visible, unlike EventSource):
 * when a proxy or the network cuts the stream it reconnects with Last-Event-ID, and the server
 * answers with what changed since. `onConnection(false)` when the stream is cut or cannot be opened,
 * `(true)` when it is back (the dialog says so: issue 35).
 */
export async function followRun(
  eventsUrl: string,
  onActivity: (activity: RunActivity) => void,
  signal?: AbortSignal,
  onConnection?: (connected: boolean) => void,
): Promise<DoneData> {
  let lastId: string | null = null;
  let failingSince: number | null = null;
  for (;;) {
    signal?.throwIfAborted();
    let res: Response | null = null;
    try {
      res = await fetch(eventsUrl, {
        headers: { Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
        credentials: 'include',
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    // Too many open streams (decision 032; e.g. old connections a proxy left half-open): the run goes
    // on, so wait as the server asks and follow it again, within the same give-up window.
    const retryAfter = res?.status === 429 ? Number(res.headers.get('Retry-After') ?? '') : NaN;
    if (res?.status === 429) void res.body?.cancel().catch(() => {});
    else if (res) {
      await throwIfResNotOk(res);
      failingSince = null;
      onConnection?.(true);
      try {
        for await (const message of readEvents(res)) {
          if (message.id) lastId = message.id;
          const event = parseEvent(message.event, message.data);
          if (!event) continue;
          if (event.event === 'done') return event.data;
          if (event.event === 'failed') {
            const { error, code, status } = event.data;
            throw new ApiError(
              status,
              `${status}: ${JSON.stringify({ success: false, error, code })}`,
              { message: error, code: code as never },
            );
          }
          onActivity(event);
        }
      } catch (error) {
        if (error instanceof ApiError || signal?.aborted) throw error;
        // The stream was cut: reconnect.
      }
    }
    // Too many streams is the server's answer, not a lost connection.
    if (res?.status !== 429) onConnection?.(false);
    failingSince ??= Date.now();
    if (Date.now() - failingSince > GIVE_UP_AFTER_MS) throw new TypeError('The connection to the staging run was lost.');
    const waitMs = retryAfter >= 0 ? Math.min(Math.max(retryAfter * 1000, RECONNECT_MS), MAX_RETRY_AFTER_MS) : RECONNECT_MS;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

function parseEvent(name: string, data: string): RunEvent | null {
  if (!(name in runEventData)) return null;
  const parsed = runEventData[name as keyof typeof runEventData].safeParse(safeJson(data));
  return parsed.success ? ({ event: name, data: parsed.data } as RunEvent) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The text/event-stream framing: blank-line separated blocks of `field: value` lines. */
async function* readEvents(
  res: Response,
): AsyncGenerator<{ id: string | null; event: string; data: string }> {
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = text;
        else if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
      }
      if (data.length) yield { id, event, data: data.join('\n') };
    }
  }
}
