/**
 * The one mailer of the app. Every mail goes through it, in the user's language, as plain text plus
 * HTML (templates.ts, layout.ts).
 *
 *   await mailer.send({ to: user.email, language: user.language ?? 'en', template: 'verify_email', data: { url } });
 *
 * `send` stores the mail in the outbox, a `mail.send` job in the job queue (decision 033), and
 * resolves once it is stored: the request that causes a mail answers after that. The job queue
 * delivers it (mail-job.ts) and retries with exponential backoff while the SMTP server refuses it.
 * Without `SMTP_URL` the same job writes an `.eml` file under `DATA_DIR/mail/` (decision 016).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue.js';
import { mailJobRef, type MailJobPayload } from './mail-job.js';
import type { MailMessage, MailTransport } from './mail-transport.js';

export type { MailMessage } from './mail-transport.js';

export interface Mailer {
  /** Stores one mail in the outbox; rejects only when it cannot be stored. Delivery happens in the job queue. */
  send(message: MailMessage): Promise<void>;
  /** Background work that ends in a mail (e.g. look-up, token, send): `close()` waits for it. Must not reject. */
  track(work: Promise<unknown>): void;
  /** Waits for tracked work. */
  close(): Promise<void>;
}

function tracker() {
  const pending = new Set<Promise<void>>();
  return {
    track(work: Promise<unknown>) {
      const job: Promise<void> = work
        .then(
          () => {},
          () => {},
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async close() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** The outbox: every mail is a job in the queue (web processes enqueue, worker processes deliver). */
export function createOutboxMailer(jobs: Pick<JobQueue, 'send'>): Mailer {
  return {
    async send(message) {
      await jobs.send(mailJobRef, message as MailJobPayload);
    },
    ...tracker(),
  };
}

/**
 * Without a job queue (API tests that start none): delivers at once in the background through the
 * transport; a failure is logged and the mail is lost. Never used by `npm start` or the worker.
 */
export function createDirectMailer(transport: MailTransport, log: FastifyBaseLogger): Mailer {
  const background = tracker();
  return {
    async send(message) {
      background.track(
        transport
          .deliver(message, { key: randomUUID(), log })
          .catch((err) => log.error({ err, template: message.template }, 'mail could not be sent')),
      );
    },
    track: background.track,
    close: background.close,
  };
}
