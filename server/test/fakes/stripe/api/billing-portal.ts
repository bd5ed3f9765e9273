/**
 * `POST /v1/billing_portal/sessions` (billing reference §1.2): a short-lived `url` for one
 * customer. The url points at a page of the fake (`/_fake/portal/:id`) with the customer and a
 * link back to `return_url`, standing in for Stripe's hosted portal.
 */
import { liveCustomer } from './customers.js';
import { stripeErrors } from './errors.js';
import type { WireBillingPortalSession } from './objects.js';
import type { ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';

const LOCALES = ['auto', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'sv'] as const;

function createSession(store: FakeStripeStore, params: ParamReader): WireBillingPortalSession {
  params.allowOnly(['customer', 'return_url', 'configuration', 'locale', 'flow_data', 'on_behalf_of', 'expand']);
  const customer = liveCustomer(store, params.requiredString('customer'), 'customer');
  const returnUrl = params.string('return_url');
  if (returnUrl !== undefined && !/^https?:\/\//.test(returnUrl)) {
    throw stripeErrors.invalidParam('return_url', 'Not a valid URL');
  }
  const configuration = params.string('configuration') ?? 'bpc_fake_default';
  if (params.has('flow_data')) {
    // Deep links are not used by Raumwerk; the fake does not model them.
    throw stripeErrors.invalidParam('flow_data', 'fake-stripe does not implement billing portal flows.');
  }
  const id = store.newId('bps');
  const session: WireBillingPortalSession = {
    id,
    object: 'billing_portal.session',
    configuration,
    created: store.now(),
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: params.oneOf('locale', LOCALES) ?? null,
    on_behalf_of: null,
    return_url: returnUrl ?? null,
    url: `${store.baseUrl}/_fake/portal/${id}`,
  };
  store.portalSessions.set(id, session);
  return session;
}

export function billingPortalRoutes(store: FakeStripeStore): Route[] {
  return [route('POST', '/v1/billing_portal/sessions', ({ params }) => createSession(store, params))];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stand-in portal page, or null for an unknown session. */
export function portalPage(store: FakeStripeStore, sessionId: string): string | null {
  const session = store.portalSessions.get(sessionId);
  if (!session) return null;
  const back = session.return_url
    ? `<a id="return" href="${escapeHtml(session.return_url)}">Return to the app</a>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal (fake-stripe)</title></head>
<body><h1>Billing portal</h1><p>Customer <code id="customer">${escapeHtml(session.customer)}</code> (fake-stripe stand-in for Stripe's hosted portal: invoices, payment method, billing address, tax ID).</p>${back}</body></html>`;
}
