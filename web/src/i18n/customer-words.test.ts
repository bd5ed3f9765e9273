import { describe, expect, it } from 'vitest';

/**
 * Issue #26: customers read customer words. No text they can see names an environment variable,
 * a configuration key or a staging engine's id; the operator learns what to set from the admin
 * area's system status and the logs. The admin area's own texts are for the operator and exempt.
 */
const locales = import.meta.glob<Record<string, unknown>>(['../features/*/i18n/*.json', './*/*.json', '!../features/admin/**'], { eager: true, import: 'default' });
const landingSources = import.meta.glob<string>(['../features/landing/*.tsx', '!../features/landing/*.test.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const ENV_VARIABLE = /\b[A-Z]{2,}_[A-Z_]+\b/;
/** Engine ids (the values of the engine setting) and the public configuration's keys. */
const ENGINE_ID = /\b(openai|gemini|replicate|fixed-latency|offline)\b/i;
const CONFIG_KEY = /\b(stagingEngine|furnitureRemoval|billingEnabled|stripePublishableKey|stagingConcurrency|retentionDays)\b/;
const ENGINE_OR_CONFIG = { test: (text: string) => ENGINE_ID.test(text) || CONFIG_KEY.test(text) };

function strings(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => strings(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) strings(item, path ? `${path}.${key}` : key, out);
  return out;
}

describe('customer-facing words', () => {
  const texts = Object.entries(locales).flatMap(([file, json]) => strings(json, file.replace(/^.*?features\/|^\.\//, '')));

  it('scans the locale files of every customer-facing feature', () => {
    expect(Object.keys(locales).some((file) => file.includes('features/staging/i18n/de.json'))).toBe(true);
    expect(Object.keys(locales).some((file) => file.includes('features/admin/'))).toBe(false);
    expect(texts.length).toBeGreaterThan(500);
  });

  it('name no environment variable', () => {
    expect(texts.filter(([, text]) => ENV_VARIABLE.test(text))).toEqual([]);
  });

  it('name no engine id or configuration key', () => {
    expect(texts.filter(([, text]) => ENGINE_OR_CONFIG.test(text))).toEqual([]);
  });

  it('the landing page writes none into its markup either', () => {
    // String literals in the landing's components (texts come from the locale files; this catches inline ones).
    const literals = Object.entries(landingSources).flatMap(([file, source]) =>
      [...source.matchAll(/>([^<>{}]*[A-Za-z]{3,}[^<>{}]*)</g)].map((m) => [file, m[1]!.trim()] as [string, string]),
    );
    expect(literals.filter(([, text]) => ENV_VARIABLE.test(text) || ENGINE_OR_CONFIG.test(text))).toEqual([]);
  });
});
