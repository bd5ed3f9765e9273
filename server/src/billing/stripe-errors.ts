/**
 * Turns stripe-node errors into `BillingGatewayError` with a message a person can read. Card
 * problems keep Stripe's own text (it is written for customers); everything else gets ours.
 */
import Stripe from 'stripe';
import { BillingGatewayError, type BillingErrorKind } from './billing-gateway.js';

export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached.';

type StripeError = InstanceType<typeof Stripe.errors.StripeError>;

export function toBillingGatewayError(error: unknown): BillingGatewayError {
  if (error instanceof BillingGatewayError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new BillingGatewayError('unavailable', PROVIDER_UNREACHABLE, {}, { cause: error });
  }
  const [kind, message] = classify(error);
  return new BillingGatewayError(
    kind,
    message,
    {
      providerCode: error.code,
      declineCode: error.decline_code || undefined,
      param: error.param,
      statusCode: error.statusCode,
    },
    { cause: error },
  );
}

function classify(error: StripeError): [BillingErrorKind, string] {
  const { errors } = Stripe;
  if (error instanceof errors.StripeCardError)
    return ['card_declined', error.message || 'The card was declined.'];
  if (error instanceof errors.StripeConnectionError) return ['unavailable', PROVIDER_UNREACHABLE];
  if (
    error instanceof errors.StripeAuthenticationError ||
    error instanceof errors.StripePermissionError
  ) {
    return [
      'authentication',
      'The payment provider rejected our credentials (check STRIPE_SECRET_KEY).',
    ];
  }
  if (error instanceof errors.StripeRateLimitError) {
    return ['rate_limited', 'The payment provider is busy. Please try again in a moment.'];
  }
  if (error instanceof errors.StripeIdempotencyError) {
    return [
      'idempotency_conflict',
      'This payment request was already sent with different details.',
    ];
  }
  if (error instanceof errors.StripeInvalidRequestError) {
    const kind = error.code === 'resource_missing' ? 'not_found' : 'invalid_request';
    return [kind, `The payment provider rejected the request: ${error.message}`];
  }
  return ['unavailable', 'The payment provider had a problem. Please try again in a moment.'];
}

/** Whether a provider error says the object does not exist (or no longer does). */
export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
}
