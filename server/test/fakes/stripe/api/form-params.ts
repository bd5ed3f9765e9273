/**
 * Decodes Stripe's form encoding (`application/x-www-form-urlencoded` with bracket keys) into
 * nested values, the way the API reads what stripe-node's `stringifyRequestData` writes:
 * `items[0][price]=p` -> `{ items: [{ price: 'p' }] }`, `metadata[planId]=pro` -> an object,
 * `expand[0]=x` or `expand[]=x` -> an array. Query strings of GET/DELETE use the same rules.
 */

export type ParamValue = string | ParamValue[] | ParamObject;
export interface ParamObject {
  [key: string]: ParamValue;
}

export class FormParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = 'FormParamError';
  }
}

/** Objects are built first (indexes as keys), then index-keyed objects become arrays. */
type Draft = string | { [key: string]: Draft };

export function parseStripeForm(text: string): ParamObject {
  const root: { [key: string]: Draft } = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    assign(root, splitBracketKey(rawKey), value, rawKey);
  }
  return finish(root, false) as ParamObject;
}

/** `items[0][price]` -> `['items', '0', 'price']`; `expand[]` -> `['expand', '']`. */
function splitBracketKey(rawKey: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
  if (!match) throw new FormParamError(rawKey, `Invalid parameter name: ${rawKey}`);
  const segments = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]);
  return [match[1], ...segments];
}

function assign(root: { [key: string]: Draft }, path: string[], value: string, rawKey: string) {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    // An empty segment (`expand[]`) appends: it takes the next free index.
    const key = path[i] === '' ? String(Object.keys(node).length) : path[i];
    if (i === path.length - 1) {
      if (typeof node[key] === 'object') {
        throw new FormParamError(rawKey, `Invalid value for ${rawKey}: expected a hash or array.`);
      }
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next === 'string') {
      throw new FormParamError(
        rawKey,
        `Invalid value for ${path.slice(0, i + 1).join('.')}: got both a string and a hash.`,
      );
    }
    node = next ?? (node[key] = {});
  }
}

/** Turns objects whose keys are all indexes into arrays; metadata keys stay keys even if numeric. */
function finish(draft: Draft, insideMetadata: boolean): ParamValue {
  if (typeof draft === 'string') return draft;
  const keys = Object.keys(draft);
  if (!insideMetadata && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => finish(draft[String(index)], false));
  }
  const out: ParamObject = {};
  for (const key of keys) out[key] = finish(draft[key], insideMetadata || key === 'metadata');
  return out;
}
