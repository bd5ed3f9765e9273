/** Provider failures as the `{message, code}` replies of our API (card texts are Stripe's own, meant for users). */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { BillingGatewayError } from './billing-gateway.js';

export function billingNotConfigured(): AppError {
  return new AppError(503, 'billing_not_configured', 'Payments are not configured on this server. Please contact support.');
}

export function toAppError(error: unknown): unknown {
  if (!(error instanceof BillingGatewayError)) return error;
  switch (error.kind) {
    case 'card_declined':
      return new AppError(402, 'billing_error', error.message);
    case 'not_found':
      return new AppError(404, 'not_found', 'This payment setup was not found. Please start again.');
    case 'invalid_request':
    case 'idempotency_conflict':
      return new AppError(400, 'billing_error', 'The payment provider refused this request. Please start again.');
    case 'rate_limited':
      return new AppError(503, 'billing_error', 'The payment provider is busy. Please try again in a moment.', { 'retry-after': '5' });
    case 'configuration':
    case 'authentication':
    case 'invalid_signature':
      return new AppError(503, 'billing_not_configured', 'Payments are not configured correctly on this server. Please contact support.');
    case 'unavailable':
      return new AppError(503, 'billing_error', 'The payment provider could not be reached. Please try again in a moment.');
  }
}

/** Runs a provider call and rethrows its failure as an AppError; our own misconfiguration is logged as an error. */
export async function provider<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BillingGatewayError) {
      const ours = error.kind === 'configuration' || error.kind === 'authentication' || error.kind === 'invalid_request';
      if (ours) log.error({ err: error }, 'billing: the payment provider refused our request');
      else if (error.kind !== 'card_declined') log.warn({ err: error }, 'billing: payment provider call failed');
    }
    throw toAppError(error);
  }
}
