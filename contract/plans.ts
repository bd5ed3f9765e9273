/**
 * The plan definitions (DESIGN §4: canonical over every pricing text of the spec).
 * Every page and the server render plans, prices and credit limits from here.
 */
export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export type LocalizedText = { de: string; en: string };

export interface PlanFeature {
  key: string;
  label: LocalizedText;
}

export interface Plan {
  id: PlanId;
  name: LocalizedText;
  description: LocalizedText;
  /** EUR, excluding VAT. */
  monthlyPrice: number;
  /** EUR per year, excluding VAT. */
  yearlyPrice: number;
  creditsPerMonth: number;
  /** Short note shown next to the yearly price. */
  yearlyNote: LocalizedText | null;
  /** Results at most this many pixels on the long side. */
  maxResultLongSide: number;
  /** Free results are at most 1280x720 (720p). */
  maxResultSize: { width: number; height: number } | null;
  watermark: boolean;
  /**
   * The plan's share of the staging workers when users compete for them (decision 024): `share`
   * runs of this plan's users are queued per round of the others' one (business: "Priority
   * processing"), and at most `maxParallel` of one user's runs are worked at once, whatever is free.
   */
  staging: { share: number; maxParallel: number };
  popular: boolean;
  contactSales: boolean;
  features: PlanFeature[];
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: { de: 'Free', en: 'Free' },
    description: {
      de: 'Zum Ausprobieren: virtuelles Home Staging ohne Risiko.',
      en: 'Try virtual home staging without risk.',
    },
    monthlyPrice: 0,
    yearlyPrice: 0,
    creditsPerMonth: 6,
    yearlyNote: null,
    maxResultLongSide: 1280,
    maxResultSize: { width: 1280, height: 720 },
    watermark: true,
    staging: { share: 1, maxParallel: 6 },
    popular: false,
    contactSales: false,
    features: [
      { key: 'credits', label: { de: '{{credits}} Credits pro Monat', en: '{{credits}} credits per month' } },
      { key: 'images', label: { de: 'Bis zu 6 Bilder pro Projekt', en: 'Up to 6 images per project' } },
      { key: 'resolution', label: { de: 'Ergebnisse in 720p mit Wasserzeichen', en: '720p results with watermark' } },
      { key: 'styles', label: { de: 'Alle 8 Einrichtungsstile', en: 'All 8 interior styles' } },
    ],
  },
  pro: {
    id: 'pro',
    name: { de: 'Pro', en: 'Pro' },
    description: {
      de: 'Für Makler und Fotografen mit regelmäßigen Objekten.',
      en: 'For agents and photographers with regular listings.',
    },
    monthlyPrice: 29,
    yearlyPrice: 319,
    creditsPerMonth: 200,
    yearlyNote: { de: '1 Monat gratis', en: '1 month free' },
    maxResultLongSide: 3840,
    maxResultSize: null,
    watermark: false,
    staging: { share: 1, maxParallel: 12 },
    popular: true,
    contactSales: false,
    features: [
      { key: 'credits', label: { de: '{{credits}} Credits pro Monat', en: '{{credits}} credits per month' } },
      { key: 'resolution', label: { de: 'Volle Auflösung bis 4K', en: 'Full resolution up to 4K' } },
      { key: 'watermark', label: { de: 'Kein Wasserzeichen', en: 'No watermark' } },
      { key: 'projects', label: { de: 'Unbegrenzte Projekte', en: 'Unlimited projects' } },
      { key: 'disclosure', label: { de: 'Optionaler Hinweis „Virtuell eingerichtet“', en: 'Optional "Virtually staged" label' } },
    ],
  },
  business: {
    id: 'business',
    name: { de: 'Business', en: 'Business' },
    description: {
      de: 'Für Teams, Agenturen und hohe Volumen.',
      en: 'For teams, agencies and high volume.',
    },
    monthlyPrice: 99,
    yearlyPrice: 891,
    creditsPerMonth: 1000,
    yearlyNote: { de: '3 Monate gratis', en: '3 months free' },
    maxResultLongSide: 3840,
    maxResultSize: null,
    watermark: false,
    staging: { share: 2, maxParallel: 24 },
    popular: false,
    contactSales: true,
    features: [
      { key: 'credits', label: { de: '{{credits}} Credits pro Monat', en: '{{credits}} credits per month' } },
      { key: 'resolution', label: { de: 'Volle Auflösung bis 4K', en: 'Full resolution up to 4K' } },
      { key: 'watermark', label: { de: 'Kein Wasserzeichen', en: 'No watermark' } },
      { key: 'support', label: { de: 'Persönlicher Ansprechpartner', en: 'Dedicated account manager' } },
      { key: 'priority', label: { de: 'Bevorzugte Verarbeitung', en: 'Priority processing' } },
    ],
  },
};

export const PLAN_LIST: Plan[] = PLAN_IDS.map((id) => PLANS[id]);

export function planCredits(planId: PlanId): number {
  return PLANS[planId].creditsPerMonth;
}

/** Yearly price as a per-month equivalent (used for MRR estimates and "per month" labels). */
export function monthlyEquivalent(plan: Plan, cycle: BillingCycle): number {
  return cycle === 'yearly' ? plan.yearlyPrice / 12 : plan.monthlyPrice;
}

/** Largest yearly saving across the paid plans, as a whole percent (the "-N%" label). */
export function yearlyDiscountPercent(): number {
  const savings = PLAN_LIST.filter((p) => p.monthlyPrice > 0).map(
    (p) => 1 - p.yearlyPrice / (p.monthlyPrice * 12),
  );
  return Math.round(Math.max(...savings) * 100);
}

/** Prices in German format, e.g. "29 €", "319 €", "26,58 €". */
export function formatEuro(amount: number, locale: 'de' | 'en' = 'de'): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
