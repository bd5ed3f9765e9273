/**
 * `BillingGateway` on stripe-node: SetupIntent first (the browser saves a card with the Payment
 * Element), then the server creates the subscription off-session with that card, so a decline
 * surfaces as an error on our request instead of an `incomplete` subscription.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import {
  BILLABLE_STATUSES,
  BillingGatewayError,
  type BillingCustomerInput,
  type BillingGateway,
  type SetupIntentState,
  type StripeEventLike,
  type SubscriptionState,
} from './billing-gateway.js';
import { planStep } from './plan-change-rule.js';
import { assertBillingPrices, planForPriceId, type BillingPrices } from './price-map.js';
import { isResourceMissing, toBillingGatewayError } from './stripe-errors.js';
import { toSubscriptionState } from './subscription-state.js';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeGatewayOptions {
  secretKey: string;
  /** `whsec_...`; without it `verifyWebhook` refuses every event. */
  webhookSecret?: string;
  /** Another API origin, e.g. `http://127.0.0.1:4567` for the fake. Defaults to api.stripe.com. */
  apiUrl?: string;
  prices: BillingPrices;
  /** stripe-node retries connection errors, 409 and 5xx with the same idempotency key. Tests use 0. */
  maxNetworkRetries?: number;
  /** Per request; stripe-node's own default (80 s) is too long for a checkout click. */
  timeoutMs?: number;
  /** VAT (decision 018): a tax rate on every subscription, or Stripe Tax. At most one of them. */
  tax?: { rateId?: string; automatic?: boolean };
  /** `bpc_...` portal configuration; omitted = the account's default one. */
  portalConfigurationId?: string;
}

/** `http://127.0.0.1:4567` -> the `host`/`port`/`protocol` config stripe-node accepts. */
export function stripeConnectionConfig(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STRIPE_API_URL must be an http(s) URL, got ${apiUrl}`);
  }
  if (url.pathname !== '/' || url.search)
    throw new Error(`STRIPE_API_URL must be an origin without a path, got ${apiUrl}`);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Stable per user, details and the customer being replaced, so a retried "create customer" does
 * not make a second one, while replacing a deleted customer does not replay its creation.
 */
function customerIdempotencyKey(user: BillingCustomerInput): string {
  const digest = createHash('sha256')
    .update([user.email, user.name ?? '', user.stripeCustomerId ?? ''].join('\n'))
    .digest('hex')
    .slice(0, 16);
  return `raumwerk-customer-${user.id}-${digest}`;
}

export function createStripeGateway(options: StripeGatewayOptions): BillingGateway {
  const prices = assertBillingPrices(options.prices);
  const stripe = new Stripe(options.secretKey, {
    ...stripeConnectionConfig(options.apiUrl),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 30_000,
    telemetry: false,
    appInfo: { name: 'Raumwerk' },
  });

  /** Every provider call goes through here so callers only ever see BillingGatewayError. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toBillingGatewayError(error);
    }
  }

  const toState = (subscription: Stripe.Subscription) => toSubscriptionState(subscription, prices);
  const taxRateIds = options.tax?.rateId ? [options.tax.rateId] : [];
  const automaticTax = Boolean(options.tax?.automatic);
  /** The tax settings every subscription carries (decision 018). */
  const taxParams = (): Pick<Stripe.SubscriptionCreateParams, 'default_tax_rates' | 'automatic_tax'> =>
    automaticTax ? { automatic_tax: { enabled: true } } : taxRateIds.length > 0 ? { default_tax_rates: taxRateIds } : {};

  /** The phase after the current one of an attached schedule: the change waiting for the renewal. */
  async function withScheduledChange(subscription: Stripe.Subscription): Promise<SubscriptionState> {
    const state = toState(subscription);
    if (!state.scheduleId) return state;
    const schedule = await call(() => stripe.subscriptionSchedules.retrieve(state.scheduleId!));
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return { ...state, scheduleId: null };
    const periodEnd = state.currentPeriodEnd ? state.currentPeriodEnd.getTime() / 1000 : 0;
    const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
    const price = next?.items[0]?.price;
    const priceId = typeof price === 'string' ? price : (price?.id ?? null);
    if (!next || !priceId || priceId === state.priceId) return state;
    const plan = planForPriceId(prices, priceId);
    return {
      ...state,
      scheduledChange: { priceId, planId: plan?.planId ?? null, billingCycle: plan?.billingCycle ?? null, at: new Date(next.start_date * 1000) },
    };
  }

  function assertOurPrice(priceId: string) {
    if (!planForPriceId(prices, priceId)) {
      throw new BillingGatewayError(
        'configuration',
        `Price ${priceId} is not one of the configured plan prices.`,
      );
    }
  }

  async function existingCustomer(customerId: string): Promise<Stripe.Customer | null> {
    try {
      const customer = await stripe.customers.retrieve(customerId);
      return customer.deleted ? null : customer;
    } catch (error) {
      if (isResourceMissing(error)) return null; // e.g. deleted in the Dashboard, or a test-mode id
      throw toBillingGatewayError(error);
    }
  }

  return {
    async ensureCustomer(user) {
      if (user.stripeCustomerId) {
        const customer = await existingCustomer(user.stripeCustomerId);
        if (customer) {
          const name = user.name ?? undefined;
          if (customer.email !== user.email || (name !== undefined && customer.name !== name)) {
            // Receipts go to the address the user has now.
            await call(() => stripe.customers.update(customer.id, { email: user.email, name }));
          }
          return customer.id;
        }
      }
      const created = await call(() =>
        stripe.customers.create(
          { email: user.email, name: user.name ?? undefined, metadata: { userId: user.id } },
          { idempotencyKey: customerIdempotencyKey(user) },
        ),
      );
      return created.id;
    },

    async createSetupIntent(customerId, meta) {
      const setupIntent = await call(() =>
        stripe.setupIntents.create({
          customer: customerId,
          // The card is charged later by the subscription, without the customer present.
          usage: 'off_session',
          automatic_payment_methods: { enabled: true },
          metadata: { userId: meta.userId, planId: meta.planId, billingCycle: meta.billingCycle },
        }),
      );
      if (!setupIntent.client_secret) {
        throw new BillingGatewayError(
          'unavailable',
          'The payment provider returned no client secret.',
        );
      }
      return { id: setupIntent.id, clientSecret: setupIntent.client_secret };
    },

    async retrieveSetupIntent(id): Promise<SetupIntentState> {
      const setupIntent = await call(() => stripe.setupIntents.retrieve(id));
      return {
        id: setupIntent.id,
        customerId: idOf(setupIntent.customer),
        status: setupIntent.status as SetupIntentState['status'],
        paymentMethodId: idOf(setupIntent.payment_method),
        metadata: { ...(setupIntent.metadata ?? {}) },
      };
    },

    async createSubscription(input) {
      assertOurPrice(input.priceId);
      const subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price: input.priceId }],
            default_payment_method: input.paymentMethodId,
            off_session: true,
            // A failed first payment answers 402 and creates nothing (no `incomplete` leftovers).
            payment_behavior: 'error_if_incomplete',
            metadata: input.metadata,
            ...taxParams(),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toState(subscription);
    },

    async retrieveSubscription(id) {
      return withScheduledChange(await call(() => stripe.subscriptions.retrieve(id)));
    },

    async upgradeSubscription(id, priceId, changeOptions = {}) {
      assertOurPrice(priceId);
      const current = await call(() => stripe.subscriptions.retrieve(id));
      const item = current.items.data[0];
      if (!item)
        throw new BillingGatewayError('invalid_request', `Subscription ${id} has no items.`);
      // The one rule (decision 031) at the provider's door: only upgrades are swapped now.
      const from = planForPriceId(prices, item.price.id);
      const to = planForPriceId(prices, priceId)!;
      const step = from ? planStep({ plan: from.planId, billingCycle: from.billingCycle }, { plan: to.planId, billingCycle: to.billingCycle }) : null;
      if (step?.kind !== 'upgrade') {
        throw new BillingGatewayError(
          'invalid_request',
          `Only upgrades change a subscription at once (${item.price.id} → ${priceId}); downgrades are scheduled for the renewal.`,
        );
      }
      const updated = await call(() =>
        stripe.subscriptions.update(id, {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: 'always_invoice',
          // The moment the preview was computed for, so the charge equals what the user saw.
          ...(changeOptions.prorationDate ? { proration_date: changeOptions.prorationDate } : {}),
          ...taxParams(),
          // If the difference cannot be charged, the plan stays as it was.
          payment_behavior: 'error_if_incomplete',
          // Choosing a plan again means the customer wants to keep the subscription.
          cancel_at_period_end: false,
        }),
      );
      return toState(updated);
    },

    async previewChange(input) {
      assertOurPrice(input.priceId);
      const prorationDate = Math.floor(Date.now() / 1000);
      let preview: Stripe.Invoice;
      if (input.subscriptionId) {
        const subscriptionId = input.subscriptionId;
        const current = await call(() => stripe.subscriptions.retrieve(subscriptionId));
        const item = current.items.data[0];
        if (!item) throw new BillingGatewayError('invalid_request', `Subscription ${subscriptionId} has no items.`);
        preview = await call(() =>
          stripe.invoices.createPreview({
            customer: input.customerId,
            subscription: subscriptionId,
            subscription_details: {
              items: [{ id: item.id, price: input.priceId }],
              proration_behavior: 'always_invoice',
              proration_date: prorationDate,
              ...(taxRateIds.length > 0 ? { default_tax_rates: taxRateIds } : {}),
            },
            ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
          }),
        );
      } else {
        preview = await call(() =>
          stripe.invoices.createPreview({
            customer: input.customerId,
            subscription_details: { items: [{ price: input.priceId }], ...(taxRateIds.length > 0 ? { default_tax_rates: taxRateIds } : {}) },
            ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
          }),
        );
      }
      const taxCents = (preview.total_taxes ?? []).filter((t) => t.tax_behavior === 'exclusive').reduce((sum, t) => sum + t.amount, 0);
      // Billing reference §1.3: with always_invoice, the amount due now is the proration lines (plus their tax).
      const prorations = preview.lines.data.filter((line) => line.parent?.subscription_item_details?.proration);
      const hasProrations = input.subscriptionId !== null && prorations.length > 0 && prorations.length === preview.lines.data.length;
      const dueNow = hasProrations
        ? prorations.reduce((sum, line) => sum + line.amount + (line.taxes ?? []).filter((t) => t.tax_behavior === 'exclusive').reduce((s, t) => s + t.amount, 0), 0)
        : preview.amount_due;
      return {
        amountDueNowCents: Math.max(0, dueNow),
        subtotalCents: preview.subtotal,
        taxCents,
        totalCents: preview.total,
        currency: preview.currency,
        prorationDate,
      };
    },

    async scheduleDowngrade(id, priceId) {
      assertOurPrice(priceId);
      const current = await call(() => stripe.subscriptions.retrieve(id));
      const scheduleId =
        (typeof current.schedule === 'string' ? current.schedule : current.schedule?.id) ??
        (await call(() => stripe.subscriptionSchedules.create({ from_subscription: id }))).id;
      const schedule = await call(() => stripe.subscriptionSchedules.retrieve(scheduleId));
      const now = Date.now() / 1000;
      const phase = schedule.phases.find((p) => p.start_date <= now && (p.end_date ?? Infinity) > now);
      const item = current.items.data[0];
      if (!item) throw new BillingGatewayError('invalid_request', `Subscription ${id} has no items.`);
      const start = phase?.start_date ?? item.current_period_start;
      const end = item.current_period_end;
      const next = planForPriceId(prices, priceId);
      const nextInterval = next?.billingCycle === 'yearly' ? 'year' : 'month';
      await call(() =>
        stripe.subscriptionSchedules.update(scheduleId, {
          end_behavior: 'release',
          phases: [
            { items: [{ price: item.price.id, quantity: item.quantity ?? 1 }], start_date: start, end_date: end },
            // One period of the new price, then the schedule releases and the subscription renews on it.
            { items: [{ price: priceId, quantity: 1 }], proration_behavior: 'none', duration: { interval: nextInterval, interval_count: 1 } },
          ],
        }),
      );
      return withScheduledChange(await call(() => stripe.subscriptions.retrieve(id)));
    },

    async releaseSchedule(scheduleId) {
      await call(() => stripe.subscriptionSchedules.release(scheduleId));
    },

    async createOneOffCheckout(input) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer: input.customerId,
            line_items: [{ price: input.priceId, quantity: 1, ...(!automaticTax && taxRateIds.length > 0 ? { tax_rates: taxRateIds } : {}) }],
            ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
            // A paid invoice with the VAT, like the subscriptions' (decision 018): in the customer portal and by mail.
            invoice_creation: { enabled: true, invoice_data: { metadata: input.metadata } },
            payment_intent_data: { metadata: input.metadata },
            metadata: input.metadata,
            client_reference_id: input.metadata.poolUserId,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            locale: input.locale,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new BillingGatewayError('unavailable', 'The payment provider returned no checkout page.');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      const session = await call(() => stripe.checkout.sessions.retrieve(id));
      return {
        id: session.id,
        mode: session.mode,
        status: session.status ?? 'open',
        paymentStatus: session.payment_status,
        customerId: idOf(session.customer),
        paymentIntentId: idOf(session.payment_intent),
        invoiceId: idOf(session.invoice),
        amountTotalCents: session.amount_total ?? 0,
        amountTaxCents: session.total_details?.amount_tax ?? 0,
        currency: session.currency ?? 'eur',
        metadata: { ...(session.metadata ?? {}) },
      };
    },

    async createPortalSession(customerId, returnUrl, locale) {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          locale,
          ...(options.portalConfigurationId ? { configuration: options.portalConfigurationId } : {}),
        }),
      );
      return session.url;
    },

    async cancelSubscription(id, cancelOptions = {}) {
      if (cancelOptions.atPeriodEnd) {
        return toState(
          await call(() => stripe.subscriptions.update(id, { cancel_at_period_end: true })),
        );
      }
      try {
        return toState(await stripe.subscriptions.cancel(id));
      } catch (error) {
        // Canceling twice is not an error for us: report the (already canceled) state.
        const current = await call(() => stripe.subscriptions.retrieve(id));
        if (current.status === 'canceled') return toState(current);
        throw toBillingGatewayError(error);
      }
    },

    async resumeSubscription(id) {
      return toState(
        await call(() => stripe.subscriptions.update(id, { cancel_at_period_end: false })),
      );
    },

    async listActiveSubscriptions() {
      return call(async () => {
        const states: SubscriptionState[] = [];
        // The default list leaves out canceled subscriptions; auto-pagination follows `has_more`.
        for await (const subscription of stripe.subscriptions.list({ limit: 100 })) {
          if ((BILLABLE_STATUSES as readonly string[]).includes(subscription.status))
            states.push(toState(subscription));
        }
        return states;
      });
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret) {
        throw new BillingGatewayError(
          'configuration',
          'STRIPE_WEBHOOK_SECRET is not set; webhooks cannot be verified.',
        );
      }
      if (!signatureHeader)
        throw new BillingGatewayError('invalid_signature', 'Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        throw new BillingGatewayError(
          'invalid_signature',
          `Webhook signature rejected: ${reason}`,
          {},
          { cause: error },
        );
      }
      return event as unknown as StripeEventLike;
    },
  };
}
