import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { BillingGatewayError, type BillingGateway, type StripeEventLike } from './billing-gateway.js';
import { billingNotConfigured } from './billing-errors.js';
import type { WebhookProcessor } from './webhook-processor.js';

export interface WebhookRoutesOptions {
  /** Null when billing is not configured: every event is refused. */
  webhooks: { gateway: BillingGateway; processor: WebhookProcessor } | null;
}

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes Stripe sent, so this plugin (and
 * only this encapsulated plugin) reads application/json bodies as a raw Buffer. Stripe sends no
 * Origin header, so the foreign-Origin check lets it through. Bad or stale signature: 400.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, options: WebhookRoutesOptions) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/api/stripe/webhook', async (request) => {
    if (!options.webhooks || !app.config.billingEnabled) throw billingNotConfigured();
    const { gateway, processor } = options.webhooks;
    if (!Buffer.isBuffer(request.body)) throw AppError.badRequest('Expected a JSON event body.');
    let event;
    try {
      event = gateway.verifyWebhook(request.body, request.headers['stripe-signature'] as string | undefined);
    } catch (error) {
      if (error instanceof BillingGatewayError && error.kind === 'invalid_signature') {
        request.log.warn({ reason: error.message }, 'stripe webhook refused');
        throw AppError.badRequest('Invalid Stripe signature.');
      }
      if (error instanceof BillingGatewayError && error.kind === 'configuration') {
        request.log.error({ err: error }, 'stripe webhook cannot be verified');
        throw billingNotConfigured();
      }
      throw error;
    }
    // A signature proves who sent the bytes, not that they are an event: refuse what is not one.
    if (!isEventShaped(event)) throw AppError.badRequest('The body is not a Stripe event.');
    const outcome = await processor.process(event, request.log);
    return { received: true, outcome };
  });
}

function isEventShaped(event: unknown): event is StripeEventLike {
  const e = event as Partial<StripeEventLike> | null;
  return typeof e?.id === 'string' && e.id !== '' && typeof e.type === 'string' && typeof e.data?.object === 'object' && e.data.object !== null;
}
