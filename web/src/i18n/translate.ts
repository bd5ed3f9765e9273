/**
 * Looks up and fills one text of a namespace, with the subset of i18next's JSON format our locale
 * files use: nested keys joined by '.', plurals as `<key>_one` / `<key>_other` chosen by `count`
 * (CLDR rules of the language), `{{name}}` placeholders, `returnObjects` for lists of texts.
 */
export type Texts = { readonly [key: string]: unknown };

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [placeholder: string]: unknown;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function lookup(texts: Texts | undefined, key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function fill(text: string, values: TranslateOptions): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

function fillDeep(value: unknown, values: TranslateOptions): unknown {
  if (typeof value === 'string') return fill(value, values);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, values));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values)]));
  return value;
}

/** The text for `key`; a missing key answers `defaultValue` or the key itself, so gaps stay visible. */
export function translate(
  texts: Texts | undefined,
  language: string,
  key: string,
  options: TranslateOptions = {},
): unknown {
  let found: unknown;
  if (typeof options.count === 'number') {
    found =
      lookup(texts, `${key}_${pluralCategory(language, options.count)}`) ??
      lookup(texts, `${key}_other`);
  }
  found ??= lookup(texts, key);
  if (typeof found === 'string') return fill(found, options);
  if (found !== undefined && found !== null && options.returnObjects)
    return fillDeep(found, options);
  return options.defaultValue !== undefined ? fill(options.defaultValue, options) : key;
}
