/**
 * `POST /v1/subscriptions/:id`: price or quantity swaps with `proration_behavior`
 * (create_prorations waits for the renewal, always_invoice charges now, none), a new billing
 * period when the interval changes, `cancel_at_period_end`, metadata and the default card.
 */
import { periodEndAfter } from './billing-periods.js';
import { attachedPaymentMethod, liveCustomer } from './customers.js';
import { stripeErrors } from './errors.js';
import { collectInvoice, commitInvoice, draftInvoice, type InvoiceLineInput } from './invoices.js';
import type { WireInvoice, WirePrice, WireSubscription, WireSubscriptionItem } from './objects.js';
import { paramPath, type ParamReader } from './params.js';
import { previousAttributes, type FakeStripeStore } from './store.js';
import { readTaxRates } from './tax-rates.js';
import {
  assertCompatible,
  chargeablePaymentMethod,
  itemLabel,
  newItem,
  priceOf,
  PRORATION_BEHAVIORS,
  readPaymentBehavior,
  subscriptionOf,
  type ProrationBehavior,
} from './subscription-parts.js';

function prorationLines(
  item: WireSubscriptionItem,
  oldPrice: WirePrice,
  oldQuantity: number,
  at: number,
): InvoiceLineInput[] {
  const start = item.current_period_start;
  const end = item.current_period_end;
  const remaining = Math.min(1, Math.max(0, (end - at) / (end - start)));
  const period = { start: Math.max(start, Math.min(at, end)), end };
  const date = new Date(period.start * 1000).toISOString().slice(0, 10);
  return [
    {
      subscriptionItem: item.id,
      price: oldPrice,
      quantity: oldQuantity,
      amount: -Math.round(oldPrice.unit_amount * oldQuantity * remaining),
      period,
      proration: true,
      description: `Unused time on ${oldQuantity} × ${oldPrice.nickname ?? oldPrice.product} after ${date}`,
    },
    {
      subscriptionItem: item.id,
      price: item.price,
      quantity: item.quantity,
      amount: Math.round(item.price.unit_amount * item.quantity * remaining),
      period,
      proration: true,
      description: `Remaining time on ${item.quantity} × ${item.price.nickname ?? item.price.product} after ${date}`,
    },
  ];
}

interface ItemChange {
  item: WireSubscriptionItem;
  oldPrice: WirePrice;
  oldQuantity: number;
}

/** Applies `items[...]` to a draft subscription; returns the items whose price or quantity changed. */
function applyItemUpdates(
  store: FakeStripeStore,
  draft: WireSubscription,
  itemParams: ParamReader[],
): ItemChange[] {
  const changes: ItemChange[] = [];
  const period = {
    start: draft.items.data[0].current_period_start,
    end: draft.items.data[0].current_period_end,
  };
  itemParams.forEach((itemParam, index) => {
    itemParam.allowOnly(['id', 'price', 'quantity', 'deleted', 'metadata']);
    const itemId = itemParam.string('id');
    const priceId = itemParam.string('price');
    const price = priceId ? priceOf(store, priceId, paramPath('items', index, 'price')) : undefined;
    const quantity = itemParam.integer('quantity');
    if (quantity !== undefined && quantity < 1) {
      throw stripeErrors.invalidParam(
        paramPath('items', index, 'quantity'),
        'Quantity must be at least 1.',
      );
    }
    if (!itemId) {
      if (!price) throw stripeErrors.parameterMissing(paramPath('items', index, 'price'));
      if (draft.items.data.some((i) => i.price.id === price.id)) {
        throw stripeErrors.invalidParam(
          paramPath('items', index, 'price'),
          'Cannot add multiple subscription items with the same price.',
        );
      }
      const item = newItem(store, draft.id, price, quantity ?? 1, period, itemParam.metadata());
      draft.items.data.push(item);
      changes.push({ item, oldPrice: price, oldQuantity: 0 });
      return;
    }
    const item = draft.items.data.find((i) => i.id === itemId);
    if (!item) {
      throw stripeErrors.invalidParam(
        paramPath('items', index, 'id'),
        `No such subscription item: '${itemId}'`,
        'resource_missing',
      );
    }
    if (itemParam.boolean('deleted')) {
      draft.items.data = draft.items.data.filter((i) => i !== item);
      changes.push({
        item: { ...item, quantity: 0 },
        oldPrice: item.price,
        oldQuantity: item.quantity,
      });
      return;
    }
    const before = { oldPrice: item.price, oldQuantity: item.quantity };
    if (price) {
      item.price = structuredClone(price);
      item.plan = store.plan(price);
    }
    if (quantity !== undefined) item.quantity = quantity;
    item.metadata = itemParam.metadata(item.metadata);
    if (item.price.id !== before.oldPrice.id || item.quantity !== before.oldQuantity)
      changes.push({ item, ...before });
  });
  if (draft.items.data.length === 0) {
    throw stripeErrors.invalidParam('items', 'A subscription must have at least one active price.');
  }
  assertCompatible(draft.items.data);
  return changes;
}

/** `automatic_tax[enabled]` (Stripe Tax, billing reference §1.6). */
export function readAutomaticTax(params: ParamReader): boolean | undefined {
  const automaticTax = params.object('automatic_tax');
  if (!automaticTax) return undefined;
  automaticTax.allowOnly(['enabled', 'liability']);
  const enabled = automaticTax.boolean('enabled');
  if (enabled === undefined) throw stripeErrors.parameterMissing('automatic_tax[enabled]');
  return enabled;
}

export interface PlannedUpdate {
  draft: WireSubscription;
  /** The invoice the change bills at once (not stored), or null. */
  invoice: WireInvoice | null;
  /** Proration lines that wait for the next renewal (`create_prorations`). */
  pending: InvoiceLineInput[];
}

/**
 * The subscription after `params` (the update's own params, or a preview's
 * `subscription_details`), worked out on a copy: nothing is stored, charged or emitted.
 */
export function planSubscriptionUpdate(
  store: FakeStripeStore,
  subscription: WireSubscription,
  params: ParamReader,
  options: { preview?: boolean } = {},
): PlannedUpdate {
  const customer = liveCustomer(store, subscription.customer);
  const proration: ProrationBehavior =
    params.oneOf('proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations';
  const now = store.now();
  const draft = structuredClone(subscription);
  const prorationDate = params.integer('proration_date');
  const period0 = { start: draft.items.data[0].current_period_start, end: draft.items.data[0].current_period_end };
  if (prorationDate !== undefined) {
    if (proration === 'none') {
      throw stripeErrors.invalidParam('proration_date', 'proration_date cannot be used with proration_behavior=none.');
    }
    if (prorationDate < period0.start || prorationDate > period0.end) {
      throw stripeErrors.invalidParam('proration_date', 'proration_date must be within the current billing period.');
    }
  }
  const at = prorationDate ?? now;

  const taxRates = readTaxRates(store, params, 'default_tax_rates');
  if (taxRates !== undefined) draft.default_tax_rates = taxRates;
  const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined) {
    draft.cancel_at_period_end = cancelAtPeriodEnd;
    draft.cancel_at = cancelAtPeriodEnd ? period0.end : null;
    draft.canceled_at = cancelAtPeriodEnd ? now : null;
    draft.cancellation_details.reason = cancelAtPeriodEnd ? 'cancellation_requested' : null;
  }
  if (params.has('cancel_at')) {
    // A timestamp, or '' to clear it (the param is "Emptyable", §1.1).
    const cancelAt = params.string('cancel_at') === '' ? null : params.integer('cancel_at')!;
    if (cancelAt !== null && cancelAt <= now) throw stripeErrors.invalidParam('cancel_at', 'cancel_at must be in the future.');
    draft.cancel_at = cancelAt;
    draft.cancel_at_period_end = cancelAt !== null && cancelAt === period0.end;
    draft.canceled_at = cancelAt === null ? null : now;
    draft.cancellation_details.reason = cancelAt === null ? null : 'cancellation_requested';
  }

  const itemParams = params.objects('items');
  const changes = itemParams ? applyItemUpdates(store, draft, itemParams) : [];
  let invoice: WireInvoice | null = null;
  const pending: InvoiceLineInput[] = [];
  if (changes.length > 0) {
    const intervalChanged =
      draft.items.data[0].price.recurring.interval !==
        subscription.items.data[0].price.recurring.interval ||
      draft.items.data[0].price.recurring.interval_count !==
        subscription.items.data[0].price.recurring.interval_count;
    if (intervalChanged) {
      // A new interval resets the billing cycle to now and bills the new period at once.
      const { interval, interval_count } = draft.items.data[0].price.recurring;
      const period = { start: now, end: periodEndAfter(now, now, interval, interval_count) };
      const credits =
        proration === 'none'
          ? []
          : changes.map((c) => prorationLines(c.item, c.oldPrice, c.oldQuantity, at)[0]);
      for (const item of draft.items.data) {
        item.current_period_start = period.start;
        item.current_period_end = period.end;
      }
      draft.billing_cycle_anchor = now;
      if (draft.cancel_at_period_end) draft.cancel_at = period.end;
      const charges = draft.items.data.map((item) => ({
        subscriptionItem: item.id,
        price: item.price,
        quantity: item.quantity,
        amount: item.price.unit_amount * item.quantity,
        period,
        proration: false,
        description: itemLabel(item.price, item.quantity),
      }));
      invoice = draftInvoice(store, draft, customer, 'subscription_update', [...credits, ...charges], now, options);
    } else if (proration === 'always_invoice') {
      const lines = changes.flatMap((c) => prorationLines(c.item, c.oldPrice, c.oldQuantity, at));
      invoice = draftInvoice(store, draft, customer, 'subscription_update', lines, now, options);
    } else if (proration === 'create_prorations') {
      pending.push(...changes.flatMap((c) => prorationLines(c.item, c.oldPrice, c.oldQuantity, at)));
    }
  }
  return { draft, invoice, pending };
}

export function updateSubscription(
  store: FakeStripeStore,
  id: string,
  params: ParamReader,
): WireSubscription {
  params.allowOnly([
    'items',
    'proration_behavior',
    'proration_date',
    'cancel_at_period_end',
    'cancel_at',
    'metadata',
    'default_payment_method',
    'default_tax_rates',
    'automatic_tax',
    'payment_behavior',
    'off_session',
    'description',
    'expand',
  ]);
  const subscription = subscriptionOf(store, id);
  const customer = liveCustomer(store, subscription.customer);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    const others = Object.keys(params.params).filter((k) => k !== 'metadata' && k !== 'expand');
    if (others.length > 0) {
      throw stripeErrors.invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
  }
  const behavior = readPaymentBehavior(params, true);
  params.boolean('off_session');
  const now = store.now();
  const { draft, invoice, pending } = planSubscriptionUpdate(store, subscription, params);

  draft.metadata = params.metadata(draft.metadata);
  const description = params.nullableString('description');
  if (description !== undefined) draft.description = description;
  const defaultPaymentMethod = params.nullableString('default_payment_method');
  if (defaultPaymentMethod !== undefined) {
    if (defaultPaymentMethod)
      attachedPaymentMethod(store, customer, defaultPaymentMethod, 'default_payment_method');
    draft.default_payment_method = defaultPaymentMethod;
  }
  const automaticTax = readAutomaticTax(params);
  if (automaticTax !== undefined) draft.automatic_tax.enabled = automaticTax;
  if (draft.automatic_tax.enabled && draft.default_tax_rates.length > 0) {
    throw stripeErrors.invalidRequest('You cannot use default_tax_rates together with automatic_tax[enabled]=true.');
  }

  if (invoice) {
    const paymentMethod = chargeablePaymentMethod(draft, customer);
    const paid =
      behavior === 'default_incomplete'
        ? false
        : collectInvoice(store, invoice, paymentMethod, id, now);
    // error_if_incomplete: a failed payment leaves the subscription unchanged and answers 402.
    if (!paid && behavior === 'error_if_incomplete') throw stripeErrors.cardDeclined();
    if (!paid && draft.status === 'active') draft.status = 'past_due';
    draft.latest_invoice = invoice.id;
  }
  if (pending.length > 0) {
    const queued = store.pendingProrations.get(id) ?? [];
    for (const { subscriptionItem, price, amount, description: text, period } of pending) {
      queued.push({ subscriptionItem, price, amount, description: text, period });
    }
    store.pendingProrations.set(id, queued);
  }

  const changed = previousAttributes(subscription, draft);
  Object.assign(subscription, draft);
  if (Object.keys(changed).length > 0)
    store.emit('customer.subscription.updated', subscription, changed);
  if (invoice) commitInvoice(store, invoice);
  return subscription;
}
