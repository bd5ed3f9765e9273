import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingStateResponse,
  changePlanRequest,
  changePlanResponse,
  changePreviewQuery,
  changePreviewResponse,
  portalResponse,
  resumeResponse,
  completeSubscriptionRequest,
  completeSubscriptionResponse,
  createSetupIntentRequest,
  downgradeResponse,
  getOrCreateSubscriptionRequest,
  subscriptionSetupResponse,
  type PaidPlanId,
} from '../../../contract/billing.js';
import { creditPackCheckoutRequest, creditPackCheckoutResponse, creditPacksResponse } from '../../../contract/credit-packs.js';
import type { BillingCycle } from '../../../contract/plans.js';
import { randomUUID } from 'node:crypto';
import { recordEventQuietly } from '../analytics/record-event.js';
import { currentUser, requireUser } from '../auth/guards.js';
import { billingAccount } from '../workspaces/access.js';
import { AppError } from '../errors/app-error.js';
import { hitRateLimit } from '../security/rate-limiter.js';
import { billingNotConfigured } from './billing-errors.js';
import type { Checkout } from './checkout-service.js';
import { createCheckoutService } from './checkout-service.js';
import { billingState } from './plan-changes.js';
import { createSubscriptionService } from './subscription-service.js';
import { createCreditPackService } from './credit-packs.js';

export interface BillingRoutesOptions {
  /** Null when billing is not configured: checkout answers 503 billing_not_configured. */
  checkout: Checkout | null;
}

/** Card setups one user may start per 10 minutes (each creates provider objects). */
const SETUPS_PER_WINDOW = 20;
/** Previews, portal sessions and plan changes per user per 10 minutes (each is a provider call). */
const PROVIDER_CALLS_PER_WINDOW = 60;

/**
 * Spec §7 billing calls: create-setup-intent (modal), get-or-create-subscription (upgrade page,
 * popup), complete-subscription, downgrade-to-free; plus GET /api/billing/subscription for the
 * plan status the pages show. Every route needs a signed-in user (401 first, before validation).
 * They act on the acting workspace's billing account (decision 041): one's own in the personal
 * workspace; in a team, changes need the owner or admin role (403 `forbidden_role`), reading does not.
 */
export async function billingRoutes(app: FastifyInstance, options: BillingRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCheckoutService(app.db);
  const subscriptions = createSubscriptionService(app.db);
  const packs = createCreditPackService(app.db);

  async function limitProviderCalls(userId: string) {
    const limit = await hitRateLimit(app.db, `billing:calls:${userId}`, PROVIDER_CALLS_PER_WINDOW, 600);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);
  }
  app.addHook('preValidation', requireUser);

  const requireCheckout = (): Checkout => {
    if (!options.checkout || !app.config.billingEnabled) throw billingNotConfigured();
    return options.checkout;
  };

  async function startCheckout(request: FastifyRequest, planId: PaidPlanId, billingCycle: BillingCycle) {
    const user = await billingAccount(request, 'manage');
    const checkout = requireCheckout();
    const limit = await hitRateLimit(app.db, `billing:setup:${user.id}`, SETUPS_PER_WINDOW, 600);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);
    return service.startCheckout(checkout, request.log, user, planId, billingCycle);
  }

  r.post('/api/create-setup-intent', { schema: { body: createSetupIntentRequest, response: { 200: subscriptionSetupResponse } } }, async (request) =>
    // `priceId` from the browser is never used: the server maps plan and cycle to its own price.
    startCheckout(request, request.body.planId, request.body.billingCycle),
  );

  r.post(
    '/api/get-or-create-subscription',
    { schema: { body: getOrCreateSubscriptionRequest, response: { 200: subscriptionSetupResponse } } },
    async (request) => startCheckout(request, request.body.planId, request.body.billingCycle),
  );

  r.post(
    '/api/complete-subscription',
    { schema: { body: completeSubscriptionRequest, response: { 200: completeSubscriptionResponse } } },
    async (request) => {
      const user = await billingAccount(request, 'manage');
      const checkout = requireCheckout();
      const result = await service.completeCheckout(checkout, request.log, user.id, request.body);
      if (result.fresh) {
        await recordEventQuietly(app.db, request.log, 'payment');
        request.log.info({ userId: user.id, plan: result.account.subscriptionPlan, outcome: result.outcome }, 'subscription completed');
      }
      return { success: true as const, outcome: result.outcome, ...billingState(result.account) };
    },
  );

  // Spec §7 downgrade-to-free: ends the plan at the period's end (decision 017), not at once.
  r.post('/api/downgrade-to-free', { schema: { response: { 200: downgradeResponse } } }, async (request) => {
    const user = await billingAccount(request, 'manage');
    const account = await subscriptions.endAtPeriodEnd(app.config.billingEnabled ? options.checkout : null, request.log, user.id);
    return { success: true as const, ...billingState(account) };
  });

  r.post('/api/billing/resume', { schema: { response: { 200: resumeResponse } } }, async (request) => {
    const user = await billingAccount(request, 'manage');
    const account = await subscriptions.resume(requireCheckout(), request.log, user.id);
    return { success: true as const, ...billingState(account) };
  });

  r.get('/api/billing/change-preview', { schema: { querystring: changePreviewQuery, response: { 200: changePreviewResponse } } }, async (request) => {
    const user = await billingAccount(request, 'manage');
    const checkout = requireCheckout();
    await limitProviderCalls(user.id);
    return subscriptions.preview(checkout, request.log, user, request.query.plan, request.query.cycle);
  });

  r.post('/api/billing/change-plan', { schema: { body: changePlanRequest, response: { 200: changePlanResponse } } }, async (request) => {
    const user = await billingAccount(request, 'manage');
    const checkout = requireCheckout();
    await limitProviderCalls(user.id);
    const result = await subscriptions.changePlan(checkout, request.log, user.id, request.body);
    return { success: true as const, outcome: result.outcome, ...billingState(result.account) };
  });

  r.post('/api/billing/portal', { schema: { response: { 200: portalResponse } } }, async (request) => {
    const user = await billingAccount(request, 'manage');
    const checkout = requireCheckout();
    await limitProviderCalls(user.id);
    const locale = request.headers['accept-language']?.toLowerCase().startsWith('de') ? 'de' : 'en';
    const url = await subscriptions.portalUrl(checkout, request.log, user, `${app.config.publicUrl}/dashboard`, user.language ?? locale);
    return { url };
  });

  // Credit packs (decision 061): what the pool holds and can buy; buying opens Stripe Checkout.
  r.get('/api/billing/credit-packs', { schema: { response: { 200: creditPacksResponse } } }, async (request) =>
    packs.overview(app.config.billingEnabled ? options.checkout : null, await billingAccount(request, 'read')),
  );

  r.post('/api/billing/credit-packs/checkout', { schema: { body: creditPackCheckoutRequest, response: { 200: creditPackCheckoutResponse } } }, async (request) => {
    const account = await billingAccount(request, 'manage');
    const checkout = requireCheckout();
    const limit = await hitRateLimit(app.db, `billing:setup:${account.id}`, SETUPS_PER_WINDOW, 600);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);
    const locale = request.headers['accept-language']?.toLowerCase().startsWith('de') ? 'de' : 'en';
    return packs.startCheckout(checkout, request.log, {
      account,
      buyerId: currentUser(request).id,
      packId: request.body.packId,
      publicUrl: app.config.publicUrl,
      locale: account.language ?? locale,
      attempt: randomUUID(),
    });
  });

  r.get('/api/billing/subscription', { schema: { response: { 200: billingStateResponse } } }, async (request) => billingState(await billingAccount(request, 'read')));
}
