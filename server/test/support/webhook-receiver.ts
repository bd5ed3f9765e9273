import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook receiver as a customer would run it: verifies every delivery with the `standardwebhooks`
 * package (raw body, the three headers) against the secrets it knows, answers 500 to the first
 * attempt of each delivery id when `failFirst` (so the sender must retry), and lets tests await
 * the events it accepted. It also serves files under /files/ (photo URLs).
 *
 * A test waiting for an event fails at once, with the reason, when a delivery of that event was
 * refused (its signature verified with none of the known secrets), and after `timeoutMs` with what
 * did arrive: never by running into the test's own time-out without a word.
 */
export interface ReceivedEvent {
  id: string;
  type: string;
  body: any;
  attempt: number;
  /** Which secret verified it. */
  secretName: string;
  /** The path it was posted to (which endpoint). */
  path: string;
}

export interface RefusedDelivery {
  id: string;
  path: string;
  reason: string;
  /** The parsed body, when it was JSON (a refused delivery is still matched against waiters). */
  body: any;
}

export class WebhookReceiver {
  readonly accepted: ReceivedEvent[] = [];
  readonly refused: RefusedDelivery[] = [];
  private attempts = new Map<string, number>();
  private waiters: Array<{ match: (e: ReceivedEvent) => boolean; resolve: (e: ReceivedEvent) => void; reject: (err: Error) => void }> = [];
  private server = http.createServer((req, res) => this.handle(req, res));
  readonly secrets = new Map<string, string>();
  readonly files = new Map<string, { body: Buffer; contentType: string }>();
  failFirst = true;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  attemptsOf(id: string): number {
    return this.attempts.get(id) ?? 0;
  }

  /** The first accepted event that matches; rejects when a matching delivery is refused, or after `timeoutMs`. */
  waitFor(match: (e: ReceivedEvent) => boolean, timeoutMs = 120_000): Promise<ReceivedEvent> {
    const found = this.accepted.find(match);
    if (found) return Promise.resolve(found);
    const refused = this.refused.find((r) => matches(match, r));
    if (refused) return Promise.reject(refusal(refused));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching webhook within ${timeoutMs} ms; accepted: ${summary(this.accepted)}; refused: ${summary(this.refused)}`));
      }, timeoutMs);
      const waiter = {
        match,
        resolve: (e: ReceivedEvent) => (clearTimeout(timer), resolve(e)),
        reject: (err: Error) => (clearTimeout(timer), reject(err)),
      };
      this.waiters.push(waiter);
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.startsWith('/files/')) {
        const file = this.files.get(req.url.slice('/files/'.length));
        if (!file) return res.writeHead(404).end();
        return res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.body.length }).end(file.body);
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      const id = String(req.headers['webhook-id'] ?? '');
      const attempt = (this.attempts.get(id) ?? 0) + 1;
      this.attempts.set(id, attempt);
      const headers = { 'webhook-id': id, 'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''), 'webhook-signature': String(req.headers['webhook-signature'] ?? '') };
      let secretName: string | null = null;
      for (const [name, secret] of this.secrets) {
        try {
          new Webhook(secret).verify(raw, headers);
          secretName = name;
          break;
        } catch {
          // try the next secret
        }
      }
      if (!secretName) {
        const known = [...this.secrets.keys()].join(', ') || 'none';
        const delivery = { id, path, reason: `the signature verified with none of the known secrets (${known})`, body: parseJson(raw) };
        this.refused.push(delivery);
        this.waiters = this.waiters.filter((w) => (matches(w.match, delivery) ? (w.reject(refusal(delivery)), false) : true));
        return res.writeHead(400).end('bad signature');
      }
      if (this.failFirst && attempt === 1) return res.writeHead(500).end('try again');
      const body = JSON.parse(raw);
      const event = { id, type: body.type, body, attempt, secretName, path };
      this.accepted.push(event);
      res.writeHead(204).end();
      this.waiters = this.waiters.filter((w) => (w.match(event) ? (w.resolve(event), false) : true));
    });
  }
}

function parseJson(raw: string): any {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Whether a refused delivery is the event a waiter waits for (its body read as if it had been accepted). */
function matches(match: (e: ReceivedEvent) => boolean, delivery: RefusedDelivery): boolean {
  try {
    return delivery.body !== null && match({ id: delivery.id, type: delivery.body.type, body: delivery.body, attempt: 0, secretName: '', path: delivery.path });
  } catch {
    return false;
  }
}

function refusal(delivery: RefusedDelivery): Error {
  return new Error(`webhook ${delivery.id} (${delivery.body?.type ?? 'unreadable body'}) to ${delivery.path} was refused: ${delivery.reason}`);
}

function summary(list: Array<{ id: string; path: string; body?: any }>): string {
  return list.map((e) => `${e.body?.type ?? '?'} ${e.id} → ${e.path}`).join(', ') || 'none';
}
