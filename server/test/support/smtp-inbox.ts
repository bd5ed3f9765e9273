import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process (smtp-server), whose mails are parsed with mailparser.
 * STARTTLS is off: the certificate bundled with smtp-server has expired, and the tests are about
 * what the app sends, not about TLS. Point the app at it with `SMTP_URL: inbox.url`.
 */
export interface TestInbox {
  url: string;
  mails: ParsedMail[];
  /** Envelope recipients of each mail, in the order of `mails`. */
  recipients: string[][];
  /** The first mail to `to` (matching `template`'s subject if given) that arrives within `timeoutMs`. */
  waitFor(
    to: string,
    match?: (mail: ParsedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ParsedMail>;
  /** Every mail to `to` so far. */
  to(to: string): ParsedMail[];
  /** Takes the server down: its port refuses connections until `start()` listens on it again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestInbox(): Promise<TestInbox> {
  const mails: ParsedMail[] = [];
  const recipients: string[][] = [];
  const waiters = new Set<() => void>();
  const createServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      onData(stream, session, done) {
        simpleParser(stream).then(
          (mail) => {
            mails.push(mail);
            recipients.push(session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
            for (const wake of [...waiters]) wake();
            done();
          },
          (err: Error) => done(err),
        );
      },
    });
  const listen = (server: SMTPServer, on: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(on, '127.0.0.1', () => resolve());
    });
  let server: SMTPServer | null = createServer();
  await listen(server, 0);
  const { port } = server.server.address() as { port: number };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = null;
      if (!running) return resolve();
      running.close(() => resolve());
    });
  const to = (address: string) =>
    mails.filter((_, i) => recipients[i]!.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    recipients,
    to,
    waitFor(address, match = () => true, timeoutMs = 10_000) {
      const found = () => to(address).find(match);
      const now = found();
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `no mail to ${address} within ${timeoutMs} ms (got ${mails.length} mails: ${mails.map((m) => m.subject).join(', ')})`,
            ),
          );
        }, timeoutMs);
        const wake = () => {
          const mail = found();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(mail);
        };
        waiters.add(wake);
      });
    },
    stop,
    async start() {
      if (server) return;
      server = createServer();
      await listen(server, port);
    },
    close: stop,
  };
}

/** The link of a mail's button (its plain-text body carries it on a line of its own). */
export function linkIn(mail: ParsedMail, path: string): URL {
  const line = (mail.text ?? '').split('\n').find((l) => l.includes(path));
  if (!line) throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text}`);
  return new URL(line.trim());
}

export function tokenIn(mail: ParsedMail, path: string): string {
  const token = linkIn(mail, path).searchParams.get('token');
  if (!token) throw new Error(`no token in the ${path} link of "${mail.subject}"`);
  return token;
}
