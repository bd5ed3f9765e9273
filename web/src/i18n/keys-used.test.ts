import { describe, expect, it } from 'vitest';
import type { Texts } from './translate';

/**
 * Issue #35: no raw translation key can reach a screen. Every literal key the app passes to a `t`
 * from `useTranslation(namespace)` must resolve in that namespace in German and in English (as a
 * text, a plural pair or a list/object read with returnObjects); our runtime has no `ns:key` form,
 * so `t('common:common.retry')` shows the key itself and fails here. Keys built at run time
 * (`t(`rooms.${type}`)`) are checked on the screens by the journeys (e2e/fixtures/raw-keys.ts).
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const locales = {
  ...import.meta.glob<Texts>('./*/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Texts>('../features/*/i18n/*.json', { eager: true, import: 'default' }),
};

function texts(namespace: string, language: 'de' | 'en'): Texts | undefined {
  return locales[`../features/${namespace}/i18n/${language}.json`] ?? locales[`./${namespace}/${language}.json`];
}

function lookup(node: unknown, key: string): unknown {
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

const resolves = (namespace: string, language: 'de' | 'en', key: string) =>
  [key, `${key}_one`, `${key}_other`].some((k) => lookup(texts(namespace, language), k) !== undefined);

/** `const { t } = useTranslation('ns')`, `const { t: tc, i18n } = useTranslation()`: the name each `t` has and its namespace. */
const HOOK = /const\s*\{([^}]*)\}\s*=\s*useTranslation\(\s*(?:'([\w-]+)')?\s*\)/g;

interface Use {
  file: string;
  key: string;
  namespaces: string[];
}

function literalKeys(): Use[] {
  const uses: Use[] = [];
  for (const [file, source] of Object.entries(sources)) {
    const byName = new Map<string, Set<string>>();
    for (const [, bindings, namespace = 'common'] of source.matchAll(HOOK)) {
      const t = /(?:^|,)\s*t(?:\s*:\s*(\w+))?\s*(?:,|$)/.exec(bindings!.trim());
      if (!t) continue;
      const name = t[1] ?? 't';
      byName.set(name, (byName.get(name) ?? new Set()).add(namespace));
    }
    for (const [name, namespaces] of byName) {
      for (const [, key] of source.matchAll(new RegExp(`\\b${name}\\(\\s*['"]([^'"\`$]+)['"]`, 'g'))) {
        uses.push({ file, key: key!, namespaces: [...namespaces] });
      }
    }
  }
  return uses;
}

describe('translation keys used by the app', () => {
  const uses = literalKeys();

  it('finds the keys of the app (the scan itself works)', () => {
    expect(uses.length).toBeGreaterThan(500);
    expect(uses.some((u) => u.file.endsWith('listing-panel.tsx') && u.key === 'listing.copy' && u.namespaces.includes('projects'))).toBe(true);
  });

  it('every literal key resolves in its namespace in German and English', () => {
    const missing = uses
      .filter((u) => (['de', 'en'] as const).some((language) => !u.namespaces.some((ns) => resolves(ns, language, u.key))))
      .map((u) => `${u.file}: t('${u.key}') in ${u.namespaces.join(' or ')}`);
    expect(missing).toEqual([]);
  });
});
