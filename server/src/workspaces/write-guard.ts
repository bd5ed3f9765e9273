import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadSessionUser } from '../auth/guards.js';
import { actingWorkspace, projectWorkspaceAccess, requireWritable } from './access.js';

/**
 * The routes that change a workspace's projects (decision 046), in one table: each names where its
 * workspace comes from, the acting workspace (new projects, uploads) or the project it writes to.
 * Reads, downloads, revoking a share link and leaving stay open to every member.
 */
type WorkspaceOf = (request: FastifyRequest) => { projectId: string } | 'acting' | null;
const param = (request: FastifyRequest) => ({ projectId: String((request.params as { id?: unknown }).id ?? '') });

export const WORKSPACE_WRITES: Record<string, WorkspaceOf> = {
  'POST /api/projects': () => 'acting',
  'POST /api/objects/upload': () => 'acting',
  'POST /api/process-image': (request) => {
    const projectId = (request.body as { projectId?: unknown } | undefined)?.projectId;
    return typeof projectId === 'string' ? { projectId } : 'acting';
  },
  'POST /api/projects/:id/share': param,
  'PUT /api/projects/:id/publish-market': param,
  'POST /api/projects/:id/images/:imageId/choose': param,
  'DELETE /api/projects/:id': param,
};

/**
 * Refuses those routes with 403 `workspace_read_only` for a member without a seat. Runs after
 * validation and before the route's own guards: without a session, or for a project the caller is
 * no member of, it stands aside and the route answers 401 or 404 as always.
 */
async function guardWrites(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const source = WORKSPACE_WRITES[`${request.method} ${request.routeOptions.url}`]?.(request);
  if (!source) return;
  const user = await loadSessionUser(request, reply);
  if (!user) return;
  if (source === 'acting') return requireWritable(await actingWorkspace(request));
  const found = await projectWorkspaceAccess(request.server.db, user.id, source.projectId);
  if (found) requireWritable(found.access);
}

export function registerWorkspaceWriteGuard(app: FastifyInstance): void {
  app.addHook('preHandler', guardWrites);
}
