import { expect } from 'vitest';
import { TEST_WEBHOOK_SECRET } from '../../fakes/stripe/stripe-test-prices.js';
import { call, NUL, oversizedJson, rawBody, type HostileCase } from './case.js';
import type { World } from './world.js';

/** What Stripe would POST: no cookie, no Origin, the signature header over the exact bytes. */
function webhook(world: World, payload: string, options: { secret?: string; timestamp?: number; contentType?: string } = {}) {
  const request = rawBody('POST', '/api/stripe/webhook', null, payload, options.contentType ?? 'application/json; charset=utf-8');
  const signature = world.kit.fake.signEvent(payload, options.secret ?? TEST_WEBHOOK_SECRET, options.timestamp);
  return { ...request, headers: { ...request.headers, 'stripe-signature': signature } };
}

/** A cancellation of the victim's subscription, as an attacker would like Stripe to have sent it. */
const cancellation = (w: World) =>
  JSON.stringify(w.kit.fake.buildEvent('customer.subscription.deleted', { ...w.kit.fake.subscription(w.a.subscriptionId), status: 'canceled' }));

export const billingCases: HostileCase[] = [
  { name: 'setup intent: the free plan', route: 'POST /api/create-setup-intent', request: (w) => call('POST', '/api/create-setup-intent', w.b.cookie, { planId: 'free', billingCycle: 'monthly' }), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'setup intent: a 1 000-character price id',
    route: 'POST /api/create-setup-intent',
    request: (w) => call('POST', '/api/create-setup-intent', w.b.cookie, { planId: 'pro', billingCycle: 'monthly', priceId: 'price_'.padEnd(1000, 'x') }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  { name: 'subscription: a weekly cycle', route: 'POST /api/get-or-create-subscription', request: (w) => call('POST', '/api/get-or-create-subscription', w.b.cookie, { planId: 'pro', billingCycle: 'weekly' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'subscription: the plan as an array', route: 'POST /api/get-or-create-subscription', request: (w) => call('POST', '/api/get-or-create-subscription', w.b.cookie, { planId: ['pro', 'business'], billingCycle: 'monthly' }), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'complete: the victim’s confirmed setup intent',
    route: 'POST /api/complete-subscription',
    request: (w) => call('POST', '/api/complete-subscription', w.b.cookie, { setupIntentId: w.a.setupIntentId }),
    expectStatus: 403,
    expectCode: 'forbidden',
  },
  {
    name: 'complete: a traversal in the setup intent id',
    route: 'POST /api/complete-subscription',
    request: (w) => call('POST', '/api/complete-subscription', w.b.cookie, { setupIntentId: 'seti_../../v1/customers' }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  {
    name: 'complete: an unknown setup intent',
    route: 'POST /api/complete-subscription',
    request: (w) => call('POST', '/api/complete-subscription', w.b.cookie, { setupIntentId: 'seti_doesnotexist123' }),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  { name: 'sales inquiries: a signed-in non-admin', route: 'GET /api/admin/sales-inquiries', request: (w) => call('GET', '/api/admin/sales-inquiries', w.b.cookie), expectStatus: 403, expectCode: 'forbidden' },
  { name: 'change preview: the free plan', route: 'GET /api/billing/change-preview', request: (w) => call('GET', '/api/billing/change-preview?plan=free&cycle=monthly', w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'change plan: a plan that does not exist', route: 'POST /api/billing/change-plan', request: (w) => call('POST', '/api/billing/change-plan', w.b.cookie, { plan: 'enterprise', cycle: 'monthly' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'credit packs: a signed-out visitor', route: 'GET /api/billing/credit-packs', request: () => call('GET', '/api/billing/credit-packs', null), expectStatus: 401, expectCode: 'unauthorized' },
  {
    name: 'credit pack checkout: a pack that is not on sale, and credits named in the body',
    route: 'POST /api/billing/credit-packs/checkout',
    request: (w) => call('POST', '/api/billing/credit-packs/checkout', w.b.cookie, { packId: 'pack_100000', credits: 100000 }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  { name: 'portal: an account that never subscribed', route: 'POST /api/billing/portal', request: (w) => call('POST', '/api/billing/portal', w.b.cookie, {}), expectStatus: 409, expectCode: 'no_billing_account' },
  { name: 'resume: a forged cookie', route: 'POST /api/billing/resume', request: () => call('POST', '/api/billing/resume', 'rw_session=forged', {}), expectStatus: 401, expectCode: 'unauthorized' },
  {
    name: 'sales inquiry: a NUL only in the message never reaches PostgreSQL',
    route: 'POST /api/sales-inquiries',
    request: () => call('POST', '/api/sales-inquiries', null, { name: 'Mara', email: 'mara@example.com', company: 'Keller', message: `Rund 800 Bilder${NUL} im Monat.` }),
    expectStatus: 400,
    expectCode: 'validation_failed',
  },
  { name: 'sales inquiry: a 2 MB body', route: 'POST /api/sales-inquiries', request: () => rawBody('POST', '/api/sales-inquiries', null, oversizedJson()), expectStatus: 413, expectCode: 'payload_too_large' },
  { name: 'plan state: a forged cookie', route: 'GET /api/billing/subscription', request: () => call('GET', '/api/billing/subscription', 'rw_session=forged'), expectStatus: 401, expectCode: 'unauthorized' },
  { name: 'webhook: the victim’s cancellation signed with the wrong secret', route: 'POST /api/stripe/webhook', request: (w) => webhook(w, cancellation(w), { secret: 'whsec_attacker' }), expectStatus: 400, expectCode: 'bad_request' },
  {
    name: 'webhook: a correctly signed event replayed after 10 minutes',
    route: 'POST /api/stripe/webhook',
    request: (w) => webhook(w, cancellation(w), { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    expectStatus: 400,
    expectCode: 'bad_request',
  },
  {
    name: 'webhook: an event already processed, delivered again',
    route: 'POST /api/stripe/webhook',
    request: (w) => webhook(w, JSON.stringify(w.a.deliveredEvent)),
    expectStatus: 200,
    verify: (response) => expect(response.json()).toEqual({ received: true, outcome: 'duplicate' }),
  },
  { name: 'webhook: no signature header', route: 'POST /api/stripe/webhook', request: (w) => rawBody('POST', '/api/stripe/webhook', null, cancellation(w)), expectStatus: 400, expectCode: 'bad_request' },
  { name: 'webhook: a plain-text body', route: 'POST /api/stripe/webhook', request: (w) => webhook(w, 'id=evt_1&type=invoice.paid', { contentType: 'text/plain' }), expectStatus: 400, expectCode: 'bad_request' },
  { name: 'webhook: a 2 MB body', route: 'POST /api/stripe/webhook', request: (w) => webhook(w, oversizedJson()), expectStatus: 413, expectCode: 'payload_too_large' },
  { name: 'webhook: signed bytes that are not JSON', route: 'POST /api/stripe/webhook', request: (w) => webhook(w, '{"id": "evt_1", "type": '), expectStatus: 400, expectCode: 'bad_request' },
  { name: 'webhook: a signed JSON value that is no event', route: 'POST /api/stripe/webhook', request: (w) => webhook(w, '{"object":"event"}'), expectStatus: 400, expectCode: 'bad_request' },
];
