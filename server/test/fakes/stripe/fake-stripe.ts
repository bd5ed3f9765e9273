/**
 * Test-only: a local Stripe API (node:http on 127.0.0.1, random port) that real stripe-node talks
 * to, with the wire format and object shapes of the API version stripe-node 23 pins.
 *
 *   const fake = await FakeStripe.start({ prices: { price_pro_monthly: { unit_amount: 2900, recurring: { interval: 'month' } } } });
 *   const stripe = new Stripe(fake.apiKey, { ...fake.clientConfig(), maxNetworkRetries: 0 });
 *
 * Implemented: customers (create/retrieve/update/delete/list by email), payment methods
 * (retrieve/attach/detach), setup intents (create/retrieve/cancel), subscriptions
 * (create/retrieve/update/cancel/list, incl. cancel_at_period_end, proration_date, default tax
 * rates, automatic tax), prices (retrieve), invoices (retrieve/list/pay/create_preview), tax rates,
 * subscription schedules (create from a subscription/update/release; phases applied at renewals),
 * billing portal sessions (with a stand-in portal page at /_fake/portal/:id).
 * Control methods below stand in for the browser (confirmSetup) and for Stripe's clock.
 */
import { createCardPaymentMethod, customerRoutes } from './api/customers.js';
import { eventRoutes } from './api/events.js';
import { priceRoutes } from './api/prices.js';
import { FakeStripeHttp, type RecordedRequest } from './api/http-server.js';
import { invoiceOf, invoiceRoutes } from './api/invoices.js';
import {
  FAKE_STRIPE_API_VERSION,
  type WireCustomer,
  type WireDeletedCustomer,
  type WireEvent,
  type WireInvoice,
  type WirePaymentMethod,
  type WireSetupIntent,
  type WireSubscription,
} from './api/objects.js';
import {
  confirmSetupIntent,
  setupIntentControlRoutes,
  setupIntentRoutes,
  type ConfirmSetupOptions,
} from './api/setup-intents.js';
import { signStripePayload } from './api/signature.js';
import { buildEvent, FakeStripeStore, type PriceCatalogue } from './api/store.js';
import { billingPortalRoutes } from './api/billing-portal.js';
import {
  checkoutControlRoutes,
  checkoutRoutes,
  checkoutSessionOf,
  payCheckoutSession,
  type PayCheckoutOptions,
  type WireCharge,
  type WireCheckoutSession,
  type WireOneOffInvoice,
} from './api/checkout-sessions.js';
import { route } from './api/routes.js';
import { invoicePreviewRoutes } from './api/invoice-preview.js';
import { scheduleRoutes, scheduleOf } from './api/subscription-schedules.js';
import { taxRateRoutes } from './api/tax-rates.js';
import {
  advanceBillingPeriod,
  exhaustPaymentRetries,
  payInvoice,
  retryLatestInvoice,
  type RenewalResult,
} from './api/renewals.js';
import { subscriptionOf } from './api/subscription-parts.js';
import { subscriptionRoutes } from './api/subscriptions.js';

export { FAKE_STRIPE_API_VERSION };
export type { PriceCatalogue, FakePriceDefinition } from './api/store.js';
export type { RecordedRequest } from './api/http-server.js';
export type { ConfirmSetupOptions } from './api/setup-intents.js';
export type { PayCheckoutOptions, WireCheckoutSession, WireCharge } from './api/checkout-sessions.js';
export type {
  WireEvent,
  WireInvoice,
  WireSubscription,
  WireSetupIntent,
} from './api/objects.js';

export interface FakeStripeOptions {
  prices: PriceCatalogue;
  /** The only secret key the fake accepts. */
  apiKey?: string;
  /** Unix seconds; defaults to the real clock. */
  now?: () => number;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
}

export class FakeStripe {
  private constructor(
    private readonly store: FakeStripeStore,
    private readonly http: FakeStripeHttp,
    readonly apiKey: string,
    readonly port: number,
  ) {}

  static async start(options: FakeStripeOptions): Promise<FakeStripe> {
    const apiKey = options.apiKey ?? 'sk_test_fake_raumwerk';
    const store = new FakeStripeStore(options.prices, options.now);
    const http = new FakeStripeHttp({
      store,
      apiKey,
      apiRoutes: [
        ...customerRoutes(store),
        ...setupIntentRoutes(store),
        ...subscriptionRoutes(store),
        ...priceRoutes(store),
        ...invoicePreviewRoutes(store),
        ...taxRateRoutes(store),
        ...scheduleRoutes(store),
        ...billingPortalRoutes(store),
        ...invoiceRoutes(store, (invoice, paymentMethod) =>
          payInvoice(store, invoice, paymentMethod),
        ),
        ...eventRoutes(store),
        ...checkoutRoutes(store),
      ],
      controlRoutes: [
        ...setupIntentControlRoutes(store),
        ...checkoutControlRoutes(store),
        // Stripe's clock for browser journeys and screenshots (the same steps as the methods below).
        route('POST', '/_fake/subscriptions/:id/fail_next_payment', ({ path }) => {
          subscriptionOf(store, path.id);
          store.failNextChargeOf.add(path.id);
          return { ok: true };
        }),
        route('POST', '/_fake/subscriptions/:id/advance', ({ path }) => advanceBillingPeriod(store, path.id)),
      ],
    });
    const port = await http.listen(options.port ?? 0);
    store.baseUrl = `http://127.0.0.1:${port}`;
    return new FakeStripe(store, http, apiKey, port);
  }

  readonly apiVersion = FAKE_STRIPE_API_VERSION;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The stripe-node config keys that point a client here. */
  clientConfig() {
    return { host: '127.0.0.1', port: this.port, protocol: 'http' as const, telemetry: false };
  }

  close(): Promise<void> {
    return this.http.close();
  }

  // --- Inspection -------------------------------------------------------------------------

  /** Every request the fake answered, oldest first (params decoded). */
  get requests(): readonly RecordedRequest[] {
    return this.http.requests;
  }

  /** Events the fake generated, oldest first (what Stripe would deliver to a webhook endpoint). */
  get events(): readonly WireEvent[] {
    return this.store.events;
  }

  customers(): Array<WireCustomer | WireDeletedCustomer> {
    return structuredClone([...this.store.customers.values()]);
  }

  subscriptions(): WireSubscription[] {
    return structuredClone([...this.store.subscriptions.values()]);
  }

  subscription(id: string): WireSubscription {
    return structuredClone(subscriptionOf(this.store, id));
  }

  invoice(id: string): WireInvoice {
    return structuredClone(invoiceOf(this.store, id));
  }

  checkoutSession(id: string): WireCheckoutSession {
    return structuredClone(checkoutSessionOf(this.store, id).session);
  }

  /** The post-purchase invoice a paid Checkout Session with `invoice_creation` made. */
  oneOffInvoice(id: string): WireOneOffInvoice {
    const invoice = this.store.oneOffInvoices.get(id);
    if (!invoice) throw new Error(`fake-stripe: no one-off invoice ${id}`);
    return structuredClone(invoice);
  }

  charge(id: string): WireCharge {
    const charge = this.store.charges.get(id);
    if (!charge) throw new Error(`fake-stripe: no charge ${id}`);
    return structuredClone(charge);
  }

  /** What the customer does on the hosted Checkout page: pays (default) or is declined. */
  payCheckoutSession(id: string, options: PayCheckoutOptions = {}): WireCheckoutSession {
    return payCheckoutSession(this.store, id, options);
  }

  setupIntent(id: string): WireSetupIntent {
    const setupIntent = this.store.setupIntents.get(id);
    if (!setupIntent) throw new Error(`fake-stripe: no setup intent ${id}`);
    return structuredClone(setupIntent);
  }

  // --- Control ----------------------------------------------------------------------------

  /** What Stripe.js confirmSetup does: saves a card and marks the intent `succeeded` (or declines it). */
  confirmSetupIntent(id: string, options: ConfirmSetupOptions = {}): WireSetupIntent {
    return structuredClone(confirmSetupIntent(this.store, id, options));
  }

  /** A saved card on `customer`, as if set up earlier. `declines`: charges on it fail. */
  createPaymentMethod(options: { customer?: string; declines?: boolean } = {}): WirePaymentMethod {
    return structuredClone(createCardPaymentMethod(this.store, options));
  }

  /** While on, every charge fails with `card_declined` (subscription create answers 402). */
  declineCards(on = true) {
    this.store.declineAllCharges = on;
  }

  /** The next charge of this subscription (renewal, upgrade) fails once. */
  failNextPayment(subscriptionId: string) {
    subscriptionOf(this.store, subscriptionId);
    this.store.failNextChargeOf.add(subscriptionId);
  }

  /** Renews the subscription (new period, invoice paid or failed) or ends it if cancel_at_period_end. */
  advanceBillingPeriod(subscriptionId: string): RenewalResult {
    return structuredClone(advanceBillingPeriod(this.store, subscriptionId));
  }

  /** Retries the latest (open) invoice, as Smart Retries or an updated card would. */
  retryLatestInvoice(subscriptionId: string): WireInvoice {
    return structuredClone(retryLatestInvoice(this.store, subscriptionId));
  }

  /** Stripe gives up on a past_due subscription: it becomes `unpaid` or is canceled (`payment_failed`). */
  exhaustPaymentRetries(subscriptionId: string, outcome: 'canceled' | 'unpaid' = 'canceled'): WireSubscription {
    return structuredClone(exhaustPaymentRetries(this.store, subscriptionId, outcome));
  }

  /** A tax rate as if made in the Dashboard (same object as `POST /v1/tax_rates`); `id` fixes its id (a known one for the journeys' configuration). */
  createTaxRate(input: { displayName: string; percentage: number; inclusive?: boolean; country?: string; id?: string }) {
    const rate = {
      id: input.id ?? this.store.newId('txr'),
      object: 'tax_rate' as const,
      active: true,
      country: input.country ?? null,
      created: this.store.now(),
      description: null,
      display_name: input.displayName,
      effective_percentage: input.percentage,
      inclusive: input.inclusive ?? false,
      jurisdiction: null,
      livemode: false as const,
      metadata: {},
      percentage: input.percentage,
      state: null,
      tax_type: 'vat',
    };
    this.store.taxRates.set(rate.id, rate);
    return structuredClone(rate);
  }

  subscriptionSchedule(id: string) {
    return structuredClone(scheduleOf(this.store, id));
  }

  /** The next `count` API requests fail with `status` (default 500) and an `api_error` envelope. */
  failNextRequests(count = 1, status = 500) {
    this.http.failNextRequests(count, status);
  }

  /** An event envelope for `object`, in the pinned API version (not added to `events`). */
  buildEvent<T>(
    type: string,
    object: T,
    previousAttributes?: Record<string, unknown>,
  ): WireEvent<T> {
    return buildEvent(
      this.store.newId('evt'),
      this.store.now(),
      type,
      structuredClone(object),
      previousAttributes,
    );
  }

  /** The `Stripe-Signature` header for `payload`, computed exactly as Stripe does. */
  signEvent(payload: string | Buffer, secret: string, timestamp?: number): string {
    return signStripePayload(payload, secret, timestamp);
  }
}
