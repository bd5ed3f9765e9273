/**
 * Wire shapes of the objects the fake serves, following the API version stripe-node 23 pins
 * (`2026-10-28.endive`, read from node_modules/stripe/esm/resources/*.d.ts):
 * - Subscription has no `current_period_*`; each subscription item carries its own period.
 * - Invoice has no `subscription`, `paid`, `payment_intent` or `charge`; the subscription is at
 *   `parent.subscription_details.subscription`, lines use `pricing` and `parent`.
 * - SetupIntent creation takes `allowed_payment_method_types`, not `payment_method_types`.
 * `unit_amount_decimal` is a decimal string on the wire (stripe-node turns it into a Decimal).
 * Only the fields a billing integration reads are modelled; the rest of each object is omitted.
 */
import type { RecurringInterval } from './billing-periods.js';
import type { Metadata } from './params.js';

export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

export interface WireList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface WireCustomer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface WireDeletedCustomer {
  id: string;
  object: 'customer';
  deleted: true;
}

export interface WirePaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified' | 'always' | 'limited';
  billing_details: {
    address: {
      city: null;
      country: null;
      line1: null;
      line2: null;
      postal_code: null;
      state: null;
    };
    email: string | null;
    name: string | null;
    phone: null;
    tax_id: null;
  };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' };
    country: string;
    display_brand: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: 'credit';
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    regulated_status: 'unregulated';
    three_d_secure_usage: { supported: boolean };
    wallet: null;
  };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface WireSetupIntent {
  id: string;
  object: 'setup_intent';
  allowed_payment_method_types: string[] | null;
  application: null;
  automatic_payment_methods: { allow_redirects: 'always' | 'never'; enabled: boolean } | null;
  cancellation_reason: null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  excluded_payment_method_types: null;
  flow_directions: null;
  last_setup_error: {
    code: string;
    decline_code: string;
    message: string;
    type: 'card_error';
    payment_method: WirePaymentMethod | null;
  } | null;
  latest_attempt: string | null;
  livemode: false;
  mandate: null;
  metadata: Metadata;
  /** Set while `requires_action` (a card that needs 3-D Secure): what Stripe.js must do next. */
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect'; stripe_js: string } } | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: {
    card: { mandate_options: null; network: null; request_three_d_secure: 'automatic' };
  };
  payment_method_types: string[];
  single_use_mandate: null;
  status: SetupIntentStatus;
  usage: 'off_session' | 'on_session';
}

export interface WirePrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: RecurringInterval;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  };
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

/** The legacy Plan object Stripe still embeds next to `price` on subscription items. */
export interface WirePlan {
  id: string;
  object: 'plan';
  active: boolean;
  amount: number;
  amount_decimal: string;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  interval: RecurringInterval;
  interval_count: number;
  livemode: false;
  metadata: Metadata;
  meter: null;
  nickname: string | null;
  product: string;
  tiers_mode: null;
  transform_usage: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

export interface WireSubscriptionItem {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  current_trial: null;
  discounts: string[];
  metadata: Metadata;
  plan: WirePlan;
  price: WirePrice;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export type SubscriptionStatus =
  | 'active'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'past_due'
  | 'paused'
  | 'trialing'
  | 'unpaid';

export interface WireSubscription {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: null;
  automatic_tax: { disabled_reason: null; enabled: boolean; liability: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: {
    comment: string | null;
    feedback: string | null;
    reason: 'cancellation_requested' | 'payment_disputed' | 'payment_failed' | null;
  };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_account: null;
  days_until_due: null;
  default_payment_method: string | null;
  default_source: null;
  /** Tax rates copied to every invoice of the subscription (full objects, as Stripe renders them). */
  default_tax_rates: WireTaxRate[];
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; issuer: { type: 'self' } };
  items: WireList<WireSubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  payment_settings: {
    payment_method_options: null;
    payment_method_types: null;
    save_default_payment_method: 'off' | 'on_subscription';
  };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: string | null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  transfer_data: null;
  trial_end: null;
  trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } };
  trial_start: null;
}

export type InvoiceBillingReason =
  'subscription_create' | 'subscription_cycle' | 'subscription_update';

export interface WireInvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: [];
  discountable: boolean;
  discounts: string[];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: string | null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { end: number; start: number };
  pretax_credit_amounts: [];
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
  quantity_decimal: string;
  subscription: string;
  subtotal: number;
  taxes: WireInvoiceTax[];
}

export interface WireInvoice {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  automatic_tax: {
    disabled_reason: null;
    enabled: boolean;
    liability: null;
    provider: null;
    status: null | 'complete';
  };
  billing_reason: InvoiceBillingReason;
  collection_method: 'charge_automatically';
  /** Includable only (`expand[]=latest_invoice.confirmation_secret`); absent otherwise. */
  confirmation_secret?: { client_secret: string; type: 'payment_intent' } | null;
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: string | null;
  description: null;
  discounts: string[];
  due_date: null;
  effective_at: number | null;
  ending_balance: number | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  last_finalization_error: null;
  lines: WireList<WireInvoiceLine>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: null;
  };
  subtotal: number;
  subtotal_excluding_tax: number;
  total: number;
  total_excluding_tax: number;
  total_taxes: WireInvoiceTax[];
  webhooks_delivered_at: number | null;
}

/** `POST /v1/tax_rates` (AB/billing reference §1.6). */
export interface WireTaxRate {
  id: string;
  object: 'tax_rate';
  active: boolean;
  country: string | null;
  created: number;
  description: string | null;
  display_name: string;
  effective_percentage: number;
  inclusive: boolean;
  jurisdiction: string | null;
  livemode: false;
  metadata: Metadata;
  percentage: number;
  state: string | null;
  tax_type: string | null;
}

/** One entry of `invoice.total_taxes[]` / `line.taxes[]` (basil and later). */
export interface WireInvoiceTax {
  amount: number;
  tax_behavior: 'exclusive' | 'inclusive';
  tax_rate_details: { tax_rate: string };
  taxability_reason: string;
  taxable_amount: number;
  type: 'tax_rate_details';
}

export interface WireBillingPortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface WireSchedulePhase {
  start_date: number;
  end_date: number | null;
  items: Array<{ price: string; quantity: number; metadata: Metadata; tax_rates: WireTaxRate[] }>;
  proration_behavior: 'create_prorations' | 'always_invoice' | 'none';
  billing_cycle_anchor: 'phase_start' | 'automatic' | null;
  default_tax_rates: WireTaxRate[];
  metadata: Metadata;
}

export interface WireSubscriptionSchedule {
  id: string;
  object: 'subscription_schedule';
  canceled_at: number | null;
  completed_at: number | null;
  created: number;
  current_phase: { start_date: number; end_date: number } | null;
  customer: string;
  end_behavior: 'release' | 'cancel';
  livemode: false;
  metadata: Metadata;
  phases: WireSchedulePhase[];
  released_at: number | null;
  released_subscription: string | null;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  subscription: string | null;
}

export interface WireEvent<T = unknown> {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: T; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export function wireList<T>(data: T[], url: string, hasMore = false): WireList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}
