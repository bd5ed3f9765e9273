import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook receiver as a customer would run it: verifies every delivery with the `standardwebhooks`
 * package (raw body, the three headers) against the secrets it knows, answers 500 to the first
 * attempt of each delivery id when `failFirst` (so the sender must retry), and lets tests await
 * the events it accepted. It also serves files under /files/ (photo URLs).
 */
export interface ReceivedEvent {
  id: string;
  type: string;
  body: any;
  attempt: number;
  /** Which secret verified it. */
  secretName: string;
}

export class WebhookReceiver {
  readonly accepted: ReceivedEvent[] = [];
  readonly refused: Array<{ id: string; reason: string }> = [];
  private attempts = new Map<string, number>();
  private waiters: Array<{ match: (e: ReceivedEvent) => boolean; resolve: (e: ReceivedEvent) => void }> = [];
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

  waitFor(match: (e: ReceivedEvent) => boolean): Promise<ReceivedEvent> {
    const found = this.accepted.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
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
        this.refused.push({ id, reason: 'signature' });
        return res.writeHead(400).end('bad signature');
      }
      if (this.failFirst && attempt === 1) return res.writeHead(500).end('try again');
      const body = JSON.parse(raw);
      const event = { id, type: body.type, body, attempt, secretName };
      this.accepted.push(event);
      res.writeHead(204).end();
      this.waiters = this.waiters.filter((w) => (w.match(event) ? (w.resolve(event), false) : true));
    });
  }
}
