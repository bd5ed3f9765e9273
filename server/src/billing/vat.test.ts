/** Decision 018: VAT on every subscription, from a configured tax rate or Stripe Tax; the preview shows the total with VAT. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startBillingKit, type BillingKit } from '../../test/fakes/stripe/billing-test-kit.js';

describe('with STRIPE_TAX_RATE_ID (19 %)', () => {
  let kit: BillingKit;
  beforeAll(async () => {
    kit = await startBillingKit({ vatPercent: 19 });
  });
  afterAll(async () => kit?.close());

  it('the checkout preview shows net, VAT and total before the user confirms', async () => {
    const user = await kit.newUser();
    const preview = await kit.get('/api/billing/change-preview?plan=pro&cycle=monthly', user.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ kind: 'new', subtotalCents: 2900, taxCents: 551, totalCents: 3451, amountDueNowCents: 3451, currency: 'eur' });
  });

  it('every subscription carries the rate; its invoices charge net + 19 %', async () => {
    const user = await kit.newUser();
    expect((await kit.subscribe(user.cookie, 'business', 'yearly')).statusCode).toBe(200);
    const subscription = kit.fake.subscription((await kit.account(user.userId)).stripeSubscriptionId!);
    expect(subscription.default_tax_rates.map((r) => r.id)).toEqual([kit.t.config.STRIPE_TAX_RATE_ID]);
    const invoice = kit.fake.invoice(subscription.latest_invoice!);
    expect(invoice).toMatchObject({ subtotal: 89100, total_excluding_tax: 89100, total: 106029, amount_paid: 106029 });
    expect(invoice.total_taxes).toEqual([expect.objectContaining({ amount: 16929, tax_behavior: 'exclusive', taxable_amount: 89100, tax_rate_details: { tax_rate: kit.t.config.STRIPE_TAX_RATE_ID } })]);
  });

  it('an upgrade preview includes the VAT on the prorated amount', async () => {
    const user = await kit.newUser();
    await kit.subscribe(user.cookie, 'pro', 'monthly');
    const preview = (await kit.get('/api/billing/change-preview?plan=business&cycle=monthly', user.cookie)).json();
    expect(preview.kind).toBe('upgrade');
    expect(preview.taxCents).toBe(Math.round(preview.subtotalCents * 0.19));
    expect(preview.amountDueNowCents).toBe(preview.subtotalCents + preview.taxCents);
  });
});

describe('with STRIPE_AUTOMATIC_TAX=true', () => {
  let kit: BillingKit;
  beforeAll(async () => {
    kit = await startBillingKit({ env: { STRIPE_AUTOMATIC_TAX: 'true' } });
  });
  afterAll(async () => kit?.close());

  it('subscriptions and previews ask Stripe Tax to compute the tax', async () => {
    const user = await kit.newUser();
    await kit.get('/api/billing/change-preview?plan=pro&cycle=monthly', user.cookie);
    expect(kit.fake.requests.findLast((r) => r.path === '/v1/invoices/create_preview')?.params).toMatchObject({ automatic_tax: { enabled: 'true' } });
    await kit.subscribe(user.cookie, 'pro', 'monthly');
    const subscription = kit.fake.subscription((await kit.account(user.userId)).stripeSubscriptionId!);
    expect(subscription.automatic_tax.enabled).toBe(true);
    expect(subscription.default_tax_rates).toEqual([]);
  });
});

it('refuses both VAT settings at once', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_TAX_RATE_ID: 'txr_1', STRIPE_AUTOMATIC_TAX: 'true' })).toThrow(/either STRIPE_TAX_RATE_ID or STRIPE_AUTOMATIC_TAX/);
});
