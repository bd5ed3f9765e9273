/** Customers and (card) payment methods. */
import { stripeErrors } from './errors.js';
import {
  wireList,
  type WireCustomer,
  type WireDeletedCustomer,
  type WirePaymentMethod,
} from './objects.js';
import type { ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import { previousAttributes, type FakeStripeStore } from './store.js';

const CUSTOMER_FIELDS = [
  'email',
  'name',
  'description',
  'phone',
  'metadata',
  'preferred_locales',
  'invoice_settings',
];

/** A live customer, or the error Stripe gives for a missing/deleted one (`param` set when referenced from a body). */
export function liveCustomer(store: FakeStripeStore, id: string, param?: string): WireCustomer {
  const customer = store.customers.get(id);
  if (!customer || 'deleted' in customer) throw stripeErrors.resourceMissing('customer', id, param);
  return customer;
}

export function paymentMethodOf(
  store: FakeStripeStore,
  id: string,
  param?: string,
): WirePaymentMethod {
  const paymentMethod = store.paymentMethods.get(id);
  if (!paymentMethod) throw stripeErrors.resourceMissing('PaymentMethod', id, param);
  return paymentMethod;
}

/** Checks the payment method belongs to the customer, as Stripe does before charging it. */
export function attachedPaymentMethod(
  store: FakeStripeStore,
  customer: WireCustomer,
  paymentMethodId: string,
  param: string,
): WirePaymentMethod {
  const paymentMethod = paymentMethodOf(store, paymentMethodId, param);
  if (paymentMethod.customer !== customer.id) {
    throw stripeErrors.invalidParam(
      param,
      `The customer does not have a payment method with the ID ${paymentMethodId}. ` +
        'The payment method must be attached to the customer.',
    );
  }
  return paymentMethod;
}

/** A card payment method as the Payment Element would create it; `declines` marks a card whose charges fail. */
export function createCardPaymentMethod(
  store: FakeStripeStore,
  options: { customer?: string | null; declines?: boolean } = {},
): WirePaymentMethod {
  const id = store.newId('pm');
  const last4 = options.declines ? '0341' : '4242';
  const paymentMethod: WirePaymentMethod = {
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'DE',
      display_brand: 'visa',
      exp_month: 12,
      exp_year: new Date(store.now() * 1000).getUTCFullYear() + 3,
      fingerprint: store.newId('fp', 16).slice(3),
      funding: 'credit',
      generated_from: null,
      last4,
      networks: { available: ['visa'], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: store.now(),
    customer: options.customer ?? null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  store.paymentMethods.set(id, paymentMethod);
  if (options.declines) store.decliningPaymentMethods.add(id);
  if (paymentMethod.customer) store.emit('payment_method.attached', paymentMethod);
  return paymentMethod;
}

/** Validates and applies the writable fields; `attaching` is a payment method this request attaches. */
function applyCustomerFields(
  store: FakeStripeStore,
  customer: WireCustomer,
  params: ParamReader,
  attaching?: string,
) {
  const email = params.nullableString('email');
  if (email !== undefined) {
    if (email !== null && !/^[^\s@]+@[^\s@]+$/.test(email)) {
      throw stripeErrors.invalidParam('email', `Invalid email address: ${email}`, 'email_invalid');
    }
    customer.email = email;
  }
  const name = params.nullableString('name');
  if (name !== undefined) customer.name = name;
  const description = params.nullableString('description');
  if (description !== undefined) customer.description = description;
  const phone = params.nullableString('phone');
  if (phone !== undefined) customer.phone = phone;
  const locales = params.strings('preferred_locales');
  if (locales !== undefined) customer.preferred_locales = locales;
  customer.metadata = params.metadata(customer.metadata);
  const invoiceSettings = params.object('invoice_settings')?.allowOnly(['default_payment_method']);
  const defaultPaymentMethod = invoiceSettings?.nullableString('default_payment_method');
  if (defaultPaymentMethod !== undefined) {
    if (defaultPaymentMethod !== null && defaultPaymentMethod !== attaching) {
      attachedPaymentMethod(
        store,
        customer,
        defaultPaymentMethod,
        'invoice_settings[default_payment_method]',
      );
    }
    customer.invoice_settings.default_payment_method = defaultPaymentMethod;
  }
}

export function createCustomer(store: FakeStripeStore, params: ParamReader): WireCustomer {
  params.allowOnly([...CUSTOMER_FIELDS, 'payment_method', 'expand']);
  const id = store.newId('cus', 14);
  const customer: WireCustomer = {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: store.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  // `payment_method` attaches an existing payment method while creating the customer.
  const paymentMethodId = params.string('payment_method');
  const paymentMethod = paymentMethodId
    ? paymentMethodOf(store, paymentMethodId, 'payment_method')
    : undefined;
  if (paymentMethod?.customer) {
    throw stripeErrors.invalidParam(
      'payment_method',
      'The payment method you provided has already been attached to a customer.',
    );
  }
  applyCustomerFields(store, customer, params, paymentMethod?.id);
  store.customers.set(id, customer);
  if (paymentMethod) paymentMethod.customer = id;
  store.emit('customer.created', customer);
  return customer;
}

function updateCustomer(store: FakeStripeStore, id: string, params: ParamReader): WireCustomer {
  params.allowOnly([...CUSTOMER_FIELDS, 'expand']);
  const customer = liveCustomer(store, id);
  const before = structuredClone(customer);
  const draft = structuredClone(customer);
  applyCustomerFields(store, draft, params);
  Object.assign(customer, draft);
  store.emit('customer.updated', customer, previousAttributes(before, customer));
  return customer;
}

function attachPaymentMethod(
  store: FakeStripeStore,
  id: string,
  params: ParamReader,
): WirePaymentMethod {
  params.allowOnly(['customer', 'expand']);
  const paymentMethod = paymentMethodOf(store, id);
  const customer = liveCustomer(store, params.requiredString('customer'), 'customer');
  if (paymentMethod.customer && paymentMethod.customer !== customer.id) {
    throw stripeErrors.invalidRequest(
      'The payment method you provided has already been attached to a customer.',
    );
  }
  paymentMethod.customer = customer.id;
  store.emit('payment_method.attached', paymentMethod);
  return paymentMethod;
}

function detachPaymentMethod(
  store: FakeStripeStore,
  id: string,
  params: ParamReader,
): WirePaymentMethod {
  params.allowOnly(['expand']);
  const paymentMethod = paymentMethodOf(store, id);
  if (!paymentMethod.customer) {
    throw stripeErrors.invalidRequest(
      `The payment method ${id} is not attached to a customer so detachment is impossible.`,
    );
  }
  paymentMethod.customer = null;
  store.emit('payment_method.detached', paymentMethod);
  return paymentMethod;
}

export function customerRoutes(store: FakeStripeStore): Route[] {
  return [
    route('POST', '/v1/customers', ({ params }) => createCustomer(store, params)),
    route('GET', '/v1/customers', ({ params }) => {
      params.allowOnly(['email', 'limit', 'starting_after', 'expand']);
      const email = params.string('email');
      const all = [...store.customers.values()].filter(
        (c): c is WireCustomer => !('deleted' in c) && (email === undefined || c.email === email),
      );
      return wireList(all.reverse(), '/v1/customers');
    }),
    route('GET', '/v1/customers/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      const customer = store.customers.get(path.id);
      if (!customer) throw stripeErrors.resourceMissing('customer', path.id);
      return customer;
    }),
    route('POST', '/v1/customers/:id', ({ params, path }) =>
      updateCustomer(store, path.id, params),
    ),
    route('DELETE', '/v1/customers/:id', ({ params, path }) => {
      params.allowOnly([]);
      liveCustomer(store, path.id);
      const deleted: WireDeletedCustomer = { id: path.id, object: 'customer', deleted: true };
      store.customers.set(path.id, deleted);
      store.emit('customer.deleted', deleted);
      return deleted;
    }),
    route('GET', '/v1/payment_methods/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      return paymentMethodOf(store, path.id);
    }),
    route('POST', '/v1/payment_methods/:id/attach', ({ params, path }) =>
      attachPaymentMethod(store, path.id, params),
    ),
    route('POST', '/v1/payment_methods/:id/detach', ({ params, path }) =>
      detachPaymentMethod(store, path.id, params),
    ),
  ];
}
