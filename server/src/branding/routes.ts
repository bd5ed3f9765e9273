import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRANDING_LIMITS, LOGO_CONTENT_TYPES, brandingResponse, updateBrandingRequest } from '../../../contract/branding.js';
import { currentUser, requireUser } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import type { ObjectStorage } from '../objects/storage.js';
import { hitRateLimit } from '../security/rate-limiter.js';
import { memberships, type WorkspaceAccess } from '../workspaces/access.js';
import { isLogoContentType, renderLogo } from './logo.js';
import { assertBrandingEditable, logoBytes, readBranding, removeLogo, replaceLogo, updateBranding } from './service.js';

export interface BrandingRoutesOptions {
  storage: ObjectStorage;
}

const params = z.object({ workspaceId: z.string().uuid() });
const logoTooLarge = () => new AppError(413, 'payload_too_large', `The logo may be at most ${BRANDING_LIMITS.logoBytes / (1024 * 1024)} MB.`);
const notFound = () => AppError.notFound('Workspace not found');
/** Logo uploads per user and hour (decision 049): each one is rendered, so they are a resource to ration. */
export const LOGO_UPLOADS_PER_HOUR = 20;

/**
 * Decision 045. A workspace's branding, by id (a removed member or a stranger gets 404, a member
 * without the role 403 `forbidden_role`, a workspace without Business 403 `plan_required`):
 *   GET/PUT /api/workspaces/:workspaceId/branding
 *   GET/PUT/DELETE /api/workspaces/:workspaceId/branding/logo (PUT: the file as the body, PNG/SVG/JPEG/WebP, ≤ 1 MB)
 */
export async function brandingRoutes(app: FastifyInstance, options: BrandingRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const { storage } = options;

  r.get('/api/workspaces/:workspaceId/branding', { preHandler: requireUser, schema: { params, response: { 200: brandingResponse } } }, async (request) =>
    readBranding(db, await memberOf(request, request.params.workspaceId)),
  );

  r.put('/api/workspaces/:workspaceId/branding', { preHandler: requireUser, schema: { params, body: updateBrandingRequest, response: { 200: brandingResponse } } }, async (request) =>
    updateBranding(db, await memberOf(request, request.params.workspaceId), request.body),
  );

  r.delete('/api/workspaces/:workspaceId/branding/logo', { preHandler: requireUser, schema: { params, response: { 200: brandingResponse } } }, async (request) =>
    removeLogo(db, storage, await memberOf(request, request.params.workspaceId)),
  );

  r.get('/api/workspaces/:workspaceId/branding/logo', { preHandler: requireUser, schema: { params } }, async (request, reply) => {
    const access = await memberOf(request, request.params.workspaceId);
    const png = await logoBytes(db, storage, access.workspaceId);
    if (!png) throw AppError.notFound('This workspace has no logo.');
    return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(png);
  });

  await app.register(async (scope) => {
    const asBuffer = (_request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
    for (const type of LOGO_CONTENT_TYPES) scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: BRANDING_LIMITS.logoBytes }, asBuffer);
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/workspaces/:workspaceId/branding/logo',
      {
        // Refused before a byte is read: no session (401), a declared size over the limit (413), a type
        // that is no logo (415), more than LOGO_UPLOADS_PER_HOUR uploads (429). A body that streams past the limit without a Content-Length meets the
        // parser's bodyLimit: 413 too.
        onRequest: [
          requireUser,
          async (request) => {
            if (Number(request.headers['content-length'] ?? 0) > BRANDING_LIMITS.logoBytes) throw logoTooLarge();
            const type = request.headers['content-type'];
            if (type !== undefined && !isLogoContentType(type.split(';')[0]?.trim().toLowerCase())) {
              throw new AppError(415, 'unsupported_media_type', 'The logo must be a PNG, SVG, JPEG or WebP file.');
            }
            const limit = await hitRateLimit(db, `logo:user:${currentUser(request).id}`, LOGO_UPLOADS_PER_HOUR, 3600);
            if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds, 'Too many logo uploads. Please wait a while and try again.');
          },
        ],
        schema: { params, response: { 200: brandingResponse } },
      },
      async (request) => {
        const access = await memberOf(request, request.params.workspaceId);
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (!isLogoContentType(type) || !Buffer.isBuffer(request.body)) throw AppError.badRequest('Send the logo file as the request body.');
        assertBrandingEditable(access); // plan and role before the (costly) rendering
        return replaceLogo(db, storage, access, await renderLogo(request.body, type));
      },
    );
  });

  /** The caller's membership of the workspace, else 404 (also for a removed member). */
  async function memberOf(request: FastifyRequest, workspaceId: string): Promise<WorkspaceAccess> {
    const [access] = await memberships(db, currentUser(request).id, workspaceId);
    if (!access) throw notFound();
    return access;
  }
}
