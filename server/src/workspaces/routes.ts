import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  changeRoleRequest,
  invitationPreviewResponse,
  inviteMemberRequest,
  removeMemberRequest,
  removeMemberResponse,
  switchWorkspaceRequest,
  teamResponse,
  transferOwnershipRequest,
  workspaceListResponse,
} from '../../../contract/workspaces.js';
import { currentUser, requireUser } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';
import { hitRateLimit } from '../security/rate-limiter.js';
import { actingWorkspace, memberships, WORKSPACE_COOKIE } from './access.js';
import { acceptInvitation, invite, previewInvitation, revokeInvitation } from './invitations.js';
import { changeRole, leave, removeMember, team, transferOwnership } from './members.js';

export interface WorkspaceRoutesOptions {
  mailer: Mailer;
}

const userParams = z.object({ userId: z.string().uuid() });
const invitationParams = z.object({ id: z.string().uuid() });
const tokenQuery = z.object({ token: z.string().min(10).max(200) });
/** Invitations one workspace may send per hour (each is a mail to an address someone typed in). */
const INVITES_PER_HOUR = 30;

/**
 * Decision 041. The acting workspace (cookie `rw_workspace`, else the personal one):
 *   GET /api/workspaces, POST /api/workspaces/current (switch)
 *   GET /api/workspace/team, POST /api/workspace/invitations, DELETE /api/workspace/invitations/:id,
 *   PATCH/DELETE /api/workspace/members/:userId, POST /api/workspace/leave, POST /api/workspace/transfer
 * The invitee: GET /api/invitations?token= (preview, public), POST /api/invitations/accept (signed in).
 */
export async function workspaceRoutes(app: FastifyInstance, options: WorkspaceRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const secure = config.publicUrl.startsWith('https:');
  const memberChange = { db, mailer: options.mailer, publicUrl: config.publicUrl };
  const setCurrent = (reply: { setCookie: (name: string, value: string, options: object) => unknown }, workspaceId: string) =>
    reply.setCookie(WORKSPACE_COOKIE, workspaceId, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: 365 * 24 * 3600 });

  r.get('/api/workspaces', { preHandler: requireUser, schema: { response: { 200: workspaceListResponse } } }, async (request) => {
    const all = await memberships(db, currentUser(request).id);
    const current = await actingWorkspace(request);
    return {
      current: current.workspaceId,
      workspaces: all.map((w) => ({ id: w.workspaceId, name: w.name, role: w.role, plan: w.plan, personal: w.personal, readOnly: w.readOnly })),
    };
  });

  r.post('/api/workspaces/current', { preHandler: requireUser, schema: { body: switchWorkspaceRequest } }, async (request, reply) => {
    const [member] = await memberships(db, currentUser(request).id, request.body.workspaceId);
    if (!member) throw AppError.notFound('Workspace not found');
    setCurrent(reply, member.workspaceId);
    return reply.code(204).send();
  });

  r.get('/api/workspace/team', { preHandler: requireUser, schema: { response: { 200: teamResponse } } }, async (request) => team(db, await actingWorkspace(request)));

  r.post('/api/workspace/invitations', { preHandler: requireUser, schema: { body: inviteMemberRequest } }, async (request, reply) => {
    const access = await actingWorkspace(request);
    const limit = await hitRateLimit(db, `invite:workspace:${access.workspaceId}`, INVITES_PER_HOUR, 3600);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);
    const user = currentUser(request);
    const language = user.language ?? (request.headers['accept-language']?.toLowerCase().startsWith('de') ? 'de' : 'en');
    return reply.code(201).send(await invite({ db, mailer: options.mailer, publicUrl: config.publicUrl }, access, user, request.body, language));
  });

  r.delete('/api/workspace/invitations/:id', { preHandler: requireUser, schema: { params: invitationParams } }, async (request, reply) => {
    await revokeInvitation(db, await actingWorkspace(request), request.params.id);
    return reply.code(204).send();
  });

  r.patch('/api/workspace/members/:userId', { preHandler: requireUser, schema: { params: userParams, body: changeRoleRequest } }, async (request, reply) => {
    await changeRole(db, await actingWorkspace(request), request.params.userId, request.body.role);
    return reply.code(204).send();
  });

  // Decision 050: the member's API keys are revoked with the membership, except `keepApiKeyIds`.
  r.delete(
    '/api/workspace/members/:userId',
    { preHandler: requireUser, schema: { params: userParams, body: removeMemberRequest, response: { 200: removeMemberResponse } } },
    async (request) => {
      const outcome = await removeMember(memberChange, await actingWorkspace(request), currentUser(request), request.params.userId, request.body?.keepApiKeyIds ?? []);
      return { revokedApiKeys: outcome.revoked, keptApiKeys: outcome.kept };
    },
  );

  r.post('/api/workspace/leave', { preHandler: requireUser }, async (request, reply) => {
    await leave(memberChange, await actingWorkspace(request), currentUser(request).id);
    reply.clearCookie(WORKSPACE_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  r.post('/api/workspace/transfer', { preHandler: requireUser, schema: { body: transferOwnershipRequest } }, async (request, reply) => {
    await transferOwnership(db, await actingWorkspace(request), currentUser(request).id, request.body.userId);
    return reply.code(204).send();
  });

  r.get('/api/invitations', { schema: { querystring: tokenQuery, response: { 200: invitationPreviewResponse } } }, async (request) => previewInvitation(db, request.query.token));

  r.post('/api/invitations/accept', { preHandler: requireUser, schema: { body: acceptInvitationRequest, response: { 200: acceptInvitationResponse } } }, async (request, reply) => {
    const joined = await acceptInvitation(db, currentUser(request), request.body.token);
    setCurrent(reply, joined.workspaceId);
    return joined;
  });
}
