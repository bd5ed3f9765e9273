export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';

/** DESIGN §4: the stored choice, else German when the browser prefers German, else English. */
export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored === 'de' || stored === 'en') return stored;
  } catch {
    /* storage blocked: fall through */
  }
  const preferred =
    typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language) : '';
  return preferred?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
