/**
 * How an account follows the provider's subscription. Webhook handlers re-fetch the subscription
 * and call `syncWithSubscription` with its current state, so events arriving late, twice or out of
 * order all converge on the same account; the credit rules decide what happens to credits.
 */
import { BILLABLE_STATUSES, type SubscriptionState } from './billing-gateway.js';
import { downgradeToFree, moveToPlan, newPeriod, subscribe } from './credit-rules.js';
import { NO_LIFECYCLE, type AccountPatch, type Lifecycle } from './plan-changes.js';

const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];
/** Stripe stopped retrying a failed renewal (billing reference §1.5): the plan ends like a cancellation. */
const GIVEN_UP: readonly string[] = ['unpaid'];

/** Stripe gave up collecting: the subscription ended for a failed payment, or is `unpaid`. */
export function paymentGivenUp(subscription: SubscriptionState): boolean {
  return subscription.status === 'unpaid' || (subscription.status === 'canceled' && subscription.cancellationReason === 'payment_failed');
}

export function lifecycleFrom(subscription: SubscriptionState): Lifecycle {
  const scheduled = subscription.scheduledChange;
  return {
    periodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    scheduled:
      scheduled?.planId && scheduled.billingCycle ? { plan: scheduled.planId, billingCycle: scheduled.billingCycle, at: scheduled.at } : null,
  };
}
const GRANTS_CREDITS: readonly string[] = ['active', 'trialing'];

/** The billing periods an invoice pays for (its lines), read from the event object. */
export interface PaidInvoice {
  periods: Array<{ start: Date; end: Date }>;
}

export function paidInvoiceOf(object: Record<string, unknown>): PaidInvoice {
  const lines = (object.lines as { data?: unknown[] } | undefined)?.data ?? [];
  const periods = lines.flatMap((line) => {
    const period = (line as { period?: { start?: unknown; end?: unknown } }).period;
    return typeof period?.start === 'number' && typeof period.end === 'number'
      ? [{ start: new Date(period.start * 1000), end: new Date(period.end * 1000) }]
      : [];
  });
  return { periods };
}

function covers(invoice: PaidInvoice, start: Date): boolean {
  return invoice.periods.some((p) => p.start.getTime() <= start.getTime() && p.end.getTime() > start.getTime());
}

/**
 * The account after the subscription's current state, or null when the subscription is not the
 * account's (an old one, or a price we do not sell). `paidInvoice` (invoice.paid) may start a new
 * credit period: only when it pays for the subscription's current period and that period began
 * after the account's credit period did.
 */
export function syncWithSubscription(
  account: AccountPatch,
  subscription: SubscriptionState,
  options: { paidInvoice?: PaidInvoice | null; now?: Date } = {},
): AccountPatch | null {
  const ours = account.stripeSubscriptionId === subscription.id;
  const adopt =
    account.stripeSubscriptionId === null &&
    subscription.planId !== null &&
    BILLABLE_STATUSES.includes(subscription.status);
  if (!ours && !adopt) return null;

  if (ENDED.includes(subscription.status) || (ours && GIVEN_UP.includes(subscription.status))) {
    return {
      plan: 'free',
      billingCycle: null,
      subscriptionStatus: subscription.status === 'unpaid' ? 'unpaid' : 'canceled',
      stripeSubscriptionId: null,
      credits: downgradeToFree(account.credits),
      lifecycle: NO_LIFECYCLE,
    };
  }
  const plan = subscription.planId ?? (account.plan === 'free' ? null : account.plan);
  if (plan === null) return null;

  let credits = adopt
    ? subscribe(plan, subscription.currentPeriodStart ?? options.now ?? new Date())
    : plan !== account.plan
      ? // Stripe reports another plan (our own upgrade, a renewal onto a scheduled downgrade, or a
        // change made in the Dashboard): the one credit rule of decision 031, never a lower plan
        // with the higher plan's limit.
        moveToPlan(account.credits, account.plan, plan)
      : account.credits;
  const periodStart = subscription.currentPeriodStart;
  if (
    options.paidInvoice &&
    periodStart &&
    GRANTS_CREDITS.includes(subscription.status) &&
    periodStart.getTime() > credits.periodStart.getTime() &&
    covers(options.paidInvoice, periodStart)
  ) {
    credits = newPeriod(plan, periodStart);
  }
  return {
    plan,
    billingCycle: subscription.billingCycle ?? account.billingCycle,
    subscriptionStatus: subscription.status,
    stripeSubscriptionId: subscription.id,
    credits,
    lifecycle: lifecycleFrom(subscription),
  };
}
