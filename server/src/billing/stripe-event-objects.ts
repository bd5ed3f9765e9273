/**
 * Reading ids out of webhook event objects in the pinned API version, where an invoice names its
 * subscription at `parent.subscription_details.subscription` (the old `invoice.subscription` is gone).
 */

type EventObject = { id?: string; object?: string } & Record<string, unknown>;

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string'
  ) {
    return (value as { id: string }).id;
  }
  return null;
}

/** The subscription a `customer.subscription.*` or `invoice.*` event is about, if any. */
export function subscriptionIdOf(object: EventObject): string | null {
  if (object.object === 'subscription') return object.id ?? null;
  if (object.object === 'subscription_schedule') {
    // A released schedule no longer names its subscription, only `released_subscription`.
    return idOf(object.subscription) ?? idOf(object.released_subscription);
  }
  if (object.object === 'invoice') {
    const parent = object.parent as
      { subscription_details?: { subscription?: unknown } | null } | null | undefined;
    return idOf(parent?.subscription_details?.subscription);
  }
  return null;
}

/** The customer an event object belongs to (subscriptions, invoices, setup intents, customers). */
export function customerIdOf(object: EventObject): string | null {
  if (object.object === 'customer') return object.id ?? null;
  return idOf(object.customer);
}
