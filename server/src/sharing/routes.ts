import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createShareLinkRequest, listingDisclosure, listingZipQuery, shareLinkResponse, shareLinkState, sharedListingResponse, type SharedCredentials } from '../../../contract/sharing.js';
import { findModel } from '../economics/model-registry.js';
import { DISCLOSURE_PACKS, publishMarketRequest, publishMarketResponse } from '../../../contract/disclosure-packs.js';
import { signingIdentity } from '../images/signing-identity.js';
import { currentUser, requireUser, requireVerifiedEmail } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import { OpenSlots } from '../http/open-slots.js';
import { assertLabelAllowed } from '../objects/disclosure-label.js';
import type { ObjectStorage } from '../objects/storage.js';
import type { LandingVariant } from '../../../contract/landing-variant.js';
import { findProject } from '../projects/repository.js';
import { projectPlan } from '../workspaces/access.js';
import { assertChoosable, chosenPairs, listingPairs, type ListingBrand } from './listing.js';
import { listingZip, zipEntries, zipFileName } from './listing-zip.js';
import { listingReadme } from './readme.js';
import { ensureLink, linkStateOfProject, projectOfToken, revokeLink, setPublishMarket, shareUrl } from './share-links.js';

/** The service a project's category is, as the Content Credentials name it (staging/runs/run-render.ts signs the same). */
function credentialService(category: string): SharedCredentials['service'] {
  return category === 'furniture_removal' ? 'removal' : category === 'renovation' ? 'renovation' : 'staging';
}

export interface SharingRoutesOptions {
  storage: ObjectStorage;
  /** The project's branding while its workspace's plan includes it (branding feature, decision 045). */
  brandOf?: (projectId: string) => Promise<ListingBrand | null>;
  /** Whose words the disclosure uses: an AI model's ("edited with AI") or the preview engine's. */
  engine: LandingVariant;
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
 *   POST/GET/DELETE /api/projects/:id/share (POST `{publicTitle}`: the page's heading), GET /api/projects/:id/download.zip?label=&originals=&share=
 *   (at most ZIPS_PER_USER zips of one user at once, else 429; ZIPS_PER_PROCESS in all, else 503; decision 032)
 * Public routes (the token is the only key; unknown or revoked → 404; never indexed):
 *   GET /api/share/:token (the listing, its public title and branding), GET /api/share/:token/images/:imageId (one of its
 *   images), GET /api/share/:token/logo (the workspace's logo while the listing is branded)
 */
export async function sharingRoutes(app: FastifyInstance, options: SharingRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const { storage } = options;
  const brandOf = (projectId: string) => options.brandOf?.(projectId) ?? Promise.resolve(null);
  const zipSlots = new OpenSlots();
  /** What a token's page shows and serves: the chosen photos with a staged image, nothing else (decision 052). */
  const sharedPairs = async (project: { id: string; imageIds: string[] | null }) => chosenPairs(await listingPairs(db, project.id), project.imageIds);

  async function ownedProject(userId: string, id: string) {
    const project = uuidLike(id) ? await findProject(db, userId, id) : null;
    if (!project) throw notFound();
    return project;
  }

  r.post(
    '/api/projects/:id/share',
    { preHandler: [requireUser, requireVerifiedEmail], schema: { params: idParams, body: createShareLinkRequest, response: { 200: shareLinkResponse } } },
    async (request) => {
      const user = currentUser(request);
      const project = await ownedProject(user.id, request.params.id);
      const imageIds = request.body?.imageIds && [...new Set(request.body.imageIds)];
      assertChoosable(await listingPairs(db, project.id), imageIds);
      const link = await ensureLink(db, user.id, project.id, { publicTitle: request.body?.publicTitle, imageIds });
      return { url: shareUrl(config.publicUrl, link.token), publicTitle: link.publicTitle, imageIds: link.imageIds };
    },
  );

  r.get('/api/projects/:id/share', { preHandler: requireUser, schema: { params: idParams, response: { 200: shareLinkState } } }, async (request) => {
    const project = await ownedProject(currentUser(request).id, request.params.id);
    const link = await linkStateOfProject(db, project.id);
    const brand = await brandOf(project.id);
    return {
      url: link ? shareUrl(config.publicUrl, link.token) : null,
      publicTitle: link?.publicTitle ?? null,
      imageIds: link?.imageIds ?? null,
      disclosure: { de: listingDisclosure('de', brand, options.engine), en: listingDisclosure('en', brand, options.engine) },
      market: project.publishMarket,
    };
  });

  r.put(
    '/api/projects/:id/publish-market',
    { preHandler: [requireUser, requireVerifiedEmail], schema: { params: idParams, body: publishMarketRequest, response: { 200: publishMarketResponse } } },
    async (request) => {
      const project = await ownedProject(currentUser(request).id, request.params.id);
      await setPublishMarket(db, project.id, request.body.market);
      return { market: request.body.market };
    },
  );

  r.delete('/api/projects/:id/share', { preHandler: requireUser, schema: { params: idParams } }, async (request, reply) => {
    const project = await ownedProject(currentUser(request).id, request.params.id);
    await revokeLink(db, project.id);
    return reply.code(204).send();
  });

  r.get('/api/projects/:id/download.zip', { preHandler: requireUser, schema: { params: idParams, querystring: listingZipQuery } }, async (request, reply) => {
    const user = currentUser(request);
    const project = await ownedProject(user.id, request.params.id);
    const { label, originals, share, images } = request.query;
    const language = label === 'de' ? 'de' : label ? 'en' : undefined;
    if (language) assertLabelAllowed(await projectPlan(db, user.id, project.id));
    const link = await linkStateOfProject(db, project.id);
    const brand = await brandOf(project.id);
    const brandLogo = language && brand?.logo ? ((await brand.logo.read()) ?? undefined) : undefined;
    const linkUrl = link ? shareUrl(config.publicUrl, link.token) : undefined;
    // California (AB 723, CRMLS 11.5.2): each staged photo's original right beside it, whatever was asked.
    const pack = DISCLOSURE_PACKS[project.publishMarket];
    const zipOptions = { label: language, originals: originals === '1' || pack.originalsBeside, link: language && share === '1' ? linkUrl : undefined, brandLogo } as const;
    const pairs = await listingPairs(db, project.id);
    assertChoosable(pairs, images);
    const entries = zipEntries(project.title, chosenPairs(pairs, images), zipOptions);
    if (!entries.length) throw AppError.conflict('This project has no staged images to download yet.');
    const readmeLanguage = language ?? user.language ?? (request.headers['accept-language']?.toLowerCase().startsWith('de') ? 'de' : 'en');
    const readme = listingReadme({
      engine: options.engine,
      language: readmeLanguage === 'de' ? 'de' : 'en',
      title: link?.publicTitle ?? project.title,
      entries,
      link: linkUrl,
      brand,
      publicUrl: config.publicUrl,
      market: project.publishMarket,
      renovation: project.category === 'renovation',
    });
    entries.push({ name: readme.name, key: '', labelled: false, content: readme.content });
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
      .header('content-disposition', `attachment; filename="${zipFileName(project.title, Boolean(brand))}"`)
      .header('cache-control', 'private, no-store')
      .send(listingZip(storage, entries, zipOptions, { log: request.log, signal: left.signal }));
  });

  const publicHeaders = (reply: FastifyReply) => reply.header('x-robots-tag', NOINDEX).header('referrer-policy', 'no-referrer');

  r.get('/api/share/:token', { schema: { params: tokenParams, response: { 200: sharedListingResponse } } }, async (request, reply) => {
    publicHeaders(reply).header('cache-control', 'no-store');
    const project = await projectOfToken(db, request.params.token);
    if (!project) throw AppError.notFound('This share link does not exist or was revoked.');
    const base = `/api/share/${request.params.token}/images`;
    const signer = await signingIdentity();
    const pairs = (await sharedPairs(project)).map((p) => ({
      position: p.position,
      original: { url: `${base}/${p.original.id}`, width: p.original.width, height: p.original.height },
      staged: { url: `${base}/${p.staged.id}`, width: p.staged.width, height: p.staged.height },
      credentials: {
        madeWith: p.staged.engine ? (findModel(p.staged.engine)?.label ?? p.staged.engine) : 'Raumwerk',
        createdAt: p.staged.createdAt.toISOString(),
        service: credentialService(project.category),
        changedShare: p.staged.changedShare,
        architectureScore: p.staged.architectureScore,
        signedBy: signer.signedBy,
        developmentCertificate: signer.development,
      },
    }));
    const brand = await brandOf(project.id);
    const branding = brand && {
      displayName: brand.displayName,
      contactName: brand.contactName,
      phone: brand.phone,
      email: brand.email,
      website: brand.website,
      accentColor: brand.accentColor,
      logoUrl: brand.logo ? `/api/share/${request.params.token}/logo?v=${brand.logo.version}` : null,
      logoWidth: brand.logo?.width ?? null,
      logoHeight: brand.logo?.height ?? null,
    };
    return { title: project.publicTitle, category: project.category, branding, pairs };
  });

  r.get('/api/share/:token/logo', { schema: { params: tokenParams } }, async (request, reply) => {
    publicHeaders(reply);
    const project = await projectOfToken(db, request.params.token);
    const brand = project ? await brandOf(project.id) : null;
    const png = brand?.logo ? await brand.logo.read() : null;
    if (!png) throw AppError.notFound('This listing has no logo.');
    // Versioned URL, but revocation must still take effect: the browser keeps it briefly, no shared cache.
    return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=300').header('x-content-type-options', 'nosniff').send(png);
  });

  r.get('/api/share/:token/images/:imageId', { schema: { params: imageParams } }, async (request, reply) => {
    publicHeaders(reply);
    const project = await projectOfToken(db, request.params.token);
    const pair = project ? (await sharedPairs(project)).find((p) => p.original.id === request.params.imageId || p.staged.id === request.params.imageId) : undefined;
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
