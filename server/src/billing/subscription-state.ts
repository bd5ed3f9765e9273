/**
 * Reads a Stripe Subscription (from an API answer or a webhook body) into our `SubscriptionState`.
 * Since API 2025-03-31.basil the billing period lives on the subscription items, not on the
 * subscription; the plan comes from our price map, never from the provider's names.
 */
import type Stripe from 'stripe';
import type { SubscriptionState, SubscriptionStatus } from './billing-gateway.js';
import { planForPriceId, type BillingPrices } from './price-map.js';

function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

export function toSubscriptionState(
  subscription: Stripe.Subscription,
  prices: BillingPrices,
): SubscriptionState {
  const items = subscription.items.data;
  const price = items[0]?.price;
  const plan = price ? planForPriceId(prices, price.id) : null;
  const interval = price?.recurring?.interval;
  // Items of one subscription share the period; min/max guards against a mid-update snapshot.
  const starts = items.map((i) => i.current_period_start).filter((s) => typeof s === 'number');
  const ends = items.map((i) => i.current_period_end).filter((e) => typeof e === 'number');
  const monthOrYear = interval === 'month' ? 'month' : interval === 'year' ? 'year' : null;
  const periodEnd = ends.length > 0 ? Math.max(...ends) : null;
  // Newer Dashboard and portal cancellations set `cancel_at` to the period end instead of the flag.
  const cancelsAtPeriodEnd =
    subscription.cancel_at_period_end ||
    (subscription.cancel_at !== null && periodEnd !== null && subscription.cancel_at <= periodEnd);
  return {
    id: subscription.id,
    customerId:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status as SubscriptionStatus,
    priceId: price?.id ?? null,
    planId: plan?.planId ?? null,
    billingCycle:
      plan?.billingCycle ??
      (monthOrYear === 'month' ? 'monthly' : monthOrYear === 'year' ? 'yearly' : null),
    currentPeriodStart: fromUnix(starts.length > 0 ? Math.min(...starts) : null),
    currentPeriodEnd: fromUnix(periodEnd),
    cancelAtPeriodEnd: cancelsAtPeriodEnd,
    unitAmountCents: price?.unit_amount ?? null,
    interval: monthOrYear,
    cancellationReason: subscription.cancellation_details?.reason ?? null,
    scheduleId: typeof subscription.schedule === 'string' ? subscription.schedule : (subscription.schedule?.id ?? null),
    scheduledChange: null,
  };
}
