import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminBudgetsResponse,
  adminCostsResponse,
  adminModelsResponse,
  costsQuery,
  ENGINE_SERVICES,
  engineChoiceRequest,
  modelPriceRequest,
  PROVIDERS,
  spendLimitRequest,
} from '../../../contract/economics.js';
import { currentUser, requireAdmin } from '../auth/guards.js';
import { engineSettingsLog } from '../db/schema/economics.js';
import { AppError } from '../errors/app-error.js';
import { callsCsv, costAnalytics, periodOf } from './cost-analytics.js';
import { loadSettings, saveChoice, saveLimit, savePrice } from './engine-settings.js';
import { configuredProviders, environmentModel, findModel, MODEL_REGISTRY, unusableFor } from './model-registry.js';
import { providerSpending } from './spend.js';

/**
 * The admin's models, budgets and costs (issue 38): behind the admin guard like every admin route.
 * Every change is stored with who made it and applies to the next run of every process.
 */
export async function economicsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const defaultModel = environmentModel(config);
  app.addHook('preHandler', requireAdmin);
  const changer = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, email: user.email };
  };

  r.get('/api/admin/models', { schema: { response: { 200: adminModelsResponse } } }, async () => {
    const [settings, log] = await Promise.all([loadSettings(db, defaultModel), db.select().from(engineSettingsLog).orderBy(desc(engineSettingsLog.changedAt)).limit(30)]);
    const providers = configuredProviders(config);
    const listed = new Set(MODEL_REGISTRY.map((m) => m.id));
    // A model the environment names outside the registry is listed too (price 0 until the operator sets one).
    const extra = [defaultModel, ...ENGINE_SERVICES.flatMap((s) => [settings.choice(s).primary, ...settings.choice(s).fallbacks])].filter((id) => !listed.has(id));
    const entries = [...MODEL_REGISTRY, ...[...new Set(extra)].flatMap((id) => findModel(id) ?? [])];
    return {
      models: entries.map((m) => ({ ...m, priceMicros: settings.priceMicros(m.id), available: providers.has(m.provider) })),
      choices: ENGINE_SERVICES.map((service) => ({ service, ...settings.choice(service) })),
      log: log.map((l) => ({ kind: l.kind, subject: l.subject, detail: l.detail as Record<string, unknown>, changedBy: l.changedByEmail, changedAt: l.changedAt.toISOString() })),
    };
  });

  r.put(
    '/api/admin/models/choices/:service',
    { schema: { params: z.object({ service: z.enum(ENGINE_SERVICES) }), body: engineChoiceRequest } },
    async (request, reply) => {
      const { service } = request.params;
      const { primary, fallbacks, fallbackOnRefusal } = request.body;
      const order = [primary, ...fallbacks];
      if (new Set(order).size !== order.length) throw AppError.badRequest('A model may appear only once: as the primary or once among the fallbacks.');
      for (const id of order) {
        const problem = unusableFor(config, service, id);
        if (problem) throw AppError.badRequest(problem);
      }
      await saveChoice(db, changer(request), service, { primary, fallbacks, fallbackOnRefusal });
      return reply.status(204).send();
    },
  );

  r.put('/api/admin/models/prices', { schema: { body: modelPriceRequest.extend({ modelId: z.string().min(1).max(200) }) } }, async (request, reply) => {
    if (!findModel(request.body.modelId)) throw AppError.badRequest(`Unknown model "${request.body.modelId}".`);
    await savePrice(db, changer(request), request.body.modelId, request.body.priceMicros);
    return reply.status(204).send();
  });

  r.get('/api/admin/budgets', { schema: { response: { 200: adminBudgetsResponse } } }, async () => ({ providers: await providerSpending(db, config) }));

  r.put('/api/admin/budgets/:provider', { schema: { params: z.object({ provider: z.enum(PROVIDERS) }), body: spendLimitRequest } }, async (request, reply) => {
    await saveLimit(db, changer(request), request.params.provider, request.body);
    return reply.status(204).send();
  });

  r.get('/api/admin/costs', { schema: { querystring: costsQuery, response: { 200: adminCostsResponse } } }, async (request) =>
    costAnalytics(db, periodOf(request.query), config.USD_EUR_RATE),
  );

  r.get('/api/admin/costs.csv', { schema: { querystring: costsQuery } }, async (request, reply) => {
    const period = periodOf(request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="engine-calls-${period.from}-${period.to}.csv"`)
      .send(await callsCsv(db, period));
  });
}
