import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { webDistFolder } from '../paths.js';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API GET answered with index.html so the client router can show its pages (or its 404).
 */
export async function registerSpa(app: FastifyInstance, root = webDistFolder) {
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/objects/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: `No route for ${request.method} ${url}`, code: 'not_found' });
    }
    if (!indexHtml) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
