import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../../../contract/limits.js';
import {
  apiAccountResponse,
  apiErrorResponse,
  apiPhoto,
  apiRender,
  createRenderRequest,
  listRendersQuery,
  photoFromUrlRequest,
  renderIdParams,
  renderListResponse,
  renderResultParams,
  type ApiScope,
} from '../../../contract/public-api.js';
import { AppError } from '../errors/app-error.js';
import { keyFromClientPath } from '../objects/object-keys.js';
import { apiCaller, requireApiKey } from './bearer-auth.js';
import { fingerprintOf, idempotent } from './idempotency.js';
import type { StoredPhoto } from './ports.js';
import { fetchPhoto } from './photo-fetch.js';
import { accountOf, cancelRender, createRender, getRender, listRenders, renderResultPath, type RenderServiceDeps } from './render-service.js';

const errors = { 400: apiErrorResponse, 401: apiErrorResponse, 403: apiErrorResponse, 404: apiErrorResponse, 429: apiErrorResponse };
const postErrors = { ...errors, 409: apiErrorResponse, 413: apiErrorResponse, 415: apiErrorResponse, 422: apiErrorResponse, 402: apiErrorResponse, 503: apiErrorResponse };
const security = [{ bearerAuth: [] }];

const toPhoto = (photo: StoredPhoto) => ({ id: photo.id, width: photo.width, height: photo.height, createdAt: photo.createdAt.toISOString() });

/**
 * `/api/v1` (issue #25): photos in (multipart or an https URL), renders out. Every route takes
 * `Authorization: Bearer <key>` with its scope; every POST honours `Idempotency-Key`. No CORS
 * headers are ever sent: browsers on other sites cannot read the answers.
 */
export async function v1Routes(app: FastifyInstance, deps: RenderServiceDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, ports } = deps;
  const auth = (scope: ApiScope) => requireApiKey(db, scope, deps.requestsPerMinute);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  const storePhoto = async (request: FastifyRequest, reply: FastifyReply, bytes: Buffer, contentType: string | undefined) => {
    const { owner } = apiCaller(request);
    return idempotent(db, owner, request, reply, fingerprintOf(request, bytes), async () => ({
      statusCode: 201,
      body: toPhoto(await ports.photos.store(owner.billingUserId, bytes, contentType)),
    }));
  };

  r.post(
    '/api/v1/photos',
    {
      preHandler: auth('stage'),
      schema: {
        summary: 'Upload a photo',
        description: 'multipart/form-data with one `file` part: JPEG, PNG, WebP or HEIC/HEIF (iPhone photos; the primary image, upright, converted to sRGB), at most 30 MB and 50 megapixels. Larger photos are accepted and delivered at the size of the plan. Photos not rendered within a few hours are deleted.',
        tags: ['Photos'],
        consumes: ['multipart/form-data'],
        security,
        response: { 201: apiPhoto, ...postErrors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data with a "file" part, or use POST /api/v1/photos/from-url.');
      const { bytes, mimetype } = await receiveFilePart(request);
      return storePhoto(request, reply, bytes, mimetype);
    },
  );

  r.post(
    '/api/v1/photos/from-url',
    {
      preHandler: auth('stage'),
      schema: {
        summary: 'Upload a photo from an https URL',
        description: 'The server fetches the URL: public https addresses only (also after DNS and redirects), at most 30 MB, JPEG, PNG, WebP or HEIC/HEIF.',
        tags: ['Photos'],
        security,
        body: photoFromUrlRequest,
        response: { 201: apiPhoto, ...postErrors },
      },
    },
    async (request, reply) => {
      const { owner } = apiCaller(request);
      return idempotent(db, owner, request, reply, fingerprintOf(request, JSON.stringify(request.body)), async () => {
        const fetched = await fetchPhoto(deps.outbound, request.body.url);
        return { statusCode: 201, body: toPhoto(await ports.photos.store(owner.billingUserId, fetched.bytes, fetched.contentType)) };
      });
    },
  );

  r.post(
    '/api/v1/renders',
    {
      preHandler: auth('stage'),
      schema: {
        summary: 'Create a render',
        description: 'Stages (or empties) a photo. One credit per variation is reserved now and refunded if the render fails. Answers 202 with the queued render.',
        tags: ['Renders'],
        security,
        body: createRenderRequest,
        response: { 202: apiRender, ...postErrors },
      },
    },
    async (request, reply) => {
      const { owner, key } = apiCaller(request);
      return idempotent(db, owner, request, reply, fingerprintOf(request, JSON.stringify(request.body)), async () => ({
        statusCode: 202,
        body: await createRender(deps, owner, key.id, request.body, request.log),
      }));
    },
  );

  r.get(
    '/api/v1/renders',
    { preHandler: auth('read'), schema: { summary: 'List renders', description: 'Newest first; follow `nextCursor`.', tags: ['Renders'], security, querystring: listRendersQuery, response: { 200: renderListResponse, ...errors } } },
    async (request) => listRenders(db, apiCaller(request).owner, request.query.limit, request.query.cursor),
  );

  r.get(
    '/api/v1/renders/:id',
    { preHandler: auth('read'), schema: { summary: 'Get a render', tags: ['Renders'], security, params: renderIdParams, response: { 200: apiRender, ...errors } } },
    async (request) => getRender(db, apiCaller(request).owner, request.params.id),
  );

  r.post(
    '/api/v1/renders/:id/cancel',
    {
      preHandler: auth('stage'),
      schema: { summary: 'Cancel a queued render', description: 'Its credits are refunded. A render already processing cannot be cancelled (409 `not_cancellable`).', tags: ['Renders'], security, params: renderIdParams, response: { 200: apiRender, ...postErrors } },
    },
    async (request, reply) => {
      const { owner } = apiCaller(request);
      return idempotent(db, owner, request, reply, fingerprintOf(request, ''), async () => ({ statusCode: 200, body: await cancelRender(deps, owner, request.params.id) }));
    },
  );

  r.get(
    '/api/v1/renders/:id/results/:position',
    {
      preHandler: auth('read'),
      schema: { summary: 'Download a result image', description: 'The image bytes (JPEG, PNG or WebP).', tags: ['Renders'], security, params: renderResultParams, produces: ['image/jpeg', 'image/png', 'image/webp'], response: errors },
    },
    async (request, reply) => {
      const path = await renderResultPath(db, apiCaller(request).owner, request.params.id, request.params.position);
      const parsed = keyFromClientPath(path);
      const object = parsed ? await ports.storage.get(parsed.key) : null;
      if (!object || !parsed) throw AppError.notFound('This result was not found.');
      const extension = parsed.key.split('.').pop();
      return reply
        .header('content-type', extension === 'png' ? 'image/png' : extension === 'webp' ? 'image/webp' : 'image/jpeg')
        .header('content-length', String(object.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(object.body as never);
    },
  );

  r.get(
    '/api/v1/account',
    { preHandler: auth('read'), schema: { summary: 'Credits, plan and limits', tags: ['Account'], security, response: { 200: apiAccountResponse, ...errors } } },
    async (request) => accountOf(deps, apiCaller(request).owner),
  );
}

/**
 * The `file` part, read whole. A body that ends early or is not multipart inside (busboy's
 * "Unexpected end of multipart data", a missing boundary) is the caller's mistake: 400, not 500.
 * The plugin's own refusals (413 too large, 406 not multipart) keep their status.
 */
async function receiveFilePart(request: FastifyRequest): Promise<{ bytes: Buffer; mimetype: string }> {
  try {
    const file = await request.file();
    if (!file) throw AppError.badRequest('file: the photo is missing.', 'validation_failed');
    return { bytes: await file.toBuffer(), mimetype: file.mimetype };
  } catch (err) {
    const status = (err as { statusCode?: unknown }).statusCode;
    if (err instanceof AppError || (typeof status === 'number' && status < 500)) throw err;
    throw AppError.badRequest('The multipart body is incomplete or malformed. Send one complete "file" part.');
  }
}
