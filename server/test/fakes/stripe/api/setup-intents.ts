/**
 * SetupIntents, plus the step Stripe.js `confirmSetup` performs in the browser (which no test can
 * run offline): `confirmSetupIntent` saves a card and marks the intent `succeeded`, or leaves it in
 * `requires_payment_method` with a decline in `last_setup_error`.
 */
import { createCardPaymentMethod, liveCustomer } from './customers.js';
import { FakeStripeError, stripeErrors } from './errors.js';
import type { WireSetupIntent } from './objects.js';
import type { ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';

export interface ConfirmSetupOptions {
  /**
   * `declined`: the bank refuses the card; the intent stays `requires_payment_method`.
   * `requires_action`: the card needs 3-D Secure (like test card 4000 0025 0000 3155): the intent
   * waits in `requires_action` with the card as its payment method until the customer authenticates.
   * Default `succeeded`.
   */
  result?: 'succeeded' | 'declined' | 'requires_action';
  /** The card is saved, but later charges on it fail (like test card 4000 0000 0000 0341). */
  chargesFail?: boolean;
}

function setupIntentOf(store: FakeStripeStore, id: string): WireSetupIntent {
  const setupIntent = store.setupIntents.get(id);
  if (!setupIntent) throw stripeErrors.resourceMissing('setupintent', id);
  return setupIntent;
}

function createSetupIntent(store: FakeStripeStore, params: ParamReader): WireSetupIntent {
  // The pinned API version dropped `payment_method_types` from creation in favour of
  // `allowed_payment_method_types`; like the real API, an unknown parameter is a 400.
  params.allowOnly([
    'customer',
    'usage',
    'automatic_payment_methods',
    'allowed_payment_method_types',
    'metadata',
    'description',
    'expand',
  ]);
  const customerId = params.string('customer');
  if (customerId !== undefined) liveCustomer(store, customerId, 'customer');
  const usage = params.oneOf('usage', ['off_session', 'on_session'] as const) ?? 'off_session';
  const automatic = params
    .object('automatic_payment_methods')
    ?.allowOnly(['enabled', 'allow_redirects']);
  const allowed = params.strings('allowed_payment_method_types');
  const automaticEnabled = automatic?.boolean('enabled') ?? allowed === undefined;
  if (automaticEnabled && allowed !== undefined) {
    throw stripeErrors.invalidParam(
      'allowed_payment_method_types',
      'You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.',
      'parameters_exclusive',
    );
  }
  const id = store.newId('seti');
  const setupIntent: WireSetupIntent = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: allowed ?? null,
    application: null,
    automatic_payment_methods: automaticEnabled
      ? {
          allow_redirects:
            automatic?.oneOf('allow_redirects', ['always', 'never'] as const) ?? 'always',
          enabled: true,
        }
      : null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${store.newId('x').slice(2)}`,
    created: store.now(),
    customer: customerId ?? null,
    description: params.string('description') ?? null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: params.metadata(),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: allowed && allowed.length > 0 ? allowed : ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage,
  };
  store.setupIntents.set(id, setupIntent);
  store.emit('setup_intent.created', setupIntent);
  return setupIntent;
}

export function confirmSetupIntent(
  store: FakeStripeStore,
  id: string,
  options: ConfirmSetupOptions = {},
): WireSetupIntent {
  const setupIntent = setupIntentOf(store, id);
  if (
    setupIntent.status !== 'requires_payment_method' &&
    setupIntent.status !== 'requires_confirmation'
  ) {
    throw stripeErrors.invalidRequest(
      `You cannot confirm this SetupIntent because it has a status of ${setupIntent.status}.`,
      'setup_intent_unexpected_state',
    );
  }
  setupIntent.latest_attempt = store.newId('setatt');
  if (options.result === 'declined') {
    const card = createCardPaymentMethod(store);
    setupIntent.status = 'requires_payment_method';
    setupIntent.payment_method = null;
    setupIntent.last_setup_error = {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      type: 'card_error',
      payment_method: structuredClone(card),
    };
    store.emit('setup_intent.setup_failed', setupIntent);
    return setupIntent;
  }
  if (options.result === 'requires_action') {
    const card = createCardPaymentMethod(store);
    setupIntent.status = 'requires_action';
    setupIntent.payment_method = card.id;
    setupIntent.next_action = {
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?setup_intent=${setupIntent.id}` },
    };
    return setupIntent;
  }
  const card = createCardPaymentMethod(store, {
    customer: setupIntent.customer,
    declines: options.chargesFail,
  });
  setupIntent.next_action = null;
  setupIntent.status = 'succeeded';
  setupIntent.payment_method = card.id;
  setupIntent.last_setup_error = null;
  store.emit('setup_intent.succeeded', setupIntent);
  return setupIntent;
}

function cancelSetupIntent(
  store: FakeStripeStore,
  id: string,
  params: ParamReader,
): WireSetupIntent {
  params.allowOnly(['cancellation_reason', 'expand']);
  const setupIntent = setupIntentOf(store, id);
  if (setupIntent.status === 'succeeded' || setupIntent.status === 'canceled') {
    throw stripeErrors.invalidRequest(
      `You cannot cancel this SetupIntent because it has a status of ${setupIntent.status}.`,
      'setup_intent_unexpected_state',
    );
  }
  setupIntent.status = 'canceled';
  store.emit('setup_intent.canceled', setupIntent);
  return setupIntent;
}

export function setupIntentRoutes(store: FakeStripeStore): Route[] {
  return [
    route('POST', '/v1/setup_intents', ({ params }) => createSetupIntent(store, params)),
    route('GET', '/v1/setup_intents/:id', ({ params, path }) => {
      params.allowOnly(['expand', 'client_secret']);
      return setupIntentOf(store, path.id);
    }),
    route('POST', '/v1/setup_intents/:id/cancel', ({ params, path }) =>
      cancelSetupIntent(store, path.id, params),
    ),
  ];
}

/**
 * Test-control route (no API key, like the browser): what Stripe.js confirmSetup would do.
 * `POST /_fake/setup_intents/:id/confirm` with `client_secret`, optional `result=declined`, `charges_fail=true`.
 */
export function setupIntentControlRoutes(store: FakeStripeStore): Route[] {
  return [
    route('POST', '/_fake/setup_intents/:id/confirm', ({ params, path }) => {
      params.allowOnly(['client_secret', 'result', 'charges_fail']);
      const setupIntent = setupIntentOf(store, path.id);
      if (params.requiredString('client_secret') !== setupIntent.client_secret) {
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          message:
            'The client_secret provided does not match the client_secret associated with the SetupIntent.',
          param: 'client_secret',
        });
      }
      return confirmSetupIntent(store, path.id, {
        result: params.oneOf('result', ['succeeded', 'declined'] as const),
        chargesFail: params.boolean('charges_fail'),
      });
    }),
  ];
}
