import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createProjectRequest,
  createProjectResponse,
  deleteProjectResponse,
  projectDetailResponse,
  projectListResponse,
} from '../../../contract/projects.js';
import { projectListQuery, projectPageResponse } from '../../../contract/project-pages.js';
import { currentUser, requireUser } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { hitRateLimit } from '../security/rate-limiter.js';
import { actingWorkspace } from '../workspaces/access.js';
import { projectPage } from './project-pages.js';
import type { ObjectStorage } from '../objects/storage.js';
import { createProject, deleteProject, projectDetail, projectList, type BeforeProjectDelete } from './service.js';

export interface ProjectRoutesOptions {
  storage: ObjectStorage;
  beforeDelete?: BeforeProjectDelete;
}

const idParams = z.object({ id: z.string().max(64) });

/**
 * New projects per user and hour (issue #22): far above what a person creates (a busy agent makes a
 * few dozen a day), far below a script's thousands. An unconfirmed account cannot upload or stage,
 * so it needs only a few.
 */
export const PROJECT_CREATE_LIMIT = { verified: 200, unverified: 20, windowSeconds: 60 * 60 } as const;

/**
 * Spec §7: POST/GET /api/projects (the acting workspace's), GET/DELETE /api/projects/:id (projects of
 * the caller's workspaces; others are 404). Decision 041.
 */
export async function projectRoutes(app: FastifyInstance, options: ProjectRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  app.addHook('preHandler', requireUser);

  r.post('/api/projects', { schema: { body: createProjectRequest, response: { 201: createProjectResponse } } }, async (request, reply) => {
    const user = currentUser(request);
    const limit = user.emailVerifiedAt ? PROJECT_CREATE_LIMIT.verified : PROJECT_CREATE_LIMIT.unverified;
    const hit = await hitRateLimit(db, `project-create:user:${user.id}`, limit, PROJECT_CREATE_LIMIT.windowSeconds);
    if (!hit.allowed) throw AppError.tooManyRequests(hit.retryAfterSeconds, 'You have created many projects in a short time. Please wait a while and try again.');
    const workspace = await actingWorkspace(request);
    return reply.code(201).send(await createProject(db, user.id, workspace.workspaceId, request.body));
  });

  // Without limit and cursor: the spec's array; with either, a keyset page (contract/project-pages.ts).
  r.get('/api/projects', { schema: { querystring: projectListQuery, response: { 200: z.union([projectListResponse, projectPageResponse]) } } }, async (request) => {
    const { limit, cursor } = request.query;
    const { workspaceId } = await actingWorkspace(request);
    if (limit === undefined && cursor === undefined) return projectList(db, workspaceId, config.RETENTION_DAYS);
    return projectPage(db, workspaceId, config.RETENTION_DAYS, { limit, cursor });
  });

  r.get('/api/projects/:id', { schema: { params: idParams, response: { 200: projectDetailResponse } } }, async (request) =>
    projectDetail(db, currentUser(request).id, request.params.id, config.RETENTION_DAYS),
  );

  r.delete('/api/projects/:id', { schema: { params: idParams, response: { 200: deleteProjectResponse } } }, async (request) =>
    deleteProject(db, options.storage, options.beforeDelete, currentUser(request).id, request.params.id),
  );
}
