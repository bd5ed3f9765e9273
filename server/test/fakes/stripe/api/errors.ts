/**
 * Stripe's error envelope `{ error: { type, code, message, param, ... } }` and the status codes
 * stripe-node maps to its error classes (400/404 invalid request, 401 authentication,
 * 402 card, 5xx API error). Message texts follow the ones the real API sends.
 */

export type StripeErrorType =
  'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
}

export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'FakeStripeError';
  }

  envelope(): { error: StripeErrorBody } {
    return { error: this.body };
  }
}

function invalidRequest(status: number, message: string, code?: string, param?: string) {
  return new FakeStripeError(status, {
    type: 'invalid_request_error',
    message,
    ...(code
      ? { code, doc_url: `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}` }
      : {}),
    ...(param !== undefined ? { param } : {}),
  });
}

/** Names as they appear in Stripe's "No such ..." messages. */
export type ResourceName =
  | 'customer'
  | 'setupintent'
  | 'PaymentMethod'
  | 'subscription'
  | 'price'
  | 'invoice'
  | 'event'
  | 'tax_rate'
  | 'subscription_schedule'
  | 'checkout.session'
  | 'payment_intent'
  | 'charge';

export const stripeErrors = {
  /** An id in the path answers 404; an id passed as a parameter answers 400 naming that param. */
  resourceMissing(resource: ResourceName, id: string, param?: string) {
    return invalidRequest(
      param ? 400 : 404,
      `No such ${resource}: '${id}'`,
      'resource_missing',
      param ?? 'id',
    );
  },
  parameterUnknown(param: string) {
    return invalidRequest(400, `Received unknown parameter: ${param}`, 'parameter_unknown', param);
  },
  parameterMissing(param: string) {
    return invalidRequest(400, `Missing required param: ${param}.`, 'parameter_missing', param);
  },
  invalidParam(param: string, message: string, code?: string) {
    return invalidRequest(400, message, code, param);
  },
  invalidRequest(message: string, code?: string) {
    return invalidRequest(400, message, code);
  },
  /** Stripe answers 401 without a `code` for a missing or wrong key. */
  authentication(message: string) {
    return new FakeStripeError(401, { type: 'invalid_request_error', message });
  },
  cardDeclined(declineCode = 'generic_decline') {
    return new FakeStripeError(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message:
        declineCode === 'insufficient_funds'
          ? 'Your card has insufficient funds.'
          : 'Your card was declined.',
      doc_url: 'https://docs.stripe.com/error-codes/card-declined',
    });
  },
  idempotencyMismatch(key: string) {
    return new FakeStripeError(400, {
      type: 'idempotency_error',
      message:
        'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
        `Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  },
  apiError(status = 500) {
    return new FakeStripeError(status, {
      type: 'api_error',
      message:
        'An unknown error occurred while processing your request. (simulated by fake-stripe)',
    });
  },
};
