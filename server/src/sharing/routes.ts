import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingZipQuery, shareLinkResponse, shareLinkState, sharedListingResponse } from '../../../contract/sharing.js';
import { currentUser, requireUser, requireVerifiedEmail } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { OpenSlots } from '../http/open-slots.js';
import { assertLabelAllowed } from '../objects/disclosure-label.js';
import type { ObjectStorage } from '../objects/storage.js';
import { findProject } from '../projects/repository.js';
import { projectPlan } from '../workspaces/access.js';
import { listingPairs } from './listing.js';
import { listingZip, zipEntries, zipFileName } from './listing-zip.js';
import { ensureLink, linkOfProject, projectOfToken, revokeLink, shareUrl } from './share-links.js';

export interface SharingRoutesOptions {
  storage: ObjectStorage;
}

const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ token: z.string().max(64) });
const imageParams = tokenParams.extend({ imageId: z.string().max(64) });
const NOINDEX = 'noindex, nofollow, noarchive';
const notFound = () => AppError.notFound('Project not found');
/** What a client refused a zip (too many at once) is told to wait. */
const ZIP_RETRY_AFTER_S = 5;
const uuidLike = (v: string) => /^[0-9a-f-]{36}$/i.test(v);

/**
 * Decision 026. Member routes (signed in, projects of the caller's workspaces, others 404; decision 041):
 *   POST/GET/DELETE /api/projects/:id/share, GET /api/projects/:id/download.zip?label=&originals=&share=
 *   (at most ZIPS_PER_USER zips of one user at once, else 429; ZIPS_PER_PROCESS in all, else 503; decision 032)
 * Public routes (the token is the only key; unknown or revoked → 404; never indexed):
 *   GET /api/share/:token (the listing), GET /api/share/:token/images/:imageId (one of its images)
 */
export async function sharingRoutes(app: FastifyInstance, options: SharingRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const { storage } = options;
  const zipSlots = new OpenSlots();

  async function ownedProject(userId: string, id: string) {
    const project = uuidLike(id) ? await findProject(db, userId, id) : null;
    if (!project) throw notFound();
    return project;
  }

  r.post('/api/projects/:id/share', { preHandler: [requireUser, requireVerifiedEmail], schema: { params: idParams, response: { 200: shareLinkResponse } } }, async (request) => {
    const user = currentUser(request);
    const project = await ownedProject(user.id, request.params.id);
    return { url: shareUrl(config.publicUrl, await ensureLink(db, user.id, project.id)) };
  });

  r.get('/api/projects/:id/share', { preHandler: requireUser, schema: { params: idParams, response: { 200: shareLinkState } } }, async (request) => {
    const project = await ownedProject(currentUser(request).id, request.params.id);
    const token = await linkOfProject(db, project.id);
    return { url: token ? shareUrl(config.publicUrl, token) : null };
  });

  r.delete('/api/projects/:id/share', { preHandler: requireUser, schema: { params: idParams } }, async (request, reply) => {
    const project = await ownedProject(currentUser(request).id, request.params.id);
    await revokeLink(db, project.id);
    return reply.code(204).send();
  });

  r.get('/api/projects/:id/download.zip', { preHandler: requireUser, schema: { params: idParams, querystring: listingZipQuery } }, async (request, reply) => {
    const user = currentUser(request);
    const project = await ownedProject(user.id, request.params.id);
    const { label, originals, share } = request.query;
    const language = label === 'de' ? 'de' : label ? 'en' : undefined;
    if (language) assertLabelAllowed(await projectPlan(db, user.id, project.id));
    const token = language && share === '1' ? await linkOfProject(db, project.id) : null;
    const zipOptions = { label: language, originals: originals === '1', link: token ? shareUrl(config.publicUrl, token) : undefined } as const;
    const entries = zipEntries(project.title, await listingPairs(db, project.id), zipOptions);
    if (!entries.length) throw AppError.conflict('This project has no staged images to download yet.');
    // Decision 032: zips at once per user and per process; the slot is given back when the response ends or the client leaves.
    if (zipSlots.count(`user:${user.id}`) >= config.ZIPS_PER_USER) {
      throw new AppError(429, 'too_many_downloads', 'You are already downloading as many zips as you can at once. Please wait until one has finished.', {
        'retry-after': String(ZIP_RETRY_AFTER_S),
      });
    }
    const release = zipSlots.take([
      { key: `user:${user.id}`, limit: config.ZIPS_PER_USER },
      { key: 'process', limit: config.ZIPS_PER_PROCESS },
    ]);
    if (!release) throw new AppError(503, 'downloads_busy', 'Many downloads are being prepared right now. Please try again in a few seconds.', { 'retry-after': String(ZIP_RETRY_AFTER_S) });
    const left = new AbortController();
    reply.raw.once('close', () => {
      release();
      if (!reply.raw.writableFinished) left.abort();
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${zipFileName(project.title)}"`)
      .header('cache-control', 'private, no-store')
      .send(listingZip(storage, entries, zipOptions, { log: request.log, signal: left.signal }));
  });

  const publicHeaders = (reply: FastifyReply) => reply.header('x-robots-tag', NOINDEX).header('referrer-policy', 'no-referrer');

  r.get('/api/share/:token', { schema: { params: tokenParams, response: { 200: sharedListingResponse } } }, async (request, reply) => {
    publicHeaders(reply).header('cache-control', 'no-store');
    const project = await projectOfToken(db, request.params.token);
    if (!project) throw AppError.notFound('This share link does not exist or was revoked.');
    const base = `/api/share/${request.params.token}/images`;
    const pairs = (await listingPairs(db, project.id)).map((p) => ({
      position: p.position,
      original: { url: `${base}/${p.original.id}`, width: p.original.width, height: p.original.height },
      staged: p.staged ? { url: `${base}/${p.staged.id}`, width: p.staged.width, height: p.staged.height } : null,
    }));
    return { title: project.title, category: project.category, pairs };
  });

  r.get('/api/share/:token/images/:imageId', { schema: { params: imageParams } }, async (request, reply) => {
    publicHeaders(reply);
    const project = await projectOfToken(db, request.params.token);
    const pair = project ? (await listingPairs(db, project.id)).find((p) => p.original.id === request.params.imageId || p.staged?.id === request.params.imageId) : undefined;
    const image = pair && (pair.original.id === request.params.imageId ? pair.original : pair.staged);
    const object = image ? await storage.get(image.filePath.slice(1)) : null;
    if (!image || !object) throw AppError.notFound('The image was not found.');
    // Revocation must take effect: a shared cache must not keep the image, the browser only briefly.
    reply
      .header('content-type', image.mimeType)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('etag', object.etag)
      .header('content-length', String(object.size));
    return reply.send(object.body);
  });
}

/**
 * The share page itself (`/s/:token`) is the web app's index.html: it gets the same noindex header
 * here, at the app level, since the SPA fallback is registered outside this plugin.
 */
export function registerShareNoindex(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.headers(shareUrlHeaders(request.url));
  });
}

/** The headers of a share page's URL (also for answers Fastify gives before routing, http/framework-errors.ts). */
export function shareUrlHeaders(url: string): Record<string, string> {
  return url.startsWith('/s/') ? { 'x-robots-tag': NOINDEX, 'referrer-policy': 'no-referrer' } : {};
}
