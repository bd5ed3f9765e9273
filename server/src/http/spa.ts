import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAppPage } from '../../../contract/pages.js';
import type { LandingVariant } from '../../../contract/landing-variant.js';
import { SESSION_COOKIE } from '../auth/session-store.js';
import { webDistFolder } from '../paths.js';
import { withHead, type PageHead } from './page-head.js';

/** A page's own served head (e.g. a share link's title and preview tags), or null for the app's generic one. */
export type HeadFor = (request: FastifyRequest, url: string) => Promise<PageHead | null>;

type Encoded = { identity: Buffer; br?: Buffer; gzip?: Buffer };

/**
 * landing.<lang>.<variant>.html written by scripts/prerender-landing.mjs, with its .br/.gz siblings:
 * the variant of this server's engine (decision 039).
 */
function readPrerenderedLanding(root: string, variant: LandingVariant): Partial<Record<'de' | 'en', Encoded>> {
  const pages: Partial<Record<'de' | 'en', Encoded>> = {};
  for (const language of ['de', 'en'] as const) {
    const file = path.join(root, `landing.${language}.${variant}.html`);
    if (!existsSync(file)) continue;
    const encoded = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
    pages[language] = { identity: readFileSync(file), br: encoded('.br'), gzip: encoded('.gz') };
  }
  return pages;
}

/**
 * CSP hashes ('sha256-…') of the inline scripts in the built pages (theme before first paint, the
 * prerendered landing page's loader), so script-src can stay 'self' without 'unsafe-inline'.
 */
export function inlineScriptHashes(root: string): string[] {
  if (!existsSync(root)) return [];
  const pages = readdirSync(root).filter((name) => name === 'index.html' || /^landing\.[a-z]+\.[a-z]+\.html$/.test(name));
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = readFileSync(path.join(root, page), 'utf8');
    for (const [, body] of html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** The client's rule (web/src/i18n/language.ts) on the header: German when German is preferred most. */
export function preferredLanguage(acceptLanguage: string | undefined): 'de' | 'en' {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.startsWith('de') ? 'de' : 'en';
}

function acceptedEncoding(request: FastifyRequest, page: Encoded): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (page.br && /\bbr\b/.test(accepted)) return 'br';
  if (page.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other non-API GET answered with index.html so the client router can show its pages: with status
 * 200 for the app's pages (contract/pages.ts), 404 for any other path (the app shows its 404 page).
 * `/` without a session cookie gets the prerendered landing page in the visitor's language, which
 * paints before any script runs, in the variant of this server's engine (`landingVariant`);
 * signed-in users (who see home at `/`) get the plain shell. `headFor` gives a page its own head
 * (title, description, preview tags) in the shell, for readers that run no script (decision 052).
 */
export async function registerSpa(app: FastifyInstance, root = webDistFolder, landingVariant: LandingVariant = 'preview', headFor?: HeadFor) {
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // `npm run build` writes .br/.gz beside each asset (scripts/compress-web.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const indexHtml = built ? readFileSync(indexFile) : null;
  const landing = built ? readPrerenderedLanding(root, landingVariant) : {};

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/objects/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: `No route for ${request.method} ${url}`, code: 'not_found' });
    }
    if (!indexHtml) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!isAppPage(url)) reply.code(404);
    const head = isAppPage(url) && headFor ? await headFor(request, url) : null;
    if (head) return reply.header('vary', 'accept-language').send(withHead(indexHtml.toString('utf8'), head));
    const page = url === '/' && !request.cookies?.[SESSION_COOKIE] ? landing[preferredLanguage(request.headers['accept-language'])] : undefined;
    if (!page) return reply.send(indexHtml);
    reply.header('vary', 'accept-language, cookie, accept-encoding');
    const encoding = acceptedEncoding(request, page);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  });
}
