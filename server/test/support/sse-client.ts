/**
 * Follows a Server-Sent Events URL as a browser's EventSource does: parses `id`/`event`/`data`,
 * and when the connection drops reconnects with `Last-Event-ID` until `isLast` says an event ended
 * the stream. Records every connection's status for the assertions.
 */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export async function followSse(
  url: string,
  options: { headers?: Record<string, string>; isLast(event: SseEvent): boolean; timeoutMs: number; retryMs?: number },
): Promise<{ events: SseEvent[]; connections: number[] }> {
  const events: SseEvent[] = [];
  const connections: number[] = [];
  const deadline = Date.now() + options.timeoutMs;
  let lastId: string | null = null;
  while (Date.now() < deadline) {
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'text/event-stream', ...options.headers, ...(lastId ? { 'last-event-id': lastId } : {}) } });
    } catch {
      await new Promise((r) => setTimeout(r, options.retryMs ?? 200));
      continue;
    }
    connections.push(res.status);
    if (res.status !== 200 || !res.body) return { events, connections };
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { id: null, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') {
              event.data += (hasData ? '\n' : '') + value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          if (event.id) lastId = event.id;
          events.push(event);
          if (options.isLast(event)) {
            await reader.cancel().catch(() => {});
            return { events, connections };
          }
        }
      }
    } catch {
      /* the connection was cut: reconnect */
    }
    await new Promise((r) => setTimeout(r, options.retryMs ?? 200));
  }
  throw new Error(`SSE stream did not finish in ${options.timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`);
}
