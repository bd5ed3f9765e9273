import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import './http/fastify-types.js';
import { accountRoutes } from './account/routes.js';
import { adminRoutes } from './admin/routes.js';
import { economicsRoutes } from './economics/routes.js';
import { recordEventQuietly } from './analytics/record-event.js';
import { analyticsRoutes } from './analytics/routes.js';
import { authRoutes } from './auth/routes.js';
import { createBilling, type Billing } from './billing/billing-module.js';
import { billingRoutes } from './billing/routes.js';
import { stripeWebhookRoutes } from './billing/webhook-routes.js';
import { createWebhookProcessor } from './billing/webhook-processor.js';
import { createMailBillingNotifier } from './billing/billing-notifier.js';
import { salesRoutes } from './sales/routes.js';
import { publicConfig, type AppConfig } from './config.js';
import { landingVariant } from '../../contract/landing-variant.js';
import type { DatabaseHandle } from './db/client.js';
import { healthRoutes } from './health/routes.js';
import { registerErrorHandling } from './http/error-handler.js';
import { OneLineRequestLog } from './http/request-log.js';
import { frameworkErrorAnswer } from './http/framework-errors.js';
import { helmetHeaders, helmetOptions, registerApiNoStore, registerSecurityHeaders } from './http/security-headers.js';
import { inlineScriptHashes, preferredLanguage, registerSpa, type HeadFor } from './http/spa.js';
import { webDistFolder } from './paths.js';
import type { JobQueue } from './jobs/job-queue.js';
import { createDirectMailer, createOutboxMailer, type Mailer } from './mail/mailer.js';
import { objectRoutes } from './objects/routes.js';
import { projectRoutes } from './projects/routes.js';
import { createPublicApiPorts } from './public-api-ports.js';
import { publicApiRoutes } from './public-api/routes.js';
import { outboundPolicyOf } from './public-api/safe-fetch.js';
import { createServices, type Services } from './services.js';
import { stagingRoutes } from './staging/routes.js';
import { registerShareNoindex, sharingRoutes, shareUrlHeaders } from './sharing/routes.js';
import { sharePageHead } from './sharing/share-page-head.js';
import { linkOfProject, shareUrl } from './sharing/share-links.js';
import { variationRoutes } from './staging/variation-routes.js';
import { registerOriginCheck } from './security/origin-check.js';
import { workspaceRoutes } from './workspaces/routes.js';
import { brandingRoutes } from './branding/routes.js';
import { listingBrandOfProject } from './branding/service.js';
import { assertNoSharedWorkspace } from './workspaces/members.js';
import { registerWorkspaceWriteGuard } from './workspaces/write-guard.js';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  jobs: JobQueue | null;
  /** Storage, uploads, engine and staging jobs (created from config when not given). */
  services?: Services;
  /** pino logger of the process; none in tests. */
  logger?: FastifyBaseLogger;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where the built web app is (default dist/web; the benchmarks build into a temp dir). */
  webRoot?: string;
  /** Stripe checkout and webhooks (created from config when not given). */
  billing?: Billing;
  /** The one mailer (created from config when not given, then closed with the app). */
  mailer?: Mailer;
}

/** A hop count as proxy-addr's own rule (trust the nearest N hops), which Fastify's types lack. */
function trustProxySetting(value: AppConfig['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the HTTP app; `main.ts` listens, tests call it through `app.inject`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const webRoot = deps.serveWeb === false ? '/nonexistent' : (deps.webRoot ?? webDistFolder);
  // @fastify/helmet's headers, computed once at start-up instead of on every request.
  const securityHeaders = await helmetHeaders(helmetOptions(config, inlineScriptHashes(webRoot)));
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // One line per request instead of Fastify's two (http/request-log.ts).
    logController: new OneLineRequestLog(),
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Malformed percent-encoding and the like: `{message, code}` with every header, not Fastify's own body.
    frameworkErrors: frameworkErrorAnswer(securityHeaders, shareUrlHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('pool', database.pool);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  registerErrorHandling(app);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerSecurityHeaders(app, securityHeaders);
  registerApiNoStore(app);
  registerOriginCheck(app, config.publicUrl);
  registerWorkspaceWriteGuard(app);

  const services = deps.services ?? createServices(config, database);
  await app.register(healthRoutes, { furnitureRemoval: () => services.models.canDeclutter() });
  // The outbox (decision 033); only API tests without a job queue deliver directly.
  const mailer =
    deps.mailer ??
    (deps.jobs ? createOutboxMailer(deps.jobs) : createDirectMailer(services.mail, app.log));
  if (!deps.mailer) app.addHook('onClose', () => mailer.close());
  await app.register(authRoutes, {
    mailer,
    jobs: deps.jobs,
    onSignup: () => recordEventQuietly(database.db, app.log, 'signup'),
  });
  await app.register(objectRoutes, {
    storage: services.storage,
    shareUrlOf: async (projectId) => {
      const token = await linkOfProject(database.db, projectId);
      return token ? shareUrl(config.publicUrl, token) : null;
    },
    brandLogoOf: async (projectId) => (await (await listingBrandOfProject(database.db, services.storage, projectId))?.logo?.read()) ?? null,
  });
  await app.register(projectRoutes, {
    storage: services.storage,
    beforeDelete: services.beforeProjectDelete,
  });
  await app.register(stagingRoutes, { ...services, jobs: deps.jobs });
  const listingBrandOf = (projectId: string) => listingBrandOfProject(database.db, services.storage, projectId);
  await app.register(sharingRoutes, { storage: services.storage, brandOf: listingBrandOf, engine: landingVariant(publicConfig(config)) });
  registerShareNoindex(app);
  await app.register(variationRoutes);
  const billing = deps.billing ?? createBilling(config);
  const checkout = billing.checkout;
  await app.register(billingRoutes, { checkout });
  const billingNotifier = createMailBillingNotifier({
    mailer,
    salesEmail: config.SALES_EMAIL,
    appUrl: config.publicUrl,
  });
  await app.register(stripeWebhookRoutes, {
    webhooks: checkout
      ? {
          gateway: checkout.gateway,
          processor: createWebhookProcessor({
            db: database.db,
            gateway: checkout.gateway,
            notifier: billingNotifier,
          }),
        }
      : null,
  });
  await app.register(salesRoutes, { notifier: billingNotifier });
  await app.register(analyticsRoutes, {});
  await app.register(economicsRoutes);
  await app.register(adminRoutes, {
    jobs: deps.jobs,
    storageDriver: services.storage.driver,
    ...(checkout ? { subscriptionMrr: billing.subscriptionMrr } : {}),
  });
  await app.register(accountRoutes, { beforeDeletionRequest: (userId: string) => assertNoSharedWorkspace(database.db, userId) });
  await app.register(workspaceRoutes, { mailer });
  await app.register(brandingRoutes, { storage: services.storage });
  await app.register(publicApiRoutes, {
    ports: createPublicApiPorts(config, database, services, deps.jobs),
    outbound: outboundPolicyOf(config),
    requestsPerMinute: config.API_RATE_LIMIT_PER_MIN,
    concurrentRenders: config.API_CONCURRENT_RENDERS,
  });

  // A share link's served HTML carries its title and preview tags (decision 052).
  const shareHead: HeadFor = async (request, url) => {
    const token = /^\/s\/([^/]+)$/.exec(url)?.[1];
    if (!token) return null;
    return sharePageHead(database.db, { token, language: preferredLanguage(request.headers['accept-language']), publicUrl: config.publicUrl, brandOf: listingBrandOf });
  };
  await registerSpa(app, webRoot, landingVariant(publicConfig(config)), shareHead);
  return app;
}
