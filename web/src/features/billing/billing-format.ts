import type { BillingStateResponse } from '@contract/billing';
import { formatEuro, monthlyEquivalent, planFeatureText, type BillingCycle, type Plan } from '@contract/plans';
import { GERMAN_VAT_RATE } from '@/lib/company';

export type Lang = 'de' | 'en';

/** Statuses of a subscription that can be changed in place (plan changes with proration or a schedule). */
const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/**
 * A paid plan whose subscription is live: choosing another plan is a plan change (change-plan,
 * decision 031), never a new checkout (the server answers that with 409 plan_change_required).
 */
export const hasLiveSubscription = (state: BillingStateResponse | undefined): boolean =>
  Boolean(state && state.subscriptionPlan !== 'free' && LIVE_STATUSES.includes(state.subscriptionStatus ?? ''));

export const langOf = (language: string | undefined): Lang => (language?.startsWith('de') ? 'de' : 'en');

/** Net price of the cycle (EUR, excl. VAT), from contract/plans.ts. */
export function priceOf(plan: Plan, cycle: BillingCycle): number {
  return cycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
}

/** Prices are always written the German way (spec §9): "29 €", "26,58 €". */
export const euro = (amount: number) => formatEuro(amount, 'de');

export const monthlyEquivalentText = (plan: Plan) => euro(Math.round(monthlyEquivalent(plan, 'yearly') * 100) / 100);

export const vatPercent = Math.round(GERMAN_VAT_RATE * 100);

/** A feature label of the plan with its credit count filled in, e.g. "200 Credits pro Monat". */
export function featureText(label: string, plan: Plan, lang: Lang): string {
  const format = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB');
  return planFeatureText(label, plan, (value) => format.format(value));
}

/** Whether the code runs inside a frame (e.g. the admin console): checkout then opens a popup window. */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** A Stripe amount in cents, written like every price ("70,16 €"). */
export const euroCents = (cents: number) => euro(Math.round(cents) / 100);

/** Billing dates (DESIGN §2): "31.12.2026" in German, "Dec 31, 2026" in English. */
export function formatBillingDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  return lang === 'de'
    ? new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date)
    : new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' }).format(date);
}
