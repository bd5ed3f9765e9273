import { z } from 'zod';
import { MAIL_LANGUAGES } from '../../../contract/auth.js';
import type { AppConfig } from '../config.js';
import { defineJob, type JobDefinition } from '../jobs/job-queue.js';
import type { MailMessage, MailTransport } from './mail-transport.js';
import { templates, type MailTemplate } from './templates.js';

/**
 * The mail outbox (decision 033): every mail is a `mail.send` job, stored in PostgreSQL before the
 * request that causes it answers, and delivered by the job queue with exponential backoff until the
 * SMTP server takes it (about a day with the defaults); then it stays as a failed job the admin
 * console counts (mail-failures.ts).
 */
export const MAIL_JOB = 'mail.send';

const TEMPLATE_NAMES = Object.keys(templates) as [MailTemplate, ...MailTemplate[]];

export const mailJobPayload = z.object({
  to: z.string().min(3),
  language: z.enum(MAIL_LANGUAGES),
  template: z.enum(TEMPLATE_NAMES),
  data: z.record(z.string(), z.unknown()),
});
export type MailJobPayload = z.infer<typeof mailJobPayload>;

/** What the outbox needs to enqueue a mail: the job's name and payload schema (no transport). */
export const mailJobRef = { name: MAIL_JOB, payload: mailJobPayload };

export interface MailRetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
}

export function mailRetryPolicy(config: AppConfig): MailRetryPolicy {
  return {
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelaySeconds: config.MAIL_RETRY_DELAY_S,
    retryDelayMaxSeconds: config.MAIL_RETRY_DELAY_MAX_S,
  };
}

export function mailJob(
  transport: MailTransport,
  policy: MailRetryPolicy,
): JobDefinition<MailJobPayload> {
  return defineJob({
    ...mailJobRef,
    queue: {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: policy.retryDelayMaxSeconds,
      // One SMTP hand-over; a server that holds the connection open longer counts as a failed attempt.
      expireInSeconds: 120,
      notify: true,
    },
    concurrency: 2,
    pollingIntervalSeconds: 1,
    // Idempotent: the job id is the delivery key (Message-ID, .eml name), see mail-transport.ts.
    async handler(data, { jobId, log }) {
      await transport.deliver(data as MailMessage, { key: jobId, log });
    },
  });
}
