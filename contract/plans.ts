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
  /** Results at most this many pixels on the long side. */
  maxResultLongSide: number;
  /** Free results are at most 1280x720 (720p). */
  maxResultSize: { width: number; height: number } | null;
  watermark: boolean;
  /** Downloads "with 'Virtually staged' label" (single image and the listing zip); free results carry the watermark instead. */
  disclosureLabel: boolean;
  /**
   * The plan's share of the staging workers when users compete for them (decision 024): `share`
   * runs of this plan's users are queued per round of the others' one (business: "Priority
   * processing"), and at most `maxParallel` of one user's runs are worked at once, whatever is free.
   */
  staging: { share: number; maxParallel: number };
  /**
   * Re-stages of one photo that take no credit (issue 38, decision 056): at most `count`, within
   * `days` of the photo's first staged result. Each is still a paid provider call (admin → Costs).
   */
  freeRestages: { count: number; days: number };
  /**
   * People in a workspace on this plan, the owner included (decision 041): Business shares one
   * workspace (projects, credit pool, plan) with up to 5 people; more seats through sales.
   */
  seats: number;
  /** The workspace's own logo, name, contact line and accent colour on share pages, labels, zip readme and disclosure text (decision 045). */
  branding: boolean;
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
    maxResultLongSide: 1280,
    maxResultSize: { width: 1280, height: 720 },
    watermark: true,
    disclosureLabel: false,
    staging: { share: 1, maxParallel: 6 },
    freeRestages: { count: 0, days: 0 },
    seats: 1,
    branding: false,
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
    maxResultLongSide: 3840,
    maxResultSize: null,
    watermark: false,
    disclosureLabel: true,
    staging: { share: 1, maxParallel: 12 },
    freeRestages: { count: 3, days: 30 },
    seats: 1,
    branding: false,
    popular: true,
    contactSales: false,
    features: [
      { key: 'credits', label: { de: '{{credits}} Credits pro Monat', en: '{{credits}} credits per month' } },
      { key: 'resolution', label: { de: 'Volle Auflösung bis 4K', en: 'Full resolution up to 4K' } },
      { key: 'watermark', label: { de: 'Kein Wasserzeichen', en: 'No watermark' } },
      { key: 'restages', label: { de: '{{restages}} kostenlose Neu-Einrichtungen pro Foto innerhalb von {{restageDays}} Tagen', en: '{{restages}} free re-stages per photo within {{restageDays}} days' } },
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
    maxResultLongSide: 3840,
    maxResultSize: null,
    watermark: false,
    disclosureLabel: true,
    staging: { share: 2, maxParallel: 24 },
    freeRestages: { count: 10, days: 30 },
    seats: 5,
    branding: true,
    popular: false,
    contactSales: true,
    features: [
      { key: 'credits', label: { de: '{{credits}} Credits pro Monat', en: '{{credits}} credits per month' } },
      { key: 'team', label: { de: 'Team-Workspace für bis zu {{seats}} Personen mit gemeinsamem Credit-Kontingent', en: 'Team workspace for up to {{seats}} people with one shared credit pool' } },
      { key: 'branding', label: { de: 'Ihr Branding auf Freigabeseiten, beschrifteten Downloads und im ZIP', en: 'Your branding on share pages, labelled downloads and the zip' } },
      { key: 'api', label: { de: 'REST-API mit Webhooks', en: 'REST API with webhooks' } },
      { key: 'resolution', label: { de: 'Volle Auflösung bis 4K', en: 'Full resolution up to 4K' } },
      { key: 'watermark', label: { de: 'Kein Wasserzeichen', en: 'No watermark' } },
      { key: 'restages', label: { de: '{{restages}} kostenlose Neu-Einrichtungen pro Foto innerhalb von {{restageDays}} Tagen', en: '{{restages}} free re-stages per photo within {{restageDays}} days' } },
      { key: 'priority', label: { de: 'Vorrang in der Warteschlange', en: 'Priority in the staging queue' } },
      { key: 'support', label: { de: 'Persönlicher Ansprechpartner', en: 'Dedicated account manager' } },
      { key: 'disclosure', label: { de: 'Optionaler Hinweis „Virtuell eingerichtet“', en: 'Optional "Virtually staged" label' } },
    ],
  },
};

export const PLAN_LIST: Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** A feature label with the plan's numbers filled in ({{credits}}, {{seats}}, {{restages}}, {{restageDays}}), counts in the language's format. */
export function planFeatureText(label: string, plan: Plan, format: (value: number) => string): string {
  return label
    .replace('{{credits}}', format(plan.creditsPerMonth))
    .replace('{{seats}}', String(plan.seats))
    .replace('{{restages}}', String(plan.freeRestages.count))
    .replace('{{restageDays}}', String(plan.freeRestages.days));
}

export function planCredits(planId: PlanId): number {
  return PLANS[planId].creditsPerMonth;
}

/**
 * Free re-stages a photo has left (decision 056): none before its first staged result or after the
 * plan's days since then; otherwise the plan's count minus the free ones already used.
 */
export function freeRestagesLeft(planId: PlanId, used: number, firstStagedAt: Date | null, now = new Date()): number {
  const { count, days } = PLANS[planId].freeRestages;
  if (!firstStagedAt || now.getTime() - firstStagedAt.getTime() > days * 86_400_000) return 0;
  return Math.max(0, count - used);
}

/** Yearly price as a per-month equivalent (used for MRR estimates and "per month" labels). */
export function monthlyEquivalent(plan: Plan, cycle: BillingCycle): number {
  return cycle === 'yearly' ? plan.yearlyPrice / 12 : plan.monthlyPrice;
}

export interface YearlySaving {
  /** Whole percent saved against twelve monthly payments, rounded down (never promises more). */
  percent: number;
  /** Monthly payments the year saves, when it is a whole number of them (else null). */
  monthsFree: number | null;
}

/** What paying yearly saves on one plan, computed from its prices; null for a free plan or no saving. */
export function yearlySaving(plan: Plan): YearlySaving | null {
  if (plan.monthlyPrice <= 0) return null;
  const saved = plan.monthlyPrice * 12 - plan.yearlyPrice;
  if (saved <= 0) return null;
  const months = saved / plan.monthlyPrice;
  return {
    percent: Math.floor((saved / (plan.monthlyPrice * 12)) * 100 + 1e-9),
    monthsFree: Math.abs(months - Math.round(months)) < 1e-9 ? Math.round(months) : null,
  };
}

/** The note next to a yearly price, e.g. "1 month free (−8 %)"; null without a saving. */
export function yearlySavingText(plan: Plan): LocalizedText | null {
  const saving = yearlySaving(plan);
  if (!saving) return null;
  const percent = `−${saving.percent} %`;
  const months = saving.monthsFree;
  if (!months) return { de: percent, en: percent };
  return {
    de: `${months} ${months === 1 ? 'Monat' : 'Monate'} gratis (${percent})`,
    en: `${months} ${months === 1 ? 'month' : 'months'} free (${percent})`,
  };
}

/** The smallest and largest yearly saving across the paid plans (the yearly switch's label), or null. */
export function yearlySavingRange(): { min: number; max: number } | null {
  const percents = PLAN_LIST.map(yearlySaving).flatMap((s) => (s ? [s.percent] : []));
  return percents.length ? { min: Math.min(...percents), max: Math.max(...percents) } : null;
}

/** Creating an Intl.NumberFormat costs milliseconds (the landing page's pricing formats a dozen prices): one per kind. */
const euroFormats = new Map<string, Intl.NumberFormat>();

/** Prices in German format, e.g. "29 €", "319 €", "26,58 €". */
export function formatEuro(amount: number, locale: 'de' | 'en' = 'de'): string {
  const cents = !Number.isInteger(amount);
  const key = `${locale}/${cents}`;
  let format = euroFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-IE', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: 2,
    });
    euroFormats.set(key, format);
  }
  return format.format(amount);
}
