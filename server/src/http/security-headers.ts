import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * The helmet configuration of the app: CSP for the SPA and Stripe, HSTS behind https. Inline
 * scripts run only when their hash is listed (`inlineScriptHashes` of http/spa.ts).
 */
export function helmetOptions(config: Pick<AppConfig, 'publicUrl'>, inlineScripts: string[] = []): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: https,
  };
}

/**
 * The headers @fastify/helmet sets for these options. They never vary per request (no CSP nonces),
 * yet the plugin rebuilds helmet's middleware, CSP string included, for every request; so it runs
 * once here, on a throwaway instance, and its headers are recorded.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  let headers: Array<[string, string]> = [];
  await probe.register(fastifyHelmet, options);
  // Runs after helmet's own onRequest hooks, which set their headers on the raw response.
  probe.addHook('onRequest', async (_request, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]);
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('helmet set no headers');
  return headers;
}

/**
 * Every response (API, static files, 404s, errors) gets the same security headers helmet would set
 * (`helmetHeaders`; requests refused before routing get them in http/framework-errors.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Array<[string, string]>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * API answers are per user and per moment (sessions, credits, projects): JSON under `/api/` is never
 * stored by a browser or proxy (`no-store`, decision 030). Routes that chose their own caching (image
 * bytes, event streams) keep it.
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control') && /^application\/json/.test(String(reply.getHeader('content-type') ?? ''))) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
