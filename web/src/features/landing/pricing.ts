import { formatEuro, planFeatureText, type BillingCycle, type Plan } from '@contract/plans';
import { GERMAN_VAT_RATE } from '@/lib/company';

/** Net price of the cycle (EUR, excl. VAT). */
export function netPrice(plan: Plan, cycle: BillingCycle): number {
  return cycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
}

/** Gross price incl. German VAT, rounded to cents. */
export function grossPrice(net: number): number {
  return Math.round(net * (1 + GERMAN_VAT_RATE) * 100) / 100;
}

/** Prices are always shown in German number format (spec §9), e.g. "29 €", "34,51 €". */
export const euro = (amount: number) => formatEuro(amount, 'de');

export const vatPercent = Math.round(GERMAN_VAT_RATE * 100);

/** One number format per language: creating one costs milliseconds, and every card has several labels. */
const countFormats = {
  de: new Intl.NumberFormat('de-DE'),
  en: new Intl.NumberFormat('en-GB'),
};

/** A plan's feature label with its credit count filled in, e.g. "200 Credits pro Monat". */
export function featureLabel(label: string, plan: Plan, locale: 'de' | 'en'): string {
  return planFeatureText(label, plan, (value) => countFormats[locale].format(value));
}
