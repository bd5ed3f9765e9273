/**
 * What the billing services need from the payment provider, with no Stripe types leaking out.
 * `stripe-gateway.ts` implements it with stripe-node; tests of services can implement it directly.
 */
import type { BillingCycle } from '../../../contract/plans.js';
import type { PaidPlanId } from './price-map.js';

export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'paused'
  | 'incomplete'
  | 'incomplete_expired'
  | 'canceled';

/** Statuses that still bill the customer (and count towards MRR). */
export const BILLABLE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export interface SubscriptionState {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  priceId: string | null;
  /** From our own price map; null for a price we do not sell (never trusted from the client). */
  planId: PaidPlanId | null;
  billingCycle: BillingCycle | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  unitAmountCents: number | null;
  interval: 'month' | 'year' | null;
  /** `cancellation_details.reason`: `payment_failed` when Stripe gave up collecting. */
  cancellationReason: string | null;
  /** The attached subscription schedule (a downgrade waiting for the renewal), if any. */
  scheduleId: string | null;
  /** The price a schedule switches to at `scheduledAt` (filled by `retrieveSubscription`). */
  scheduledChange: { priceId: string; planId: PaidPlanId | null; billingCycle: BillingCycle | null; at: Date } | null;
}

/** What a plan change (or a first subscription) would bill, from the provider's invoice preview. */
export interface ChangePreview {
  /** Charged at once: the proration lines (upgrade) or the whole first invoice (new subscription), tax included. */
  amountDueNowCents: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  /** Unix seconds the prorations were computed for; pass it to the change so it bills the same. */
  prorationDate: number;
}

export interface SetupIntentState {
  id: string;
  customerId: string | null;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  paymentMethodId: string | null;
  metadata: Record<string, string>;
}

/** A verified webhook event in Stripe's own envelope; `data.object` is the object as Stripe sent it. */
export interface StripeEventLike {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string | null;
  livemode: boolean;
  data: {
    object: { id?: string; object?: string } & Record<string, unknown>;
    previous_attributes?: Record<string, unknown>;
  };
}

export interface BillingCustomerInput {
  id: string;
  email: string;
  name?: string | null;
  stripeCustomerId?: string | null;
}

export interface CreateSubscriptionInput {
  customerId: string;
  priceId: string;
  paymentMethodId: string;
  metadata: Record<string, string>;
  /** Same key, same request -> the same subscription (safe to retry a checkout). */
  idempotencyKey: string;
}

/** A one-off purchase (a credit pack) through Stripe Checkout in `payment` mode (decision 061). */
export interface OneOffCheckoutInput {
  customerId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  locale: 'de' | 'en';
  /** On the session and its PaymentIntent; the webhook reads the session's. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A Checkout Session as the credit-pack webhook needs it. */
export interface CheckoutSessionState {
  id: string;
  mode: string;
  status: 'open' | 'complete' | 'expired' | string;
  /** Only `paid` grants anything. */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required' | string;
  customerId: string | null;
  paymentIntentId: string | null;
  invoiceId: string | null;
  amountTotalCents: number;
  amountTaxCents: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface BillingGateway {
  /** A hosted Checkout page for a one-time price (with VAT and a post-purchase invoice); its URL and id. */
  createOneOffCheckout(input: OneOffCheckoutInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionState>;
  /** The provider customer for this user: the stored one if it still exists, else a new one. */
  ensureCustomer(user: BillingCustomerInput): Promise<string>;
  createSetupIntent(
    customerId: string,
    meta: { userId: string; planId: PaidPlanId; billingCycle: BillingCycle },
  ): Promise<{ id: string; clientSecret: string }>;
  retrieveSetupIntent(id: string): Promise<SetupIntentState>;
  /** Charges the first period at once; a declined card throws `BillingGatewayError` kind `card_declined`. */
  createSubscription(input: CreateSubscriptionInput): Promise<SubscriptionState>;
  retrieveSubscription(id: string): Promise<SubscriptionState>;
  /**
   * An upgrade (decision 031): the item's price swapped now, the prorated difference invoiced and
   * charged at once (`always_invoice`, a decline throws `card_declined` and changes nothing).
   * Refuses (`invalid_request`) any swap that is not an upgrade: downgrades go through `scheduleDowngrade`.
   */
  upgradeSubscription(id: string, priceId: string, options?: { prorationDate?: number }): Promise<SubscriptionState>;
  /** Invoice preview of moving `subscriptionId` to `priceId` now (always_invoice), or of a new subscription when null. */
  previewChange(input: { customerId: string; subscriptionId: string | null; priceId: string }): Promise<ChangePreview>;
  /** Keeps the current price until the period ends, then `priceId` (a subscription schedule). */
  scheduleDowngrade(id: string, priceId: string): Promise<SubscriptionState>;
  /** Drops a pending scheduled change (releases the schedule); the subscription stays as it is. */
  releaseSchedule(scheduleId: string): Promise<void>;
  /** A Billing Portal session for the customer; the returned URL is short-lived. */
  createPortalSession(customerId: string, returnUrl: string, locale: 'de' | 'en'): Promise<string>;
  /** Immediately by default; `atPeriodEnd` keeps access until the paid period ends. */
  cancelSubscription(id: string, options?: { atPeriodEnd?: boolean }): Promise<SubscriptionState>;
  /** Undoes a cancellation scheduled for the period end. */
  resumeSubscription(id: string): Promise<SubscriptionState>;
  /** Every subscription in a billable status (active, trialing, past_due), for MRR. */
  listActiveSubscriptions(): Promise<SubscriptionState[]>;
  /** Throws `BillingGatewayError` kind `invalid_signature` on a bad, missing or stale (> 300 s) signature. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): StripeEventLike;
}

export type BillingErrorKind =
  /** The card was declined or needs the customer; `message` is the provider's text, fit for users. */
  | 'card_declined'
  | 'invalid_request'
  | 'not_found'
  | 'idempotency_conflict'
  /** Our API key was rejected or lacks permission. */
  | 'authentication'
  | 'rate_limited'
  /** Network failure or provider outage: worth retrying later. */
  | 'unavailable'
  | 'invalid_signature'
  /** Billing is misconfigured on our side (missing secret, price not in our map). */
  | 'configuration';

export class BillingGatewayError extends Error {
  constructor(
    readonly kind: BillingErrorKind,
    message: string,
    readonly details: {
      providerCode?: string;
      declineCode?: string;
      param?: string;
      statusCode?: number;
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BillingGatewayError';
  }
}
