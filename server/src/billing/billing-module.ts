/**
 * Billing put together from the configuration, for app.ts and runtime.ts: the Stripe gateway when
 * STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set (else checkout answers 503
 * billing_not_configured), and the hooks other features take (account purge, admin MRR).
 */
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { UserRow } from '../db/schema/users.js';
import type { BillingGateway } from './billing-gateway.js';
import type { PaidPlanId } from './price-map.js';
import type { Checkout } from './checkout-service.js';
import { creditResetJob } from './credit-reset-job.js';
import { createStripeGateway } from './stripe-gateway.js';
import { packPricesFromConfig, stripeGatewayOptionsFromConfig } from './stripe-gateway-config.js';

export interface SubscriptionRevenue {
  totalCents: number;
  byPlanCents: Record<PaidPlanId, number>;
}

export interface Billing {
  /** Null when billing is not configured. */
  checkout: Checkout | null;
  /** Cancels a user's subscription at once (account purge); throws while it cannot be canceled. */
  cancelSubscriptionOf(user: Pick<UserRow, 'id' | 'stripeSubscriptionId'>): Promise<void>;
  /** Monthly recurring revenue in cents from the provider's billable subscriptions' real prices (yearly / 12), total and per plan (admin). */
  subscriptionMrr(): Promise<SubscriptionRevenue>;
}

export function createBilling(config: AppConfig, overrides: { gateway?: BillingGateway } = {}): Billing {
  const options = stripeGatewayOptionsFromConfig(config);
  const gateway = config.billingEnabled && options ? (overrides.gateway ?? createStripeGateway({ ...options, maxNetworkRetries: 2, timeoutMs: 20_000 })) : null;
  const checkout = gateway && options ? { gateway, prices: options.prices, packPrices: packPricesFromConfig(config) } : null;
  return {
    checkout,
    async cancelSubscriptionOf(user) {
      if (!user.stripeSubscriptionId) return;
      if (!gateway) throw new Error(`billing: user ${user.id} has subscription ${user.stripeSubscriptionId}, but Stripe is not configured to cancel it`);
      try {
        await gateway.cancelSubscription(user.stripeSubscriptionId);
      } catch (error) {
        if ((error as { kind?: string }).kind !== 'not_found') throw error;
      }
    },
    async subscriptionMrr() {
      if (!gateway) throw new Error('billing: Stripe is not configured');
      const subscriptions = await gateway.listActiveSubscriptions();
      const byPlanCents: Record<PaidPlanId, number> = { pro: 0, business: 0 };
      let totalCents = 0;
      for (const s of subscriptions) {
        const monthly = (s.unitAmountCents ?? 0) / (s.interval === 'year' ? 12 : 1);
        totalCents += monthly;
        if (s.planId) byPlanCents[s.planId] += monthly;
      }
      return { totalCents: Math.round(totalCents), byPlanCents: { pro: Math.round(byPlanCents.pro), business: Math.round(byPlanCents.business) } };
    },
  };
}

export function billingJobs(database: DatabaseHandle) {
  return [creditResetJob(database.db)];
}
