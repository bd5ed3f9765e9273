/**
 * What a paying customer does after subscribing (issue #11): end the plan at the period's end
 * (decision 017) and take that back, change between paid plans (upgrades at once with proration,
 * downgrades at the renewal through a subscription schedule), preview what a change costs, and
 * open Stripe's customer portal. Every change runs under the user's billing lock and stores the
 * subscription's state as Stripe answered it; webhooks later converge on the same state.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  type ChangePlanRequest,
  type ChangePreviewResponse,
  type PaidPlanId,
} from '../../../contract/billing.js';
import type { BillingCycle } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema/users.js';
import { AppError } from '../errors/app-error.js';
import { BILLABLE_STATUSES, type SubscriptionState } from './billing-gateway.js';
import { provider } from './billing-errors.js';
import { ensureStripeCustomer } from './stripe-customer.js';
import type { Checkout } from './checkout-service.js';
import { upgradeCredits } from './credit-rules.js';
import { planStep } from './plan-change-rule.js';
import { creditsOf, freePatch, lockAccount, lockBilling, patchOf, saveAccount, type Executor } from './plan-changes.js';
import { priceIdFor } from './price-map.js';
import { lifecycleFrom } from './subscription-sync.js';

const noSubscription = () => AppError.conflict('You have no paid plan to change.', 'conflict');

export function createSubscriptionService(db: Database) {
  async function lockedUser(tx: Executor, userId: string): Promise<UserRow> {
    await lockBilling(tx, userId);
    const account = await lockAccount(tx, { userId });
    if (!account) throw AppError.unauthorized();
    return account;
  }

  async function liveSubscription(checkout: Checkout, log: FastifyBaseLogger, row: UserRow): Promise<SubscriptionState | null> {
    if (!row.stripeSubscriptionId) return null;
    try {
      const subscription = await checkout.gateway.retrieveSubscription(row.stripeSubscriptionId);
      return BILLABLE_STATUSES.includes(subscription.status) ? subscription : null;
    } catch (error) {
      if ((error as { kind?: string }).kind === 'not_found') return null;
      return provider(log, () => Promise.reject(error));
    }
  }

  /** Stores the subscription as Stripe has it now (plan, status, period end, pending changes). */
  async function follow(tx: Executor, account: UserRow, subscription: SubscriptionState, credits = creditsOf(account)): Promise<UserRow> {
    const patch = patchOf(account);
    return saveAccount(tx, account.id, {
      ...patch,
      plan: subscription.planId ?? patch.plan,
      billingCycle: subscription.billingCycle ?? patch.billingCycle,
      subscriptionStatus: subscription.status,
      stripeSubscriptionId: subscription.id,
      credits,
      lifecycle: lifecycleFrom(subscription),
    });
  }

  return {
    /**
     * Spec §7 downgrade-to-free, as the terms promise (decision 017): the subscription ends at the
     * period's end; plan and credits stay until then (customer.subscription.deleted moves the account).
     * Without a live subscription the account moves to free at once.
     */
    async endAtPeriodEnd(checkout: Checkout | null, log: FastifyBaseLogger, userId: string): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const account = await lockedUser(tx, userId);
        if (account.stripeSubscriptionId && !checkout) {
          throw new AppError(503, 'billing_not_configured', 'Payments are not configured on this server, so the subscription cannot be canceled. Please contact support.');
        }
        const subscription = checkout ? await liveSubscription(checkout, log, account) : null;
        if (!checkout || !subscription) {
          if (account.subscriptionPlan === 'free' && !account.stripeSubscriptionId) return account;
          return saveAccount(tx, userId, freePatch(account));
        }
        if (subscription.cancelAtPeriodEnd) return follow(tx, account, subscription);
        // A downgrade waiting for the renewal would otherwise start a new period after the end.
        if (subscription.scheduleId) await provider(log, () => checkout.gateway.releaseSchedule(subscription.scheduleId!));
        const canceled = await provider(log, () => checkout.gateway.cancelSubscription(subscription.id, { atPeriodEnd: true }));
        log.info({ userId, subscriptionId: subscription.id, endsAt: canceled.currentPeriodEnd }, 'subscription set to end at period end');
        return follow(tx, account, canceled);
      });
    },

    /** POST /api/billing/resume: "Keep my plan": undoes the end at period end and drops a scheduled downgrade. */
    async resume(checkout: Checkout, log: FastifyBaseLogger, userId: string): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const account = await lockedUser(tx, userId);
        const subscription = await liveSubscription(checkout, log, account);
        if (!subscription) throw noSubscription();
        let current = subscription;
        if (current.scheduleId) {
          await provider(log, () => checkout.gateway.releaseSchedule(current.scheduleId!));
          current = await provider(log, () => checkout.gateway.retrieveSubscription(subscription.id));
        }
        if (current.cancelAtPeriodEnd) current = await provider(log, () => checkout.gateway.resumeSubscription(subscription.id));
        return follow(tx, account, current);
      });
    },

    /** GET /api/billing/change-preview: what choosing this plan and cycle would bill (Stripe's invoice preview). */
    async preview(checkout: Checkout, log: FastifyBaseLogger, user: UserRow, plan: PaidPlanId, cycle: BillingCycle): Promise<ChangePreviewResponse> {
      const priceId = priceIdFor(checkout.prices, plan, cycle);
      const subscription = await liveSubscription(checkout, log, user);
      const customerId = await ensureStripeCustomer(db, checkout.gateway, log, user);
      const base = { plan, billingCycle: cycle };
      if (!subscription || !subscription.planId || !subscription.billingCycle) {
        const p = await provider(log, () => checkout.gateway.previewChange({ customerId, subscriptionId: null, priceId }));
        return { ...base, kind: 'new', amountDueNowCents: p.totalCents, subtotalCents: p.subtotalCents, taxCents: p.taxCents, totalCents: p.totalCents, currency: p.currency, effectiveAt: new Date().toISOString(), prorationDate: null };
      }
      const step = planStep({ plan: subscription.planId, billingCycle: subscription.billingCycle }, base);
      if (step.kind === 'same') throw AppError.conflict('You are already on this plan.');
      if (step.kind === 'downgrade') {
        // Nothing is charged now; the new price (with VAT) is billed from the renewal.
        const p = await provider(log, () => checkout.gateway.previewChange({ customerId, subscriptionId: null, priceId }));
        const at = subscription.currentPeriodEnd ?? new Date();
        return { ...base, kind: 'downgrade', amountDueNowCents: 0, subtotalCents: p.subtotalCents, taxCents: p.taxCents, totalCents: p.totalCents, currency: p.currency, effectiveAt: at.toISOString(), prorationDate: null };
      }
      const p = await provider(log, () => checkout.gateway.previewChange({ customerId, subscriptionId: subscription.id, priceId }));
      return { ...base, kind: 'upgrade', amountDueNowCents: p.amountDueNowCents, subtotalCents: p.subtotalCents, taxCents: p.taxCents, totalCents: p.totalCents, currency: p.currency, effectiveAt: new Date().toISOString(), prorationDate: p.prorationDate };
    },

    /**
     * POST /api/billing/change-plan between paid plans. Upgrade: the new price now, the prorated
     * difference charged at once (402 when the card declines; nothing changes), the new credit
     * limit at once with the used credits kept. Downgrade: scheduled for the renewal; credits follow then.
     */
    async changePlan(checkout: Checkout, log: FastifyBaseLogger, userId: string, request: ChangePlanRequest): Promise<{ account: UserRow; outcome: 'upgraded' | 'scheduled' }> {
      return db.transaction(async (tx) => {
        const account = await lockedUser(tx, userId);
        const subscription = await liveSubscription(checkout, log, account);
        if (!subscription || !subscription.planId || !subscription.billingCycle) throw noSubscription();
        if (subscription.status === 'past_due') {
          throw AppError.conflict('Your last payment failed. Please update your card in “Manage billing” first.', 'billing_error');
        }
        const target = { plan: request.plan, billingCycle: request.cycle };
        // The one rule (decision 031): up now with proration, down at the renewal.
        const step = planStep({ plan: subscription.planId, billingCycle: subscription.billingCycle }, target);
        if (step.kind === 'same') throw AppError.conflict('You are already on this plan.');
        const priceId = priceIdFor(checkout.prices, request.plan, request.cycle);
        if (subscription.scheduleId) await provider(log, () => checkout.gateway.releaseSchedule(subscription.scheduleId!));

        if (step.kind === 'upgrade') {
          const maxAge = 60 * 60;
          const prorationDate = request.prorationDate && Date.now() / 1000 - request.prorationDate < maxAge ? request.prorationDate : undefined;
          const changed = await provider(log, () => checkout.gateway.upgradeSubscription(subscription.id, priceId, { prorationDate }));
          const saved = await follow(tx, account, changed, upgradeCredits(creditsOf(account), request.plan));
          log.info({ userId, plan: request.plan, cycle: request.cycle }, 'subscription upgraded');
          return { account: saved, outcome: 'upgraded' as const };
        }
        if (subscription.cancelAtPeriodEnd) await provider(log, () => checkout.gateway.resumeSubscription(subscription.id));
        const scheduled = await provider(log, () => checkout.gateway.scheduleDowngrade(subscription.id, priceId));
        log.info({ userId, plan: request.plan, cycle: request.cycle, at: scheduled.scheduledChange?.at }, 'downgrade scheduled for the renewal');
        return { account: await follow(tx, account, scheduled), outcome: 'scheduled' as const };
      });
    },

    /** POST /api/billing/portal: a fresh Billing Portal session per click (its URL is short-lived). */
    async portalUrl(checkout: Checkout, log: FastifyBaseLogger, user: UserRow, returnUrl: string, locale: 'de' | 'en'): Promise<string> {
      if (!user.stripeCustomerId) {
        throw new AppError(409, 'no_billing_account', 'There are no invoices or payment details yet: subscribe to a plan first.');
      }
      return provider(log, () => checkout.gateway.createPortalSession(user.stripeCustomerId!, returnUrl, locale));
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
