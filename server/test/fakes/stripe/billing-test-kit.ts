/**
 * Test-only: the real app (createTestApp) with stripe-node pointed at a FakeStripe through
 * STRIPE_API_URL, plus the steps a browser and Stripe take around it: sign up, start checkout,
 * confirm the card (what Stripe.js confirmSetup does), complete, and deliver signed webhooks.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { users, type UserRow } from '../../../src/db/schema/users.js';
import type { ServiceOverrides } from '../../../src/services.js';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../support/test-app.js';
import { FakeStripe, type ConfirmSetupOptions, type WireEvent } from './fake-stripe.js';
import { TEST_PRICE_CATALOGUE, TEST_WEBHOOK_SECRET } from './stripe-test-prices.js';

export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake_raumwerk',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_raumwerk',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly',
  STRIPE_PRICE_BUSINESS_MONTHLY: 'price_business_monthly',
  STRIPE_PRICE_BUSINESS_YEARLY: 'price_business_yearly',
  STRIPE_PRICE_PACK_50: 'price_pack_50',
  STRIPE_PRICE_PACK_200: 'price_pack_200',
  STRIPE_PRICE_PACK_500: 'price_pack_500',
};

export interface BillingKit {
  t: TestApp;
  fake: FakeStripe;
  close(): Promise<void>;
  /** A signed-in user; `cookie` for requests. */
  newUser(): Promise<{ cookie: string; userId: string; email: string }>;
  post(url: string, cookie: string | null, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string, cookie: string | null): Promise<LightMyRequestResponse>;
  /** get-or-create-subscription, then the card confirmed at the fake (as Stripe.js would). */
  cardSaved(cookie: string, plan: 'pro' | 'business', cycle: 'monthly' | 'yearly', confirm?: ConfirmSetupOptions): Promise<string>;
  /** The whole checkout through HTTP; returns the complete-subscription response. */
  subscribe(cookie: string, plan: 'pro' | 'business', cycle: 'monthly' | 'yearly', confirm?: ConfirmSetupOptions): Promise<LightMyRequestResponse>;
  account(userId: string): Promise<UserRow>;
  setAccount(userId: string, values: Partial<UserRow>): Promise<void>;
  /** Posts an event to the webhook, signed with the secret (or as given). */
  sendEvent(event: unknown, options?: { secret?: string; timestamp?: number; header?: string | null }): Promise<LightMyRequestResponse>;
  /** Delivers every fake event generated since the last call (what Stripe would send), in order. */
  deliverPendingEvents(options?: { types?: string[]; reverse?: boolean }): Promise<WireEvent[]>;
}

export async function startBillingKit(options: { env?: Record<string, string>; jobs?: boolean; vatPercent?: number; services?: ServiceOverrides } = {}): Promise<BillingKit> {
  const fake = await FakeStripe.start({ prices: TEST_PRICE_CATALOGUE });
  // A VAT rate made in the Dashboard beforehand, configured as STRIPE_TAX_RATE_ID (decision 018).
  const vat: Record<string, string> = options.vatPercent === undefined ? {} : { STRIPE_TAX_RATE_ID: fake.createTaxRate({ displayName: 'USt.', percentage: options.vatPercent, country: 'DE' }).id };
  const t = await createTestApp({ env: { ...STRIPE_TEST_ENV, STRIPE_API_URL: fake.url, ...vat, ...options.env }, jobs: options.jobs, services: options.services });
  let delivered = fake.events.length;

  const headers = (cookie: string | null) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  const post = (url: string, cookie: string | null, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: headers(cookie), ...(payload === undefined ? {} : { payload: payload as object }) });
  const get = (url: string, cookie: string | null) => t.app.inject({ method: 'GET', url, headers: headers(cookie) });

  async function cardSaved(cookie: string, plan: 'pro' | 'business', cycle: 'monthly' | 'yearly', confirm?: ConfirmSetupOptions) {
    const setup = await post('/api/get-or-create-subscription', cookie, { planId: plan, billingCycle: cycle });
    if (setup.statusCode !== 200) throw new Error(`checkout start failed: ${setup.statusCode} ${setup.body}`);
    const { setupIntentId } = setup.json() as { setupIntentId: string };
    fake.confirmSetupIntent(setupIntentId, confirm);
    return setupIntentId;
  }

  async function sendEvent(event: unknown, sendOptions: { secret?: string; timestamp?: number; header?: string | null } = {}) {
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    const signature = sendOptions.header === undefined ? fake.signEvent(payload, sendOptions.secret ?? TEST_WEBHOOK_SECRET, sendOptions.timestamp) : sendOptions.header;
    // Stripe sends no Origin and no cookie.
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      payload,
    });
  }

  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
    async newUser() {
      const account = await signUp(t.app);
      return { cookie: account.cookie, userId: account.user.id, email: account.email };
    },
    post,
    get,
    cardSaved,
    async subscribe(cookie, plan, cycle, confirm) {
      const setupIntentId = await cardSaved(cookie, plan, cycle, confirm);
      return post('/api/complete-subscription', cookie, { setupIntentId, planId: plan, billingCycle: cycle });
    },
    async account(userId) {
      const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
      if (!row) throw new Error(`no user ${userId}`);
      return row;
    },
    async setAccount(userId, values) {
      await t.database.db.update(users).set(values).where(eq(users.id, userId));
    },
    sendEvent,
    async deliverPendingEvents(deliverOptions = {}) {
      const events = fake.events.slice(delivered).filter((e) => !deliverOptions.types || deliverOptions.types.includes(e.type));
      delivered = fake.events.length;
      for (const event of deliverOptions.reverse ? [...events].reverse() : events) {
        const response = await sendEvent(event);
        if (response.statusCode !== 200) throw new Error(`webhook ${event.type} answered ${response.statusCode}: ${response.body}`);
      }
      return events;
    },
  };
}
