import { describe, expect, it } from 'vitest';

/**
 * DESIGN §2: every locale pair (the shared `common` namespace and each feature's namespace) has the
 * same key set in German and English, and no text is empty.
 */
const files = {
  ...import.meta.glob<unknown>('./common/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<unknown>('./errors/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<unknown>('../features/*/i18n/*.json', { eager: true, import: 'default' }),
};

/** Groups the files by folder: { './common': { de, en }, '../features/home/i18n': { de, en } }. */
const pairs = new Map<string, Record<string, unknown>>();
for (const [file, json] of Object.entries(files)) {
  const dir = file.slice(0, file.lastIndexOf('/'));
  const lang = file.slice(file.lastIndexOf('/') + 1).replace('.json', '');
  pairs.set(dir, { ...pairs.get(dir), [lang]: json });
}

/** Flattens to "a.b.0.c" → value. */
function flatten(
  value: unknown,
  prefix = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

describe('locale files', () => {
  it('finds the common namespace and the feature namespaces', () => {
    expect(pairs.has('./common')).toBe(true);
    expect(pairs.size).toBeGreaterThan(5);
  });

  for (const [dir, pair] of pairs) {
    it(`${dir}: de.json and en.json have the same keys and no empty value`, () => {
      expect(Object.keys(pair).sort()).toEqual(['de', 'en']);
      const de = flatten(pair.de);
      const en = flatten(pair.en);
      const onlyDe = [...de.keys()].filter((k) => !en.has(k));
      const onlyEn = [...en.keys()].filter((k) => !de.has(k));
      expect({ onlyDe, onlyEn }).toEqual({ onlyDe: [], onlyEn: [] });
      const empty = [...de, ...en]
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([k]) => k);
      expect(empty).toEqual([]);
    });
  }
});
