import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequest, optionalUserResponse, registerRequest, updateProfileRequest, userQuery, userResponse } from '../../../contract/auth.js';
import { AppError } from '../errors/app-error.js';
import { billingAccount } from '../workspaces/access.js';
import { workspacePlanOf } from '../workspaces/plan-view.js';
import { hitRateLimit, resetRateLimit } from '../security/rate-limiter.js';
import { applyAdminEmails, authenticate, findOrCreateOidcUser, registerUser, toUserResponse, updateProfile } from './accounts.js';
import { currentUser, loadSessionUser, requireUser } from './guards.js';
import { OidcClient } from './oidc.js';
import { clearSessionCookie, createSession, deleteSessionByToken, sessionToken, setSessionCookie } from './session-store.js';
import type { UserRow } from '../db/schema/users.js';
import { preferredLanguage } from '../http/spa.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Mailer } from '../mail/mailer.js';
import { requestEmailChange, sendVerificationMail, type AccountMailDeps } from './account-mail.js';
import { accountMailRoutes } from './account-routes.js';

/**
 * Guessing is limited per account AND client address (10 wrong passwords per 15 minutes), plus a
 * global cap per address. There is no per-account block: a stranger's guesses never lock the
 * owner out, whose correct password from their own address keeps working.
 */
const LOGIN_LIMIT_PER_IP = { limit: 30, windowSeconds: 15 * 60 };
const LOGIN_LIMIT_PER_ACCOUNT_AND_IP = { limit: 10, windowSeconds: 15 * 60 };
const OIDC_COOKIE = 'rw_oidc';

export interface AuthRoutesOptions {
  /** Called after a new account is created (the analytics feature counts signups). */
  onSignup?: (user: UserRow) => Promise<void> | void;
  mailer: Mailer;
  /** The job queue ("forgot password" is a job, password-reset-job.ts); null in API tests without one. */
  jobs: Pick<JobQueue, 'send'> | null;
}

/** The mail language: the account's stored choice, else the sign-up's, else the browser's. */
const requestLanguage = (request: FastifyRequest, chosen?: 'de' | 'en' | null) => chosen ?? preferredLanguage(request.headers['accept-language']);

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const secure = config.publicUrl.startsWith('https:');
  const oidc = config.oidcEnabled ? new OidcClient(config) : null;
  const mailDeps: AccountMailDeps = { db, mailer: options.mailer, publicUrl: config.publicUrl, adminEmails: config.ADMIN_EMAILS };
  await app.register(accountMailRoutes, { mailer: options.mailer, jobs: options.jobs });

  /** Sign-in always starts a fresh session (rotation): an old cookie never survives it. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const previous = sessionToken(request);
    if (previous) await deleteSessionByToken(db, previous);
    const { token, expiresAt } = await createSession(db, user.id, request.headers['user-agent']);
    setSessionCookie(reply, token, expiresAt, secure);
  }

  async function limit(key: string, rule: { limit: number; windowSeconds: number }) {
    const result = await hitRateLimit(db, key, rule.limit, rule.windowSeconds);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfterSeconds);
  }

  r.post('/api/auth/register', { schema: { body: registerRequest, response: { 201: userResponse } } }, async (request, reply) => {
    await limit(`register:ip:${request.ip}`, { limit: config.REGISTER_LIMIT_PER_HOUR, windowSeconds: 60 * 60 });
    const language = requestLanguage(request, request.body.language);
    const user = await registerUser(db, { ...request.body, language });
    await sendVerificationMail(mailDeps, user, language);
    await signIn(request, reply, user);
    await options.onSignup?.(user);
    return reply.code(201).send(toUserResponse(user));
  });

  r.post('/api/auth/login', { schema: { body: loginRequest, response: { 200: userResponse } } }, async (request, reply) => {
    const accountKey = `login:account-ip:${request.body.email}:${request.ip}`;
    await limit(`login:ip:${request.ip}`, LOGIN_LIMIT_PER_IP);
    await limit(accountKey, LOGIN_LIMIT_PER_ACCOUNT_AND_IP);
    let user = await authenticate(db, request.body.email, request.body.password);
    await resetRateLimit(db, accountKey);
    user = await applyAdminEmails(db, user, config.ADMIN_EMAILS);
    await signIn(request, reply, user);
    return toUserResponse(user);
  });

  r.get('/api/auth/user', { schema: { querystring: userQuery, response: { 200: optionalUserResponse } } }, async (request, reply) => {
    const user = await loadSessionUser(request, reply);
    if (!user && request.query.optional === '1') return null;
    if (!user) throw AppError.unauthorized();
    // Plan and credits are the acting workspace's (decision 041): a team member sees the shared pool.
    const account = await billingAccount(request, 'read');
    return { ...toUserResponse(user), ...workspacePlanOf(toUserResponse(account)) };
  });

  r.put(
    '/api/auth/profile',
    { preHandler: requireUser, schema: { body: updateProfileRequest, response: { 200: userResponse } } },
    async (request) => {
      const { email, currentPassword, ...fields } = request.body;
      let user = currentUser(request);
      // The address first: a wrong password changes nothing at all.
      if (email !== undefined) user = await requestEmailChange(mailDeps, user, email, currentPassword);
      return toUserResponse(await updateProfile(db, user.id, fields));
    },
  );

  /**
   * GET logout is a link (spec), so a foreign site could embed it: a browser marks such requests
   * `Sec-Fetch-Site: cross-site`, and then the session stays. Same-site links and typed URLs work.
   */
  async function logout(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers['sec-fetch-site'] === 'cross-site') return reply.redirect('/', 302);
    const token = sessionToken(request);
    if (token) await deleteSessionByToken(db, token);
    clearSessionCookie(reply, secure);
    return reply.redirect('/', 302);
  }
  r.get('/api/logout', logout);
  r.get('/api/auth/logout', logout);
  // A POST variant for clients that prefer not to navigate.
  r.post('/api/auth/logout', async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSessionByToken(db, token);
    clearSessionCookie(reply, secure);
    return reply.code(204).send();
  });

  r.get('/api/login', async (_request, reply) => {
    if (!oidc) return reply.redirect('/login', 302);
    const start = await oidc.start();
    reply.setCookie(OIDC_COOKIE, JSON.stringify(start.pending), {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      maxAge: 600,
    });
    return reply.redirect(start.url, 302);
  });

  const callbackQuery = z.object({}).passthrough();
  const oidcCallback = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!oidc) throw AppError.notFound();
    const raw = request.cookies[OIDC_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    reply.clearCookie(OIDC_COOKIE, { path: '/api' });
    if (!unsigned?.valid || !unsigned.value) {
      throw AppError.badRequest('The sign-in took too long or was started elsewhere. Please try again.');
    }
    const pending = JSON.parse(unsigned.value) as { state: string; nonce: string; verifier: string };
    let claims;
    try {
      claims = await oidc.finish(new URL(request.url, config.publicUrl), pending);
    } catch (err) {
      request.log.warn({ err }, 'OpenID Connect callback rejected');
      throw AppError.badRequest('The sign-in could not be completed. Please try again.');
    }
    const found = await findOrCreateOidcUser(db, claims, requestLanguage(request));
    const user = await applyAdminEmails(db, found.user, config.ADMIN_EMAILS);
    await signIn(request, reply, user);
    if (found.created) await options.onSignup?.(user);
    return reply.redirect('/', 302);
  };
  r.get('/api/callback', { schema: { querystring: callbackQuery } }, oidcCallback);
  r.get('/api/auth/callback', { schema: { querystring: callbackQuery } }, oidcCallback);
}
