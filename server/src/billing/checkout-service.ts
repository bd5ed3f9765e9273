/**
 * Checkout (spec §4 "Subscription"): the browser saves a card on a SetupIntent we create for the
 * chosen plan and cycle, then asks us to complete; we check the SetupIntent is this user's and
 * succeeded, and create the subscription with that card. Checkout only ever starts a subscription:
 * a user whose subscription is live changes plan through change-plan, the one rule of decision 031
 * (both steps answer 409 `plan_change_required`). Completing the same SetupIntent twice gives one
 * subscription: the Stripe idempotency key is the SetupIntent id, and a completed one is found in
 * `billing_checkouts` first.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CompleteSubscriptionRequest, PaidPlanId } from '../../../contract/billing.js';
import type { CreditPackId } from '../../../contract/credit-packs.js';
import { BILLING_CYCLES, type BillingCycle } from '../../../contract/plans.js';
import type { Database } from '../db/client.js';
import { billingCheckouts } from '../db/schema/billing.js';
import { users, type UserRow } from '../db/schema/users.js';
import { AppError } from '../errors/app-error.js';
import { BILLABLE_STATUSES, type BillingGateway, type SubscriptionState } from './billing-gateway.js';
import { provider } from './billing-errors.js';
import { ensureStripeCustomer } from './stripe-customer.js';
import { subscribe } from './credit-rules.js';
import { planChangeRequired } from './plan-change-rule.js';
import { lockAccount, lockBilling, saveAccount } from './plan-changes.js';
import { isPaidPlanId, priceIdFor, type BillingPrices } from './price-map.js';

export interface Checkout {
  gateway: BillingGateway;
  prices: BillingPrices;
  /** One-time prices of the credit packs on sale (decision 061). */
  packPrices?: Partial<Record<CreditPackId, string>>;
}

export interface CompletedCheckout {
  account: UserRow;
  /** `changed` only for a completion recorded before decision 031 (replayed, nothing charged). */
  outcome: 'subscribed' | 'changed';
  /** False when this SetupIntent had been completed before (nothing was charged now). */
  fresh: boolean;
}

function isBillable(subscription: SubscriptionState | null): subscription is SubscriptionState {
  return subscription !== null && BILLABLE_STATUSES.includes(subscription.status);
}

export function createCheckoutService(db: Database) {
  async function currentSubscription(checkout: Checkout, log: FastifyBaseLogger, row: UserRow): Promise<SubscriptionState | null> {
    if (!row.stripeSubscriptionId) return null;
    try {
      return await checkout.gateway.retrieveSubscription(row.stripeSubscriptionId);
    } catch (error) {
      if ((error as { kind?: string }).kind === 'not_found') return null;
      return provider(log, () => Promise.reject(error));
    }
  }

  return {
    /** Spec §7 create-setup-intent / get-or-create-subscription: the customer (once per user), then a SetupIntent. */
    async startCheckout(checkout: Checkout, log: FastifyBaseLogger, user: UserRow, planId: PaidPlanId, billingCycle: BillingCycle) {
      if (isBillable(await currentSubscription(checkout, log, user))) {
        if (user.subscriptionPlan === planId && user.billingCycle === billingCycle) throw AppError.conflict('You are already on this plan.');
        throw planChangeRequired();
      }
      const customerId = await ensureStripeCustomer(db, checkout.gateway, log, user);
      const setupIntent = await provider(log, () => checkout.gateway.createSetupIntent(customerId, { userId: user.id, planId, billingCycle }));
      return { clientSecret: setupIntent.clientSecret, setupIntentId: setupIntent.id };
    },

    /** Spec §7 complete-subscription. */
    async completeCheckout(checkout: Checkout, log: FastifyBaseLogger, userId: string, request: CompleteSubscriptionRequest): Promise<CompletedCheckout> {
      return db.transaction(async (tx) => {
        await lockBilling(tx, userId);
        const [done] = await tx.select().from(billingCheckouts).where(eq(billingCheckouts.setupIntentId, request.setupIntentId)).limit(1);
        if (done) {
          if (done.userId !== userId) throw AppError.forbidden('This payment setup belongs to another account.');
          const account = await lockAccount(tx, { userId });
          if (!account) throw AppError.unauthorized();
          return { account, outcome: done.outcome, fresh: false };
        }
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user) throw AppError.unauthorized();

        const setupIntent = await provider(log, () => checkout.gateway.retrieveSetupIntent(request.setupIntentId));
        if (!user.stripeCustomerId || setupIntent.customerId !== user.stripeCustomerId || (setupIntent.metadata.userId ?? userId) !== userId) {
          throw AppError.forbidden('This payment setup belongs to another account.');
        }
        if (setupIntent.status !== 'succeeded' || !setupIntent.paymentMethodId) {
          throw AppError.conflict('The card has not been confirmed yet. Please enter your card details again.', 'billing_error');
        }
        const planId = setupIntent.metadata.planId;
        const billingCycle = setupIntent.metadata.billingCycle as BillingCycle;
        if (!isPaidPlanId(planId) || !BILLING_CYCLES.includes(billingCycle)) {
          throw AppError.badRequest('This payment setup was not made for a plan. Please start again.', 'billing_error');
        }
        if ((request.planId && request.planId !== planId) || (request.billingCycle && request.billingCycle !== billingCycle)) {
          throw AppError.badRequest('The plan does not match the payment setup. Please start again.');
        }
        const priceId = priceIdFor(checkout.prices, planId, billingCycle);

        // A SetupIntent started before the user subscribed (another tab, a second card form) must not
        // swap the price of the live subscription: that is a plan change (decision 031).
        if (isBillable(await currentSubscription(checkout, log, user))) throw planChangeRequired();
        const outcome = 'subscribed' as const;
        const subscription = await provider(log, () =>
          checkout.gateway.createSubscription({
            customerId: user.stripeCustomerId!,
            priceId,
            paymentMethodId: setupIntent.paymentMethodId!,
            metadata: { userId, planId, billingCycle, setupIntentId: setupIntent.id },
            idempotencyKey: `raumwerk-subscription-${setupIntent.id}`,
          }),
        );

        await tx.insert(billingCheckouts).values({ setupIntentId: setupIntent.id, userId, subscriptionId: subscription.id, planId, billingCycle, outcome });
        const account = await lockAccount(tx, { userId });
        if (!account) throw AppError.unauthorized();
        const credits = subscribe(planId, subscription.currentPeriodStart ?? new Date());
        const saved = await saveAccount(tx, userId, {
          plan: planId,
          billingCycle,
          subscriptionStatus: subscription.status,
          stripeSubscriptionId: subscription.id,
          credits,
        });
        return { account: saved, outcome, fresh: true };
      });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
