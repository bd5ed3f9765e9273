import { z } from 'zod';
import type { LocalizedText } from './plans.js';

/**
 * Credit packs (issue 38 item 6, decision 061): one-off purchases through Stripe Checkout. Their
 * credits do not expire while the account exists, are used after the monthly allowance, survive
 * the monthly reset and plan changes, and go to the acting workspace's pool (a Business team's
 * shared pool). Prices in EUR excluding VAT, like the plans; each costs more per credit than the
 * subscriptions, which stay the cheaper way to buy credits every month.
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

/** POST /api/billing/credit-packs/checkout: the pack; the answer is Stripe Checkout's page to open. */
export const creditPackCheckoutRequest = z.object({
  packId: z.enum(CREDIT_PACK_IDS, { message: 'Choose one of the credit packs.' }),
});
export type CreditPackCheckoutRequest = z.infer<typeof creditPackCheckoutRequest>;

export const creditPackCheckoutResponse = z.object({ url: z.string().url(), sessionId: z.string() });
export type CreditPackCheckoutResponse = z.infer<typeof creditPackCheckoutResponse>;

/** One bought pack as the billing page lists it. */
export const purchasedCreditPack = z.object({
  id: z.string(),
  packId: z.string(),
  credits: z.number().int(),
  /** Credits taken away again by a refund. */
  creditsRevoked: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  refunded: z.boolean(),
  /** ISO time of purchase. */
  createdAt: z.string(),
});
export type PurchasedCreditPack = z.infer<typeof purchasedCreditPack>;

/** GET /api/billing/credit-packs: what the pool holds, what can be bought, what was bought. */
export const creditPacksResponse = z.object({
  /** Credits left from packs (apart from the monthly allowance). */
  packCredits: z.number().int(),
  /** Packs on sale (those with a Stripe price configured); empty when billing is off. */
  available: z.array(z.object({ id: z.enum(CREDIT_PACK_IDS), credits: z.number().int(), price: z.number() })),
  purchases: z.array(purchasedCreditPack),
});
export type CreditPacksResponse = z.infer<typeof creditPacksResponse>;
