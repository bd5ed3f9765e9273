import { z } from 'zod';
import { BILLING_CYCLES, PLAN_IDS, type PlanId } from './plans.js';

/**
 * The billing calls of spec §7 (plus GET /api/billing/subscription, DESIGN §5). The browser names a
 * plan and a cycle, never a price: the server maps them to its own Stripe price ids.
 */
export const PAID_PLAN_IDS = ['pro', 'business'] as const satisfies readonly Exclude<PlanId, 'free'>[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

const paidPlanId = z.enum(PAID_PLAN_IDS, { message: 'Choose the Pro or Business plan.' });
const billingCycle = z.enum(BILLING_CYCLES, { message: 'The billing cycle is monthly or yearly.' });
const setupIntentId = z.string().regex(/^seti_[A-Za-z0-9_]{1,250}$/, { message: 'Unknown payment setup.' });

/** POST /api/get-or-create-subscription (upgrade page and popup). */
export const getOrCreateSubscriptionRequest = z.object({ planId: paidPlanId, billingCycle });
export type GetOrCreateSubscriptionRequest = z.infer<typeof getOrCreateSubscriptionRequest>;

/** POST /api/create-setup-intent (subscription modal). `priceId` is accepted for compatibility and ignored. */
export const createSetupIntentRequest = z.object({
  planId: paidPlanId,
  billingCycle,
  priceId: z.string().max(255).nullish(),
});
export type CreateSetupIntentRequest = z.infer<typeof createSetupIntentRequest>;

/** Spec §3 "Subscription setup response". */
export const subscriptionSetupResponse = z.object({ clientSecret: z.string(), setupIntentId: z.string() });
export type SubscriptionSetupResponse = z.infer<typeof subscriptionSetupResponse>;

/** POST /api/complete-subscription: `{setupIntentId}`, or with the plan and cycle the modal showed (must match). */
export const completeSubscriptionRequest = z.object({
  setupIntentId,
  planId: paidPlanId.optional(),
  billingCycle: billingCycle.optional(),
});
export type CompleteSubscriptionRequest = z.infer<typeof completeSubscriptionRequest>;

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'paused',
  'incomplete',
  'incomplete_expired',
  'canceled',
] as const;

/** The account's plan and credits as billing sees them (GET /api/billing/subscription and every billing reply). */
export const billingStateResponse = z.object({
  subscriptionPlan: z.enum(PLAN_IDS),
  billingCycle: billingCycle.nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** The last renewal could not be charged: the user should update the card. */
  pastDue: z.boolean(),
  creditsUsed: z.number().int(),
  creditsLimit: z.number().int(),
  /** ISO time the current credit period began. */
  creditsPeriodStart: z.string(),
});
export type BillingStateResponse = z.infer<typeof billingStateResponse>;

export const completeSubscriptionResponse = billingStateResponse.extend({
  success: z.literal(true),
  /** `subscribed`: a new subscription; `changed`: the existing one moved to another plan or cycle. */
  outcome: z.enum(['subscribed', 'changed']),
});
export type CompleteSubscriptionResponse = z.infer<typeof completeSubscriptionResponse>;

export const downgradeResponse = billingStateResponse.extend({ success: z.literal(true) });
export type DowngradeResponse = z.infer<typeof downgradeResponse>;
