/**
 * The fake's whole state: objects by id (stored in their wire shape and cloned on the way out),
 * the event log, the clock and the test switches. Resource modules hold the behaviour.
 */
import { randomBytes } from 'node:crypto';
import type { WireCharge, WireOneOffInvoice, WireOneTimePrice, WirePaymentIntent, WireRefund } from './checkout-sessions.js';
import type { RecurringInterval } from './billing-periods.js';
import {
  FAKE_STRIPE_API_VERSION,
  type WireCustomer,
  type WireDeletedCustomer,
  type WireEvent,
  type WireInvoice,
  type WirePaymentMethod,
  type WirePlan,
  type WirePrice,
  type WireBillingPortalSession,
  type WireSetupIntent,
  type WireSubscription,
  type WireSubscriptionSchedule,
  type WireTaxRate,
} from './objects.js';

/** One entry of the price catalogue the fake is built with, keyed by price id. */
export interface FakePriceDefinition {
  unit_amount: number;
  /** Absent for a one-time price (credit packs, Checkout in `payment` mode). */
  recurring?: { interval: RecurringInterval; interval_count?: number };
  currency?: string;
  product?: string;
  nickname?: string;
}

export type PriceCatalogue = Record<string, FakePriceDefinition>;

export interface PendingProration {
  subscriptionItem: string;
  price: WirePrice;
  amount: number;
  description: string;
  period: { start: number; end: number };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export class FakeStripeStore {
  readonly customers = new Map<string, WireCustomer | WireDeletedCustomer>();
  readonly paymentMethods = new Map<string, WirePaymentMethod>();
  readonly setupIntents = new Map<string, WireSetupIntent>();
  readonly subscriptions = new Map<string, WireSubscription>();
  readonly invoices = new Map<string, WireInvoice>();
  readonly prices = new Map<string, WirePrice>();
  readonly taxRates = new Map<string, WireTaxRate>();
  readonly schedules = new Map<string, WireSubscriptionSchedule>();
  readonly portalSessions = new Map<string, WireBillingPortalSession>();
  readonly events: WireEvent[] = [];
  /** One-time prices (no `recurring`), kept apart: subscriptions only ever see recurring ones. */
  readonly oneTimePrices = new Map<string, WireOneTimePrice>();
  readonly checkoutSessions = new Map<string, unknown>();
  readonly paymentIntents = new Map<string, WirePaymentIntent>();
  readonly charges = new Map<string, WireCharge>();
  readonly refunds = new Map<string, WireRefund>();
  readonly oneOffInvoices = new Map<string, WireOneOffInvoice>();

  /** Test switches: every charge fails while set. */
  declineAllCharges = false;
  /** Payment methods that attach fine but whose charges fail (like test card 4000 0000 0000 0341). */
  readonly decliningPaymentMethods = new Set<string>();
  /** Subscriptions whose next charge fails once. */
  readonly failNextChargeOf = new Set<string>();
  /** Prorations from `proration_behavior=create_prorations`, billed with the next renewal invoice. */
  readonly pendingProrations = new Map<string, PendingProration[]>();

  /** `http://127.0.0.1:<port>`, set once the server listens (portal session urls point here). */
  baseUrl = 'http://127.0.0.1';

  private invoiceSequence = 0;

  constructor(
    catalogue: PriceCatalogue,
    /** Unix seconds; injectable so tests can pin time. */
    readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    for (const [id, definition] of Object.entries(catalogue)) {
      if (definition.recurring) this.prices.set(id, this.wirePrice(id, { ...definition, recurring: definition.recurring }));
      else this.oneTimePrices.set(id, this.oneTimePrice(id, definition));
    }
  }

  newId(prefix: string, length = 24): string {
    const bytes = randomBytes(length);
    let id = '';
    for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
    return `${prefix}_${id}`;
  }

  nextInvoiceNumber(customer: WireCustomer): string {
    this.invoiceSequence++;
    customer.next_invoice_sequence++;
    return `${customer.invoice_prefix}-${String(this.invoiceSequence).padStart(4, '0')}`;
  }

  /** Records an event with a snapshot of `object`, the way Stripe renders it at creation time. */
  emit<T>(type: string, object: T, previousAttributes?: Record<string, unknown>): WireEvent<T> {
    const event = buildEvent(
      this.newId('evt'),
      this.now(),
      type,
      structuredClone(object),
      previousAttributes,
    );
    this.events.push(event);
    return event;
  }

  /** Any stored object by id, for `expand[]`. Ids carry their type in the prefix. */
  findById(id: string): object | undefined {
    if (id.startsWith('sub_sched_')) return this.schedules.get(id);
    const prefix = id.slice(0, id.indexOf('_'));
    switch (prefix) {
      case 'cus':
        return this.customers.get(id);
      case 'pm':
        return this.paymentMethods.get(id);
      case 'seti':
        return this.setupIntents.get(id);
      case 'sub':
        return this.subscriptions.get(id);
      case 'in':
        return this.invoices.get(id);
      case 'txr':
        return this.taxRates.get(id);
      case 'evt':
        return this.events.find((e) => e.id === id);
      case 'pi':
        return this.paymentIntents.get(id);
      case 'ch':
        return this.charges.get(id);
      default:
        return this.prices.get(id) ?? this.oneTimePrices.get(id);
    }
  }

  plan(price: WirePrice): WirePlan {
    return {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: price.recurring.interval,
      interval_count: price.recurring.interval_count,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: price.nickname,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  private oneTimePrice(id: string, definition: FakePriceDefinition): WireOneTimePrice {
    return {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: definition.currency ?? 'eur',
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: definition.nickname ?? null,
      product: definition.product ?? `prod_${id.replace(/^price_/, '')}`,
      recurring: null,
      tax_behavior: 'unspecified',
      type: 'one_time',
      unit_amount: definition.unit_amount,
      unit_amount_decimal: String(definition.unit_amount),
    };
  }

  private wirePrice(id: string, definition: FakePriceDefinition & { recurring: NonNullable<FakePriceDefinition['recurring']> }): WirePrice {
    return {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: definition.currency ?? 'eur',
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: definition.nickname ?? null,
      product: definition.product ?? `prod_${id.replace(/^price_/, '')}`,
      recurring: {
        interval: definition.recurring.interval,
        interval_count: definition.recurring.interval_count ?? 1,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: definition.unit_amount,
      unit_amount_decimal: String(definition.unit_amount),
    };
  }
}

export function buildEvent<T>(
  id: string,
  created: number,
  type: string,
  object: T,
  previousAttributes?: Record<string, unknown>,
): WireEvent<T> {
  return {
    id,
    object: 'event',
    api_version: FAKE_STRIPE_API_VERSION,
    created,
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The top-level fields that changed, with their old values (`data.previous_attributes`). */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const key of Object.keys(now)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) changed[key] = old[key];
  }
  return changed;
}
