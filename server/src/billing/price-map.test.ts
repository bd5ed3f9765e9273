import { describe, expect, it } from 'vitest';
import { TEST_BILLING_PRICES } from '../../test/fakes/stripe/stripe-test-prices.js';
import { assertBillingPrices, isPaidPlanId, planForPriceId, priceIdFor } from './price-map.js';
import { stripeGatewayOptionsFromConfig } from './stripe-gateway-config.js';

describe('price map', () => {
  it('maps plan and cycle to our price id and back', () => {
    expect(priceIdFor(TEST_BILLING_PRICES, 'business', 'yearly')).toBe('price_business_yearly');
    expect(planForPriceId(TEST_BILLING_PRICES, 'price_pro_monthly')).toEqual({
      planId: 'pro',
      billingCycle: 'monthly',
    });
  });

  it('knows no price for the free plan or for foreign price ids', () => {
    expect(() => priceIdFor(TEST_BILLING_PRICES, 'free' as never, 'monthly')).toThrow();
    expect(planForPriceId(TEST_BILLING_PRICES, 'price_legacy_monthly')).toBeNull();
    expect(isPaidPlanId('free')).toBe(false);
    expect(isPaidPlanId('pro')).toBe(true);
  });

  it('refuses missing or shared price ids', () => {
    expect(() =>
      assertBillingPrices({ ...TEST_BILLING_PRICES, pro: { monthly: '', yearly: 'p' } }),
    ).toThrow(/monthly and a yearly/);
    expect(() =>
      assertBillingPrices({ ...TEST_BILLING_PRICES, pro: { monthly: 'same', yearly: 'same' } }),
    ).toThrow(/its own price id/);
  });
});

describe('stripeGatewayOptionsFromConfig', () => {
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_API_URL: 'http://127.0.0.1:4567',
    STRIPE_PRICE_PRO_MONTHLY: 'pm',
    STRIPE_PRICE_PRO_YEARLY: 'py',
    STRIPE_PRICE_BUSINESS_MONTHLY: 'bm',
    STRIPE_PRICE_BUSINESS_YEARLY: 'by',
  };

  it('is null while billing is off, and complete when configured', () => {
    expect(stripeGatewayOptionsFromConfig({ ...env, STRIPE_SECRET_KEY: undefined })).toBeNull();
    expect(stripeGatewayOptionsFromConfig(env)).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: 'http://127.0.0.1:4567',
      tax: { rateId: undefined, automatic: false },
      portalConfigurationId: undefined,
      prices: { pro: { monthly: 'pm', yearly: 'py' }, business: { monthly: 'bm', yearly: 'by' } },
    });
    expect(stripeGatewayOptionsFromConfig({ ...env, STRIPE_TAX_RATE_ID: 'txr_1' })?.tax).toEqual({ rateId: 'txr_1', automatic: false });
  });

  it('names the missing price variables', () => {
    expect(() =>
      stripeGatewayOptionsFromConfig({ ...env, STRIPE_PRICE_BUSINESS_YEARLY: undefined }),
    ).toThrow(/STRIPE_PRICE_BUSINESS_YEARLY/);
  });
});
