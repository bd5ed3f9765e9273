import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** One request as a fake received it, for tests to assert on the wire format. */
export interface RecordedRequest {
  method: string;
  /** Path with query string. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => Promise<void> | void;

/**
 * A tiny HTTP server on 127.0.0.1 and a free port. Every request is recorded before the handler
 * runs; open connections are destroyed on close so slow-answer tests do not hang the suite.
 */
export class FakeHttpServer {
  readonly requests: RecordedRequest[] = [];
  private readonly server: Server;
  private base = '';

  constructor(handler: FakeHandler) {
    this.server = createServer((req, res) => {
      void this.receive(req, res, handler);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  get url(): string {
    return this.base;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async receive(req: IncomingMessage, res: ServerResponse, handler: FakeHandler): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) };
    this.requests.push(recorded);
    try {
      await handler(recorded, res);
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `fake server bug: ${String(error)}` } });
    }
  }
}

/**
 * A provider fake: its HTTP server, the requests it recorded, start and close. Subclasses answer
 * in their provider's wire format.
 */
export abstract class FakeApi {
  protected readonly http = new FakeHttpServer((request, response) => this.handle(request, response));

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  get requests(): RecordedRequest[] {
    return this.http.requests;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  protected abstract handle(request: RecordedRequest, res: ServerResponse): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendRaw(res: ServerResponse, status: number, body: string | Buffer, contentType: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

/** Waits, but gives up quietly when the client hung up (timeout tests close the socket). */
export function delay(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

export function header(request: RecordedRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Parses a multipart/form-data body with the platform's own parser. */
export async function parseMultipart(request: RecordedRequest): Promise<FormData> {
  return new Request('http://fake.local/', {
    method: 'POST',
    headers: { 'content-type': header(request, 'content-type') ?? '' },
    body: new Uint8Array(request.body),
  }).formData();
}

/**
 * The fakes' "staged" picture: the input with a sofa-like block in the lower middle, at the size
 * asked for. A real image, so adapters are tested with bytes sharp must decode.
 */
/** `variant` (one of several `n` images) shifts and recolours the sofa, so variations differ. */
export async function fakeStagedImage(input: Buffer | undefined, width: number, height: number, format: 'jpeg' | 'png', variant = 0): Promise<Buffer> {
  const base = input
    ? sharp(input).resize(width, height, { fit: 'fill' })
    : sharp({ create: { width, height, channels: 3, background: '#d9d3c9' } });
  const sofa = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${width * (0.3 + 0.05 * (variant % 3))}" y="${height * 0.55}" width="${width * 0.4}" height="${height * 0.15}" rx="${width * 0.02}" fill="${['#7b6d5d', '#4d6b7b', '#7b4d5d', '#5d7b4d'][variant % 4]}"/></svg>`;
  const image = base.composite([{ input: Buffer.from(sofa) }]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/**
 * The next of a fake's prepared model outputs (the last one repeats), at the size and format the
 * provider answers in; undefined when none are prepared.
 */
export async function preparedAnswer(answers: Buffer[], width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer | undefined> {
  const prepared = answers.length > 1 ? answers.shift() : answers[0];
  if (!prepared) return undefined;
  return sharp(prepared).rotate().resize(width, height, { fit: 'fill' }).toFormat(format, { quality: 92 }).toBuffer();
}

/** Incompressible PNG of about `bytes` bytes (noise), for the oversized-reply cases. */
export async function bulkyImage(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const data = Buffer.alloc(side * side * 3);
  let state = 12345;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = state >>> 24;
  }
  return sharp(data, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}
