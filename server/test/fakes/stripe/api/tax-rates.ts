/**
 * Tax rates (`POST/GET /v1/tax_rates[/:id]`, billing reference §1.6) and the tax they add to an
 * invoice: a subscription's `default_tax_rates` are copied to its invoices; an exclusive rate adds
 * `round(amount × percentage / 100)` per line, summed into `total_taxes[]` (basil shape).
 * Stripe Tax (`automatic_tax[enabled]=true`) is only recorded: the fake has no tax registrations,
 * so, as Stripe does without one, it adds no tax (`taxability_reason: not_collecting`, §1.6).
 */
import { stripeErrors } from './errors.js';
import type { WireInvoiceTax, WireTaxRate } from './objects.js';
import type { ParamReader } from './params.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';

export function taxRateOf(store: FakeStripeStore, id: string, param?: string): WireTaxRate {
  const rate = store.taxRates.get(id);
  if (!rate) throw stripeErrors.resourceMissing('tax_rate', id, param);
  return rate;
}

/** `default_tax_rates[]` of a create/update: ids to objects; `''` clears (null). */
export function readTaxRates(store: FakeStripeStore, params: ParamReader, key: string): WireTaxRate[] | undefined {
  const ids = params.strings(key);
  if (ids === undefined) return undefined;
  return ids.map((id, index) => {
    const rate = taxRateOf(store, id, `${key}[${index}]`);
    if (!rate.active) throw stripeErrors.invalidParam(`${key}[${index}]`, `Tax rate ${id} is not active.`);
    return structuredClone(rate);
  });
}

/** The taxes of one line amount under `rates` (exclusive rates add to the total; inclusive ones are part of it). */
export function taxesFor(amount: number, rates: readonly WireTaxRate[]): WireInvoiceTax[] {
  return rates.map((rate) => {
    const tax = rate.inclusive
      ? Math.round(amount - amount / (1 + rate.percentage / 100))
      : Math.round((amount * rate.percentage) / 100);
    return {
      amount: tax,
      tax_behavior: rate.inclusive ? 'inclusive' : 'exclusive',
      tax_rate_details: { tax_rate: rate.id },
      taxability_reason: 'standard_rated',
      taxable_amount: rate.inclusive ? amount - tax : amount,
      type: 'tax_rate_details',
    };
  });
}

/** `total_taxes[]`: one entry per rate, summed over the lines. */
export function sumTaxes(lineTaxes: WireInvoiceTax[][]): WireInvoiceTax[] {
  const byRate = new Map<string, WireInvoiceTax>();
  for (const tax of lineTaxes.flat()) {
    const seen = byRate.get(tax.tax_rate_details.tax_rate);
    if (seen) {
      seen.amount += tax.amount;
      seen.taxable_amount += tax.taxable_amount;
    } else byRate.set(tax.tax_rate_details.tax_rate, { ...tax, tax_rate_details: { ...tax.tax_rate_details } });
  }
  return [...byRate.values()];
}

function createTaxRate(store: FakeStripeStore, params: ParamReader): WireTaxRate {
  params.allowOnly(['display_name', 'percentage', 'inclusive', 'country', 'state', 'jurisdiction', 'description', 'tax_type', 'active', 'metadata']);
  const displayName = params.requiredString('display_name');
  const percentageText = params.requiredString('percentage');
  const percentage = Number(percentageText);
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
    throw stripeErrors.invalidParam('percentage', `Invalid decimal: ${percentageText}`);
  }
  const inclusive = params.boolean('inclusive');
  if (inclusive === undefined) throw stripeErrors.parameterMissing('inclusive');
  const rate: WireTaxRate = {
    id: store.newId('txr'),
    object: 'tax_rate',
    active: params.boolean('active') ?? true,
    country: params.string('country') ?? null,
    created: store.now(),
    description: params.string('description') ?? null,
    display_name: displayName,
    effective_percentage: percentage,
    inclusive,
    jurisdiction: params.string('jurisdiction') ?? null,
    livemode: false,
    metadata: params.metadata(),
    percentage,
    state: params.string('state') ?? null,
    tax_type: params.string('tax_type') ?? null,
  };
  store.taxRates.set(rate.id, rate);
  return rate;
}

export function taxRateRoutes(store: FakeStripeStore): Route[] {
  return [
    route('POST', '/v1/tax_rates', ({ params }) => createTaxRate(store, params)),
    route('GET', '/v1/tax_rates/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      return taxRateOf(store, path.id);
    }),
    route('POST', '/v1/tax_rates/:id', ({ params, path }) => {
      // percentage and inclusive cannot change (§1.6): unknown here, so Stripe's "unknown parameter".
      params.allowOnly(['active', 'display_name', 'description', 'jurisdiction', 'metadata', 'tax_type', 'country', 'state']);
      const rate = taxRateOf(store, path.id);
      rate.active = params.boolean('active') ?? rate.active;
      rate.display_name = params.string('display_name') ?? rate.display_name;
      rate.metadata = params.metadata(rate.metadata);
      return rate;
    }),
  ];
}
