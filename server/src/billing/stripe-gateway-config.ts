/** Builds the gateway options from the STRIPE_* environment (see server/src/config.ts). */
import type { AppConfig } from '../config.js';
import type { CreditPackId } from '../../../contract/credit-packs.js';
import type { StripeGatewayOptions } from './stripe-gateway.js';

type StripeEnv = Pick<
  AppConfig,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_API_URL'
  | 'STRIPE_PRICE_PRO_MONTHLY'
  | 'STRIPE_PRICE_PRO_YEARLY'
  | 'STRIPE_PRICE_BUSINESS_MONTHLY'
  | 'STRIPE_PRICE_BUSINESS_YEARLY'
> &
  Partial<
    Pick<
      AppConfig,
      'STRIPE_TAX_RATE_ID' | 'STRIPE_AUTOMATIC_TAX' | 'STRIPE_PORTAL_CONFIGURATION_ID' | 'STRIPE_PRICE_PACK_50' | 'STRIPE_PRICE_PACK_200' | 'STRIPE_PRICE_PACK_500'
    >
  >;

/** The credit packs with a one-time price configured (decision 061); the others are not sold. */
export function packPricesFromConfig(config: StripeEnv): Partial<Record<CreditPackId, string>> {
  const entries: Array<[CreditPackId, string | undefined]> = [
    ['pack_50', config.STRIPE_PRICE_PACK_50],
    ['pack_200', config.STRIPE_PRICE_PACK_200],
    ['pack_500', config.STRIPE_PRICE_PACK_500],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [CreditPackId, string] => Boolean(entry[1])));
}

/**
 * `null` when billing is off (no secret key). With a key, every price id must be set: a missing
 * one fails at boot with the variable names rather than at the first checkout.
 */
export function stripeGatewayOptionsFromConfig(config: StripeEnv): StripeGatewayOptions | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const prices = {
    STRIPE_PRICE_PRO_MONTHLY: config.STRIPE_PRICE_PRO_MONTHLY,
    STRIPE_PRICE_PRO_YEARLY: config.STRIPE_PRICE_PRO_YEARLY,
    STRIPE_PRICE_BUSINESS_MONTHLY: config.STRIPE_PRICE_BUSINESS_MONTHLY,
    STRIPE_PRICE_BUSINESS_YEARLY: config.STRIPE_PRICE_BUSINESS_YEARLY,
  };
  const missing = Object.entries(prices)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(
      `STRIPE_SECRET_KEY is set, so billing needs these price ids too: ${missing.join(', ')}`,
    );
  }
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiUrl: config.STRIPE_API_URL,
    tax: { rateId: config.STRIPE_TAX_RATE_ID, automatic: config.STRIPE_AUTOMATIC_TAX ?? false },
    portalConfigurationId: config.STRIPE_PORTAL_CONFIGURATION_ID,
    prices: {
      pro: { monthly: prices.STRIPE_PRICE_PRO_MONTHLY!, yearly: prices.STRIPE_PRICE_PRO_YEARLY! },
      business: {
        monthly: prices.STRIPE_PRICE_BUSINESS_MONTHLY!,
        yearly: prices.STRIPE_PRICE_BUSINESS_YEARLY!,
      },
    },
  };
}
