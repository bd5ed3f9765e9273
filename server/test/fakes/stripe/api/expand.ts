/**
 * `expand[]`: replaces id strings in a response with the objects they name, following dotted
 * paths (`latest_invoice`, `data.customer` on lists, `latest_invoice.confirmation_secret`).
 * Works on a copy so stored objects keep their ids.
 */
import { stripeErrors } from './errors.js';
import { confirmationSecretOf } from './invoices.js';
import type { WireInvoice } from './objects.js';
import type { FakeStripeStore } from './store.js';

const MAX_DEPTH = 4;

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function applyExpansions(store: FakeStripeStore, response: object, paths: string[]): object {
  if (paths.length === 0) return response;
  const copy = structuredClone(response) as Node;
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_DEPTH) {
      throw stripeErrors.invalidParam(
        'expand',
        `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
      );
    }
    expandInto(store, copy, segments, path);
  }
  return copy;
}

function expandInto(store: FakeStripeStore, node: Node, segments: string[], fullPath: string) {
  const [field, ...rest] = segments;
  const cannot = () =>
    stripeErrors.invalidParam('expand', `This property cannot be expanded (${fullPath}).`);
  // Lists expand through `data`.
  if (node.object === 'list' && field === 'data' && Array.isArray(node.data)) {
    for (const entry of node.data)
      if (isNode(entry) && rest.length > 0) expandInto(store, entry, rest, fullPath);
    return;
  }
  // Includable fields are computed, not looked up.
  if (node.object === 'invoice' && field === 'confirmation_secret') {
    node.confirmation_secret = confirmationSecretOf(node as unknown as WireInvoice);
    if (rest.length > 0) throw cannot();
    return;
  }
  if (!(field in node)) throw cannot();
  let value = node[field];
  if (typeof value === 'string') {
    const found = store.findById(value);
    if (!found) throw cannot();
    value = structuredClone(found);
    node[field] = value;
  }
  if (rest.length === 0) return;
  if (isNode(value)) expandInto(store, value, rest, fullPath);
  else if (value !== null) throw cannot();
}
