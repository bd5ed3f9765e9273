import { useMemo, useSyncExternalStore } from 'react';
import commonDe from './common/de.json';
import commonEn from './common/en.json';
import { detectLanguage, LANGUAGE_STORAGE_KEY, type Language } from './language';
import { translate, type Texts, type TranslateOptions } from './translate';

/**
 * Translations (decision 010: our own ~1 KB runtime instead of i18next + react-i18next, which cost
 * ~17 KB gzip of the landing page's budget). `common` (header, buttons, shared messages) ships with
 * the app; every feature keeps its own `features/<feature>/i18n/{de,en}.json`, loaded as the
 * namespace `<feature>` when a screen of that feature first renders (the component suspends until
 * then) — the landing page never downloads the admin texts, and only the active language is fetched.
 */
const featureLocales = import.meta.glob<{ default: Texts }>('../features/*/i18n/*.json');
/** Namespaces every feature shares but the landing page rarely needs (`errors`: server error codes). */
const sharedLocales = import.meta.glob<{ default: Texts }>('./errors/*.json');

const loaded = new Map<string, Texts>([
  ['de/common', commonDe],
  ['en/common', commonEn],
]);
const loading = new Map<string, Promise<Texts>>();
const listeners = new Set<() => void>();
let current: Language = 'en';
let initialized = false;

const namespaceId = (language: Language, namespace: string) => `${language}/${namespace}`;

function loadNamespace(language: Language, namespace: string): Promise<Texts> {
  const id = namespaceId(language, namespace);
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  let pending = loading.get(id);
  if (!pending) {
    const load = featureLocales[`../features/${namespace}/i18n/${language}.json`] ?? sharedLocales[`./${namespace}/${language}.json`];
    const attempt = () => (load ? load().then((module) => module.default) : Promise.resolve({}));
    pending = attempt()
      // One retry for a flaky network; after that the screen shows its keys rather than nothing.
      .catch(() => new Promise<Texts>((resolve) => setTimeout(() => resolve(attempt()), 1000)))
      .catch((error: unknown) => {
        console.warn(`translations ${id} could not be loaded`, error);
        return {};
      })
      .then((texts) => {
        loaded.set(id, texts);
        loading.delete(id);
        return texts;
      });
    loading.set(id, pending);
  }
  return pending;
}

function setLanguage(language: Language) {
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** Starts with the stored or detected language (tests pass one; a later call switches at once). */
export function initI18n(language: Language = detectLanguage()) {
  initialized = true;
  if (language !== current || (typeof document !== 'undefined' && document.documentElement.lang !== language)) setLanguage(language);
  return i18n;
}

/** Switches language after the texts the screen already shows are there, so nothing flashes a spinner. */
export async function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* storage blocked: the choice lasts for this visit */
  }
  const shown = [...loaded.keys()]
    .filter((id) => id.startsWith(`${current}/`))
    .map((id) => id.slice(id.indexOf('/') + 1));
  await Promise.all(shown.map((namespace) => loadNamespace(language, namespace)));
  setLanguage(language);
}

/**
 * What a spinner says while the code or texts of a screen load (issue #35: not English in a German UI).
 * Here, not in a namespace: it shows before any namespace has loaded.
 */
const LOADING: Record<Language, string> = { de: 'Wird geladen…', en: 'Loading…' };
export const loadingText = () => LOADING[current];

export const i18n = {
  get language(): Language {
    return current;
  },
  get isInitialized() {
    return initialized;
  },
  changeLanguage,
};

export interface TFunction {
  (key: string, options?: TranslateOptions & { returnObjects?: false }): string;
  <T = unknown>(key: string, options: TranslateOptions & { returnObjects: true }): T;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` after every language switch; returns the unsubscribe function. */
export function onLanguageChange(listener: () => void): () => void {
  return subscribe(listener);
}

/** Loads namespaces of the current language ahead of a render that must not suspend (hydration). */
export function loadTranslations(namespaces: string[]): Promise<unknown> {
  return Promise.all(namespaces.map((namespace) => loadNamespace(current, namespace)));
}
const currentLanguage = () => current;

/**
 * `t` for one namespace (default `common`) in the current language, re-rendering on a language
 * switch. Suspends while the namespace's texts load, like React.lazy does for code.
 */
export function useTranslation(namespace = 'common') {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const texts = loaded.get(namespaceId(language, namespace));
  // The Suspense protocol React.lazy and react-i18next use; `use()` would do in the browser, but
  // under act() (tests) it waits for an awaited act that a plain render never gives it.
  if (!texts) throw loadNamespace(language, namespace);
  return useMemo(() => {
    const t = ((key: string, options?: TranslateOptions) =>
      translate(texts, language, key, options)) as TFunction;
    return { t, i18n: { language, changeLanguage } };
  }, [texts, language]);
}
