import { z } from 'zod';
import { CREDIT_PACK_IDS } from './credit-pack-catalog.js';

export * from './credit-pack-catalog.js';

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
