import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadRequest, uploadResponse } from '../../../contract/projects.js';
import { MAX_UPLOAD_BYTES } from '../../../contract/limits.js';
import { loadSessionUser, currentUser, requireUser, requireVerifiedEmail } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { hitRateLimit } from '../security/rate-limiter.js';
import { projectPlan, projectWorkspaceAccess } from '../workspaces/access.js';
import { addDisclosureLabel, assertLabelAllowed } from './disclosure-label.js';
import { contentDisposition, downloadFileName, isStagedImage } from './download-name.js';
import { assertAcceptedContentType, tooLarge } from './image-intake.js';
import { LocalStorage, contentTypeOfKey } from './local-storage.js';
import { keyFromClientPath, type ParsedKey } from './object-keys.js';
import type { ObjectStorage } from './storage.js';
import { checkUploadToken, declaredUploadSize, issueUpload, receiveLocalUpload, sizeMismatch } from './upload-service.js';
import { limitBody } from './body-limit.js';
import { LOCAL_UPLOAD_ROUTE } from './upload-signature.js';

export interface ObjectRoutesOptions {
  storage: ObjectStorage;
  /** The project's share page URL, if it has one (sharing feature, wired in app.ts): printed on labelled downloads with `share=1`. */
  shareUrlOf?: (projectId: string) => Promise<string | null>;
  /** The logo of the project's workspace while its plan includes branding (branding feature, decision 045): in the label. */
  brandLogoOf?: (projectId: string) => Promise<Buffer | null>;
}

const UPLOADS_PER_HOUR = 300;
/** Room for multipart-free PUTs of a 10 MB file; the image check enforces 10 MB exactly. */
const PUT_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * POST /api/objects/upload, PUT <uploadURL> (local driver), GET /objects/<filePath> and
 * GET /api/objects/download?path=. Images are served to their owner (or an admin) only; anyone
 * else gets the same 404 as for a file that does not exist.
 */
export async function objectRoutes(app: FastifyInstance, options: ObjectRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage } = options;
  const { db } = app;

  r.post('/api/objects/upload', { preHandler: [requireUser, requireVerifiedEmail], schema: { body: uploadRequest, response: { 200: uploadResponse } } }, async (request) => {
    const user = currentUser(request);
    const limit = await hitRateLimit(db, `upload:user:${user.id}`, UPLOADS_PER_HOUR, 3600);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds, 'Too many uploads. Please wait a moment and try again.');
    return issueUpload(db, storage, user.id, { size: request.body?.size, contentType: request.body?.contentType }, app.config.UPLOAD_QUOTA_MB * 1024 * 1024);
  });

  if (storage instanceof LocalStorage) await app.register(localUploadRoute, { storage });

  /** Project images: to members of the project's workspace (decision 041) and admins. */
  async function canRead(request: FastifyRequest, parsed: ParsedKey): Promise<boolean> {
    const user = request.user;
    if (parsed.kind !== 'project' || user === null) return false;
    if (user.role === 'admin') return true;
    const found = parsed.projectId ? await projectWorkspaceAccess(db, user.id, parsed.projectId) : null;
    return found !== null && found.creatorId === parsed.userId;
  }

  async function sendObject(request: FastifyRequest, reply: FastifyReply, parsed: ParsedKey, disposition?: string) {
    const object = await storage.get(parsed.key);
    if (!object) throw AppError.notFound('The image was not found.');
    reply
      .header('content-type', contentTypeOfKey(parsed.key))
      .header('etag', object.etag)
      // Private images: never in a shared cache, and not kept for long in a shared browser
      // (after sign-out the next person at the computer must not see them); ETag revalidates cheaply.
      .header('cache-control', 'private, max-age=300')
      .header('vary', 'Cookie')
      .header('x-content-type-options', 'nosniff');
    if (disposition) reply.header('content-disposition', disposition);
    if (request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.code(304).send();
    }
    reply.header('content-length', String(object.size));
    return reply.send(object.body);
  }

  r.get('/objects/*', async (request, reply) => {
    const parsed = keyFromClientPath(request.url.split('?')[0]!);
    await loadSessionUser(request, reply);
    if (!parsed || !(await canRead(request, parsed))) throw AppError.notFound('The image was not found.');
    return sendObject(request, reply, parsed);
  });

  r.get(
    '/api/objects/download',
    {
      preHandler: requireUser,
      schema: { querystring: z.object({ path: z.string().min(1).max(1024), label: z.enum(['de', 'en']).optional(), share: z.enum(['0', '1']).optional() }) },
    },
    async (request, reply) => {
      const parsed = keyFromClientPath(request.query.path);
      if (!parsed) throw AppError.badRequest('The image path is not valid.');
      if (!(await canRead(request, parsed))) throw AppError.notFound('The image was not found.');
      const name = await downloadFileName(db, parsed);
      const label = request.query.label;
      if (!label) return sendObject(request, reply, parsed, contentDisposition(name));
      // The disclosure label goes on staged results only; an original is not staged.
      if (parsed.isThumbnail || !(await isStagedImage(db, parsed))) throw AppError.badRequest('Only staged images can carry the "Virtually staged" label.');
      assertLabelAllowed(await projectPlan(db, currentUser(request).id, parsed.projectId ?? ''));
      const original = await storage.read(parsed.key);
      if (!original) throw AppError.notFound('The image was not found.');
      const link = request.query.share === '1' && parsed.projectId ? await options.shareUrlOf?.(parsed.projectId) : null;
      const brandLogo = parsed.projectId ? await options.brandLogoOf?.(parsed.projectId) : null;
      const labelled = await addDisclosureLabel(original, label, { link: link ?? undefined, brandLogo: brandLogo ?? undefined });
      const withSuffix = (n: string) => n.replace(/\.\w+$/, '-labelled.jpg');
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition({ ascii: withSuffix(name.ascii), utf8: withSuffix(name.utf8) }))
        .send(labelled);
    },
  );
}

/**
 * The PUT target of local upload URLs, with its raw body parser kept inside this scope. The body
 * is held to the size declared for the link (issue #22 item 6): a Content-Length over it is refused
 * before a byte is read, and a body that grows past it (chunked, or a false Content-Length) is cut
 * off while it streams in, 413 `upload_size_mismatch`, nothing stored and the link still unused.
 */
async function localUploadRoute(app: FastifyInstance, options: { storage: LocalStorage }) {
  const { storage } = options;
  const asBuffer = (_request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
  app.addContentTypeParser(/^image\/[\w.+-]+$/, { parseAs: 'buffer', bodyLimit: PUT_BODY_LIMIT }, asBuffer);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: PUT_BODY_LIMIT }, asBuffer);
  /** Bytes each PUT may carry and the refusal past them: the declared size, else the largest accepted file. */
  const allowed = new WeakMap<FastifyRequest, { limit: number; refuse: () => AppError }>();

  app.put<{ Params: { token: string } }>(
    `${LOCAL_UPLOAD_ROUTE}:token`,
    {
      // Refuse early, before a byte of the body is read: bad link, wrong type, declared size too big.
      onRequest: async (request) => {
        const id = checkUploadToken(storage, request.params.token);
        assertAcceptedContentType(request.headers['content-type']);
        const declared = await declaredUploadSize(app.db, id);
        const body = declared === null ? { limit: PUT_BODY_LIMIT, refuse: tooLarge } : { limit: declared, refuse: sizeMismatch };
        allowed.set(request, body);
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > PUT_BODY_LIMIT) throw tooLarge();
        if (length > body.limit) throw body.refuse();
      },
      // Counted while it streams in, before the parser buffers it.
      preParsing: async (request, _reply, payload) => {
        const body = allowed.get(request) ?? { limit: PUT_BODY_LIMIT, refuse: tooLarge };
        return limitBody(payload, body.limit, body.refuse);
      },
    },
    async (request) => {
      const result = await receiveLocalUpload(app.db, storage, request.params.token, request.headers['content-type'], request.body);
      return { objectPath: result.objectPath, width: result.width, height: result.height };
    },
  );
}
