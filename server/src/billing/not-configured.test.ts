import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/support/test-app.js';
import { STRIPE_TEST_ENV } from '../../test/fakes/stripe/billing-test-kit.js';

/** Without STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (the embedded default), billing is off. */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUp(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = { origin: TEST_ORIGIN, cookie }) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('billing not configured', () => {
  it.each([
    ['/api/create-setup-intent', { planId: 'pro', billingCycle: 'monthly' }],
    ['/api/get-or-create-subscription', { planId: 'business', billingCycle: 'yearly' }],
    ['/api/complete-subscription', { setupIntentId: 'seti_123' }],
  ])('%s answers 503 billing_not_configured', async (url, payload) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'billing_not_configured' });
  });

  it('downgrade-to-free still works for a user without a subscription', async () => {
    const response = await post('/api/downgrade-to-free');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, subscriptionPlan: 'free', creditsLimit: 6 });
  });

  it('the webhook refuses everything', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } }),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'billing_not_configured' });
  });

  it('GET /api/config says so and carries no key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ billingEnabled: false, stripePublishableKey: null });
  });
});

describe('billing half configured', () => {
  it('a secret key without the publishable key keeps checkout off', async () => {
    const { STRIPE_PUBLISHABLE_KEY: _omitted, ...env } = STRIPE_TEST_ENV;
    const half = await createTestApp({ env: { ...env, STRIPE_API_URL: 'http://127.0.0.1:9' } });
    try {
      const user = await signUp(half.app);
      const response = await half.app.inject({
        method: 'POST',
        url: '/api/create-setup-intent',
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        payload: { planId: 'pro', billingCycle: 'monthly' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'billing_not_configured' });
    } finally {
      await half.close();
    }
  });
});
