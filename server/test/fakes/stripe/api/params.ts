/**
 * Typed readers over decoded form params. Each failure is the 400 `invalid_request_error` the
 * real API sends, with `param` spelled the way the client sent it (`items[0][price]`).
 */
import { stripeErrors } from './errors.js';
import type { ParamObject, ParamValue } from './form-params.js';

export type Metadata = Record<string, string>;

/** `items`, `0`, `price` -> `items[0][price]`. */
export function paramPath(...segments: Array<string | number>): string {
  const [head, ...rest] = segments;
  return `${head}${rest.map((s) => `[${s}]`).join('')}`;
}

export class ParamReader {
  constructor(
    readonly params: ParamObject,
    /** Path prefix of this object inside the request, e.g. `['items', 0]`. */
    private readonly at: Array<string | number> = [],
  ) {}

  private path(key: string) {
    return paramPath(...this.at, key);
  }

  /** Stripe rejects parameters it does not know instead of ignoring them. */
  allowOnly(known: readonly string[]): this {
    for (const key of Object.keys(this.params)) {
      if (!known.includes(key)) throw stripeErrors.parameterUnknown(this.path(key));
    }
    return this;
  }

  has(key: string): boolean {
    return this.params[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      throw stripeErrors.invalidParam(this.path(key), `Invalid string: ${describe(value)}`);
    }
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw stripeErrors.parameterMissing(this.path(key));
    return value;
  }

  /** An empty string clears a field in Stripe's encoding; callers get `null` for it. */
  nullableString(key: string): string | null | undefined {
    const value = this.string(key);
    return value === '' ? null : value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') {
      throw stripeErrors.invalidParam(this.path(key), `Invalid boolean: ${value}`);
    }
    return value === 'true';
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) {
      throw stripeErrors.invalidParam(
        this.path(key),
        `Invalid integer: ${value}`,
        'parameter_invalid_integer',
      );
    }
    return Number(value);
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw stripeErrors.invalidParam(
        this.path(key),
        `Invalid ${this.path(key)}: must be one of ${values.join(', ')}`,
      );
    }
    return value as T;
  }

  object(key: string): ParamReader | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw stripeErrors.invalidParam(this.path(key), `Invalid object: ${describe(value)}`);
    }
    return new ParamReader(value, [...this.at, key]);
  }

  /** An array of hashes, e.g. `items[0][price]`. */
  objects(key: string): ParamReader[] | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      throw stripeErrors.invalidParam(this.path(key), `Invalid array: ${describe(value)}`);
    }
    return value.map((entry, index) => {
      if (typeof entry === 'string' || Array.isArray(entry)) {
        throw stripeErrors.invalidParam(
          paramPath(...this.at, key, index),
          `Invalid object: ${describe(entry)}`,
        );
      }
      return new ParamReader(entry, [...this.at, key, index]);
    });
  }

  /** An array of strings, e.g. `expand[0]=latest_invoice`. */
  strings(key: string): string[] | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      throw stripeErrors.invalidParam(this.path(key), `Invalid array: ${describe(value)}`);
    }
    return value as string[];
  }

  /**
   * Applies a metadata update the way Stripe does: keys are merged into `existing`, an empty value
   * removes a key, and `metadata=` (empty string) clears everything.
   */
  metadata(existing: Metadata = {}): Metadata {
    const value = this.params.metadata;
    if (value === undefined) return existing;
    if (value === '') return {};
    if (typeof value === 'string' || Array.isArray(value)) {
      throw stripeErrors.invalidParam(this.path('metadata'), `Invalid object: ${describe(value)}`);
    }
    const next: Metadata = { ...existing };
    for (const [key, entry] of Object.entries(value)) {
      const path = paramPath(...this.at, 'metadata', key);
      if (typeof entry !== 'string')
        throw stripeErrors.invalidParam(path, `Invalid string: ${describe(entry)}`);
      if (key.length > 40) {
        throw stripeErrors.invalidParam(path, 'Metadata keys can have up to 40 characters.');
      }
      if (entry.length > 500) {
        throw stripeErrors.invalidParam(path, 'Metadata values can have up to 500 characters.');
      }
      if (entry === '') delete next[key];
      else next[key] = entry;
    }
    if (Object.keys(next).length > 50) {
      throw stripeErrors.invalidParam(this.path('metadata'), 'Metadata can have up to 50 keys.');
    }
    return next;
  }
}

function describe(value: ParamValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
