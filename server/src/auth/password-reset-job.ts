import { z } from 'zod';
import { MAIL_LANGUAGES } from '../../../contract/auth.js';
import type { Database } from '../db/client.js';
import { defineJob, type JobDefinition } from '../jobs/job-queue.js';
import { createOutboxMailer } from '../mail/mailer.js';
import { requestPasswordReset } from './account-mail.js';

/**
 * "Forgot password" as a job (decision 033): the route stores it for every address before it
 * answers, the same way for known and unknown ones, so neither the answer nor its timing tells
 * whether the address has an account (decision 016). The job looks the address up and, for an
 * account, issues the link and puts the mail in the outbox.
 */
export const PASSWORD_RESET_JOB = 'auth.password-reset';

export const passwordResetJobPayload = z.object({
  email: z.string().max(320),
  language: z.enum(MAIL_LANGUAGES),
});
export type PasswordResetJobPayload = z.infer<typeof passwordResetJobPayload>;

/** What the route needs to enqueue it. */
export const passwordResetJobRef = { name: PASSWORD_RESET_JOB, payload: passwordResetJobPayload };

export function passwordResetJob(deps: {
  db: Database;
  publicUrl: string;
  adminEmails: string[];
}): JobDefinition<PasswordResetJobPayload> {
  return defineJob({
    ...passwordResetJobRef,
    // A retry after the mail was stored sends a second link that replaces the first (account-tokens.ts).
    queue: { retryLimit: 3, retryDelay: 5, notify: true },
    pollingIntervalSeconds: 1,
    async handler(data, { send }) {
      await requestPasswordReset(
        { ...deps, mailer: createOutboxMailer({ send }) },
        data.email,
        data.language,
      );
    },
  });
}
