import { randomBytes } from 'node:crypto';
import { type ServerProcess, waitForAnyLog } from './process-kit.js';

/** Unique per call (no vitest import here: the load benchmark signs users up with this client too). */
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;

/**
 * Test and benchmark support: a signed-in user talking to a running web process over real HTTP, as the browser
 * does (session cookie, upload URL then PUT, process-image). `on()` sends the same session to
 * another web process: sessions live in PostgreSQL, so any process knows them.
 */
export class HttpClient {
  private constructor(
    readonly baseUrl: string,
    readonly cookie: string,
    readonly userId: string,
  ) {}

  /**
   * Registers and confirms the address through the mail the processes wrote (no SMTP_URL: the
   * outbox line in the log of the process that worked the mail job carries the link), as a user
   * would before staging.
   */
  static async signUp(web: { url: string; waitForLog: ServerProcess['waitForLog'] }, email = uniqueEmail('proc')): Promise<HttpClient> {
    const client = await HttpClient.register(web.url, email);
    const mail = await waitForAnyLog((line) => line.to === email && line.template === 'verify_email', 30_000);
    const token = new URL(String(mail.link)).searchParams.get('token');
    const verified = await fetch(`${web.url}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (verified.status !== 200) throw new Error(`verify-email at ${web.url} failed: ${verified.status} ${await verified.text()}`);
    return client;
  }

  /** Registers only (the address stays unconfirmed: the caller confirms it, e.g. in the database). */
  static async register(baseUrl: string, email = uniqueEmail('proc')): Promise<HttpClient> {
    const res = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Proc' }),
    });
    if (res.status !== 201) throw new Error(`sign-up at ${baseUrl} failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rw_session='))!.split(';')[0]!;
    return new HttpClient(baseUrl, cookie, ((await res.json()) as { id: string }).id);
  }

  on(baseUrl: string): HttpClient {
    return new HttpClient(baseUrl, this.cookie, this.userId);
  }

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // an image or an empty body
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  async createProject(title: string): Promise<string> {
    const res = await this.request('POST', '/api/projects', { title });
    if (res.status !== 201) throw new Error(`create project failed: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { id: string }).id;
  }

  /** Asks for an upload URL and PUTs the bytes there (the app itself for local storage, the bucket for s3). */
  async upload(bytes: Buffer): Promise<string> {
    const res = await this.request('POST', '/api/objects/upload', { projectName: 'Test', size: bytes.length, contentType: 'image/jpeg' });
    if (res.status !== 200) throw new Error(`upload URL failed: ${res.status} ${JSON.stringify(res.body)}`);
    const { uploadURL, objectPath } = res.body as { uploadURL: string; objectPath: string };
    const target = uploadURL.startsWith('http') ? uploadURL : `${this.baseUrl}${uploadURL}`;
    const put = await fetch(target, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'image/jpeg' } });
    if (put.status !== 200) throw new Error(`upload PUT failed: ${put.status} ${await put.text()}`);
    return objectPath;
  }

  processImage(body: { imageURL: string; projectId: string; isRegeneration?: boolean }) {
    return this.request('POST', '/api/process-image', {
      category: 'virtual_staging',
      styleName: 'Modern Staging',
      styleDescription: '',
      isRegeneration: false,
      ...body,
    });
  }
}
