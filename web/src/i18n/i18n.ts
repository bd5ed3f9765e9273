import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonDe from './common/de.json';
import commonEn from './common/en.json';
import { detectLanguage, LANGUAGE_STORAGE_KEY, type Language } from './language';

/**
 * Translations: `common` (header, buttons, shared messages) ships with the app; every feature keeps
 * its own `features/<feature>/i18n/{de,en}.json`, loaded as the namespace `<feature>` when a screen
 * of that feature first renders — the landing page never downloads the admin texts.
 */
const featureLocales = import.meta.glob<{ default: ResourceKey }>('../features/*/i18n/*.json');

const featureBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = featureLocales[`../features/${namespace}/i18n/${language}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

export function initI18n(language: Language = detectLanguage()) {
  if (i18n.isInitialized) return i18n;
  void i18n
    .use(featureBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: ['de', 'en'],
      ns: ['common'],
      defaultNS: 'common',
      resources: { de: { common: commonDe }, en: { common: commonEn } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = language;
  return i18n;
}

export async function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* storage blocked: the choice lasts for this visit */
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export { i18n };
