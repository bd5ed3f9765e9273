import type { LocalizedText } from './plans.js';

/**
 * Credit packs (issue 38 item 6, decision 061): one-off purchases through Stripe Checkout. Their
 * credits do not expire while the account exists, are used after the monthly allowance, survive
 * the monthly reset and plan changes, and go to the acting workspace's pool (a Business team's
 * shared pool). Prices in EUR excluding VAT, like the plans; each costs more per credit than the
 * subscriptions, which stay the cheaper way to buy credits every month. No zod here: the landing's
 * pricing and FAQ read this catalogue on a first visit (its budget, issue #37); the wire shapes are
 * in credit-packs.ts.
 */
export const CREDIT_PACK_IDS = ['pack_50', 'pack_200', 'pack_500'] as const;
export type CreditPackId = (typeof CREDIT_PACK_IDS)[number];

export interface CreditPack {
  id: CreditPackId;
  credits: number;
  /** EUR, excluding VAT. */
  price: number;
  name: LocalizedText;
}

export const CREDIT_PACKS: Record<CreditPackId, CreditPack> = {
  pack_50: { id: 'pack_50', credits: 50, price: 12, name: { de: '50 Credits', en: '50 credits' } },
  pack_200: { id: 'pack_200', credits: 200, price: 39, name: { de: '200 Credits', en: '200 credits' } },
  pack_500: { id: 'pack_500', credits: 500, price: 89, name: { de: '500 Credits', en: '500 credits' } },
};

export const CREDIT_PACK_LIST: CreditPack[] = CREDIT_PACK_IDS.map((id) => CREDIT_PACKS[id]);

export function isCreditPackId(value: unknown): value is CreditPackId {
  return (CREDIT_PACK_IDS as readonly unknown[]).includes(value);
}

