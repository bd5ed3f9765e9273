import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  confirmEmailRequest,
  confirmEmailResponse,
  passwordResetRequest,
  passwordResetRequestRequest,
  passwordResetRequestResponse,
  verifyEmailRequest,
  verifyEmailResponse,
} from '../../../contract/auth.js';
import { AppError } from '../errors/app-error.js';
import { preferredLanguage } from '../http/spa.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Mailer } from '../mail/mailer.js';
import { hitRateLimit } from '../security/rate-limiter.js';
import { changePassword, confirmEmailChange, requestPasswordReset, resetPassword, sendVerificationMail, verifyEmail, type AccountMailDeps } from './account-mail.js';
import { currentUser, requireUser } from './guards.js';
import { passwordResetJobRef } from './password-reset-job.js';

const RESEND_LIMIT_PER_USER = { limit: 3, windowSeconds: 15 * 60 };
/**
 * Forgot password (decision 030). Limits per requester, so strangers never silence the owner: a
 * client address gets 429 after 10 requests in 15 minutes or 30 in an hour, and mails one address at
 * most 3 times an hour (more are dropped silently). Per address there is only a cooldown: one mail
 * per 2 minutes (dropped silently) — whoever asks within it finds the link of the mail just sent,
 * which a later request never voids.
 */
const RESET_LIMIT_PER_IP = { limit: 10, windowSeconds: 15 * 60 };
const RESET_LIMIT_PER_IP_HOURLY = { limit: 30, windowSeconds: 60 * 60 };
const RESET_LIMIT_PER_IP_AND_EMAIL = { limit: 3, windowSeconds: 60 * 60 };
export const RESET_COOLDOWN_PER_EMAIL = { limit: 1, windowSeconds: 2 * 60 };
const PASSWORD_CHANGE_LIMIT_PER_USER = { limit: 10, windowSeconds: 15 * 60 };

/**
 * The mailed-link routes: verify the address (and resend), forgot password, change password,
 * confirm a new address. The profile's e-mail change itself is PUT /api/auth/profile (routes.ts).
 */
export async function accountMailRoutes(app: FastifyInstance, options: { mailer: Mailer; jobs: Pick<JobQueue, 'send'> | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  // Tokens (confirm, reset, e-mail change) tried per client address in 15 minutes.
  const TOKEN_LIMIT_PER_IP = { limit: config.TOKEN_ATTEMPTS_PER_15_MIN, windowSeconds: 15 * 60 };
  const deps: AccountMailDeps = { db, mailer: options.mailer, publicUrl: config.publicUrl, adminEmails: config.ADMIN_EMAILS };

  async function limit(key: string, rule: { limit: number; windowSeconds: number }) {
    const result = await hitRateLimit(db, key, rule.limit, rule.windowSeconds);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfterSeconds);
  }

  /** The requester's own budget for this address first: a requester over it does not use up the address's cooldown. */
  async function mayMailReset(ip: string, email: string): Promise<boolean> {
    const own = await hitRateLimit(db, `reset:ip-email:${ip}:${email}`, RESET_LIMIT_PER_IP_AND_EMAIL.limit, RESET_LIMIT_PER_IP_AND_EMAIL.windowSeconds);
    if (!own.allowed) return false;
    return (await hitRateLimit(db, `reset:email:${email}`, RESET_COOLDOWN_PER_EMAIL.limit, RESET_COOLDOWN_PER_EMAIL.windowSeconds)).allowed;
  }

  r.post('/api/auth/verify-email', { schema: { body: verifyEmailRequest, response: { 200: verifyEmailResponse } } }, async (request) => {
    await limit(`token:ip:${request.ip}`, TOKEN_LIMIT_PER_IP);
    const user = await verifyEmail(deps, request.body.token);
    return { email: user.email, emailVerified: true as const };
  });

  r.post('/api/auth/verify-email/resend', { preHandler: requireUser }, async (request, reply) => {
    const user = currentUser(request);
    if (user.emailVerifiedAt) throw AppError.conflict('Your e-mail address is already confirmed.', 'email_already_verified');
    await limit(`verify-resend:user:${user.id}`, RESEND_LIMIT_PER_USER);
    await sendVerificationMail(deps, user, user.language ?? preferredLanguage(request.headers['accept-language']));
    return reply.code(204).send();
  });

  r.post(
    '/api/auth/password-reset/request',
    { schema: { body: passwordResetRequestRequest, response: { 202: passwordResetRequestResponse } } },
    async (request, reply) => {
      await limit(`reset:ip:${request.ip}`, RESET_LIMIT_PER_IP);
      await limit(`reset:ip-hour:${request.ip}`, RESET_LIMIT_PER_IP_HOURLY);
      const { email } = request.body;
      if (await mayMailReset(request.ip, email)) {
        // Stored as a job for every address (the look-up runs in the job): neither the body nor the
        // timing says whether the address has an account, and nothing is lost if the process stops.
        const language = preferredLanguage(request.headers['accept-language']);
        if (options.jobs) await options.jobs.send(passwordResetJobRef, { email, language });
        else options.mailer.track(requestPasswordReset(deps, email, language).catch((err) => request.log.error({ err }, 'password reset mail failed')));
      }
      return reply.code(202).send({ accepted: true as const });
    },
  );

  r.post('/api/auth/password-reset', { schema: { body: passwordResetRequest } }, async (request, reply) => {
    await limit(`token:ip:${request.ip}`, TOKEN_LIMIT_PER_IP);
    await resetPassword(deps, request.body.token, request.body.password);
    return reply.code(204).send();
  });

  r.put('/api/auth/password', { preHandler: requireUser, schema: { body: changePasswordRequest } }, async (request, reply) => {
    const user = currentUser(request);
    await limit(`password-change:user:${user.id}`, PASSWORD_CHANGE_LIMIT_PER_USER);
    await changePassword(deps, user, request.sessionId, request.body.currentPassword, request.body.newPassword);
    return reply.code(204).send();
  });

  r.post('/api/auth/confirm-email', { schema: { body: confirmEmailRequest, response: { 200: confirmEmailResponse } } }, async (request) => {
    await limit(`token:ip:${request.ip}`, TOKEN_LIMIT_PER_IP);
    const user = await confirmEmailChange(deps, request.body.token);
    return { email: user.email, emailVerified: true as const };
  });
}
