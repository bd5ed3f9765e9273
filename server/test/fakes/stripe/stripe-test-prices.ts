/** Test-only: the price catalogue the billing tests give the fake, and the matching price map. */
import type { BillingPrices } from '../../../src/billing/price-map.js';
import type { PriceCatalogue } from './fake-stripe.js';

export const TEST_PRICE_CATALOGUE: PriceCatalogue = {
  price_pro_monthly: { unit_amount: 2900, recurring: { interval: 'month' }, nickname: 'Pro' },
  price_pro_yearly: { unit_amount: 31900, recurring: { interval: 'year' }, nickname: 'Pro' },
  price_business_monthly: {
    unit_amount: 9900,
    recurring: { interval: 'month' },
    nickname: 'Business',
  },
  price_business_yearly: {
    unit_amount: 89100,
    recurring: { interval: 'year' },
    nickname: 'Business',
  },
  /** One-time prices of the credit packs (decision 061). */
  price_pack_50: { unit_amount: 1200, nickname: '50 credits' },
  price_pack_200: { unit_amount: 3900, nickname: '200 credits' },
  price_pack_500: { unit_amount: 8900, nickname: '500 credits' },
  /** A price that exists at the provider but is not one of ours. */
  price_legacy_monthly: { unit_amount: 1900, recurring: { interval: 'month' }, nickname: 'Legacy' },
};

export const TEST_BILLING_PRICES: BillingPrices = {
  pro: { monthly: 'price_pro_monthly', yearly: 'price_pro_yearly' },
  business: { monthly: 'price_business_monthly', yearly: 'price_business_yearly' },
};

export const TEST_WEBHOOK_SECRET = 'whsec_test_raumwerk_fake';
