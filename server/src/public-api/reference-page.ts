import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { projectRoot } from '../paths.js';

/**
 * The API reference at /docs/api (issue #25): Scalar, a maintained renderer, as its standalone
 * browser bundle. The server sends a small HTML shell, a small start script and the bundle as a
 * file; it never loads Scalar itself (its Fastify plugin cost ~36 MB in every process). The bundle
 * comes from the build (dist/api-reference, with .br/.gz: scripts/vendor-api-reference.mjs) or, in
 * development and tests, from the @scalar/api-reference devDependency.
 */
const BUNDLE_CANDIDATES = [
  path.join(projectRoot, 'dist/api-reference/scalar.js'),
  path.join(projectRoot, 'node_modules/@scalar/api-reference/dist/browser/standalone.js'),
];

export const SCALAR_BUNDLE_PATH = '/docs/api/js/scalar.js';
export const SCALAR_START_PATH = '/docs/api/js/start.js';

/** The page's own CSP: no inline script at all; Scalar injects its styles, and fetches only from this origin. */
export const REFERENCE_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function page(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body>
<div id="app"></div>
<script src="${SCALAR_BUNDLE_PATH}"></script>
<script src="${SCALAR_START_PATH}"></script>
</body>
</html>
`;
}

export interface ReferencePageOptions {
  openApiPath: string;
  title: string;
}

export async function referencePageRoutes(app: FastifyInstance, options: ReferencePageOptions) {
  const html = page(options.title);
  // No third-party fonts, telemetry, AI chat, MCP generator or developer toolbar: the page talks to this origin only.
  const configuration = {
    url: options.openApiPath,
    pageTitle: options.title,
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
  };
  const start = `Scalar.createApiReference('#app', ${JSON.stringify(configuration)});\n`;
  const bundle = BUNDLE_CANDIDATES.find((file) => existsSync(file)) ?? null;

  const sendPage = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', REFERENCE_PAGE_POLICY).send(html);
  // One address for the page (as Scalar's plugin had it): /docs/api redirects to /docs/api/.
  app.get('/docs/api', { schema: { hide: true } }, (_request, reply) => reply.redirect('/docs/api/', 301));
  app.get('/docs/api/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));

  app.get(SCALAR_START_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(start),
  );

  app.get(SCALAR_BUNDLE_PATH, { schema: { hide: true } }, (request, reply) => {
    if (!bundle) return reply.code(404).send({ message: 'The API reference renderer is not installed: run `npm run build`.', code: 'not_found' });
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = (['br', 'gzip'] as const).find((e) => new RegExp(`\\b${e}\\b`).test(accepted) && existsSync(`${bundle}.${e === 'br' ? 'br' : 'gz'}`));
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
    if (!encoding) return reply.send(createReadStream(bundle));
    return reply.header('content-encoding', encoding).send(createReadStream(`${bundle}.${encoding === 'br' ? 'br' : 'gz'}`));
  });
}
