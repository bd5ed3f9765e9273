import { z } from 'zod';
import { BILLING_CYCLES, PLAN_IDS, type BillingCycle, type PlanId } from './plans.js';

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
  /** Credits left from bought credit packs (decision 061): apart from the allowance, used after it, never reset. */
  packCredits: z.number().int(),
  /** ISO time the current credit period began. */
  creditsPeriodStart: z.string(),
  /** ISO time the paid period ends (renewal or, with `cancelAtPeriodEnd`, the end of the plan); null on free. */
  currentPeriodEnd: z.string().nullable(),
  /** The plan ends at `currentPeriodEnd` (decision 017); "Keep my plan" takes it back. */
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for the renewal at `at` (ISO). */
  scheduledChange: z.object({ plan: paidPlanId, billingCycle, at: z.string() }).nullable(),
});
export type BillingStateResponse = z.infer<typeof billingStateResponse>;

export const completeSubscriptionResponse = billingStateResponse.extend({
  success: z.literal(true),
  /**
   * `subscribed`: a new subscription. `changed` is only replayed for completions made before
   * decision 031; a subscribed user's checkout is now refused with 409 `plan_change_required`.
   */
  outcome: z.enum(['subscribed', 'changed']),
});
export type CompleteSubscriptionResponse = z.infer<typeof completeSubscriptionResponse>;

export const downgradeResponse = billingStateResponse.extend({ success: z.literal(true) });
export type DowngradeResponse = z.infer<typeof downgradeResponse>;

/** Plans in order of what they give; a change to a lower plan, or yearly → monthly on the same plan, waits for the renewal. */
const PLAN_RANK: Record<PaidPlanId, number> = { pro: 1, business: 2 };

/**
 * How a change between paid plans takes effect (issue #11): `upgrade` at once with proration
 * (pro → business, monthly → yearly), `downgrade` at the next renewal (business → pro, yearly → monthly),
 * `same` for the current plan and cycle.
 */
export function planChangeDirection(
  from: { plan: PaidPlanId; billingCycle: BillingCycle },
  to: { plan: PaidPlanId; billingCycle: BillingCycle },
): 'upgrade' | 'downgrade' | 'same' {
  if (from.plan !== to.plan) return PLAN_RANK[to.plan] > PLAN_RANK[from.plan] ? 'upgrade' : 'downgrade';
  if (from.billingCycle === to.billingCycle) return 'same';
  return to.billingCycle === 'yearly' ? 'upgrade' : 'downgrade';
}

/** GET /api/billing/change-preview?plan=&cycle= */
export const changePreviewQuery = z.object({ plan: paidPlanId, cycle: billingCycle });
export type ChangePreviewQuery = z.infer<typeof changePreviewQuery>;

/**
 * What choosing `plan`/`cycle` would bill, from Stripe's invoice preview. `new`: the first invoice
 * of a subscription (total with VAT); `upgrade`: the prorated amount charged now; `downgrade`:
 * nothing now, the new price from `effectiveAt`. Amounts in cents.
 */
export const changePreviewResponse = z.object({
  kind: z.enum(['new', 'upgrade', 'downgrade']),
  plan: paidPlanId,
  billingCycle,
  amountDueNowCents: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  /** ISO time the change takes effect (now for new/upgrade, the renewal for a downgrade). */
  effectiveAt: z.string(),
  /** Pass back to POST /api/billing/change-plan so the charge equals the preview. */
  prorationDate: z.number().int().nullable(),
});
export type ChangePreviewResponse = z.infer<typeof changePreviewResponse>;

/** POST /api/billing/change-plan: move an existing paid subscription to another paid plan or cycle. */
export const changePlanRequest = z.object({
  plan: paidPlanId,
  cycle: billingCycle,
  prorationDate: z.number().int().positive().optional(),
});
export type ChangePlanRequest = z.infer<typeof changePlanRequest>;

export const changePlanResponse = billingStateResponse.extend({
  success: z.literal(true),
  /** `upgraded`: in effect now (prorated charge made); `scheduled`: from the next renewal. */
  outcome: z.enum(['upgraded', 'scheduled']),
});
export type ChangePlanResponse = z.infer<typeof changePlanResponse>;

/** POST /api/billing/resume: keep a plan that was set to end (and drop a scheduled downgrade). */
export const resumeResponse = billingStateResponse.extend({ success: z.literal(true) });
export type ResumeResponse = z.infer<typeof resumeResponse>;

/** POST /api/billing/portal: a Stripe Billing Portal session (invoices, card, billing address, VAT ID). */
export const portalResponse = z.object({ url: z.string().url() });
export type PortalResponse = z.infer<typeof portalResponse>;
