/**
 * The cookie-consent record (spec §3/§4), stored locally under 'cookie-consent' as
 * `{preferences: {necessary: true, analytics, marketing}, timestamp}`. Saving fires the window event
 * 'preferences-changed' with the preferences, so analytics (and anything else) can react at once.
 */
export const CONSENT_STORAGE_KEY = 'cookie-consent';
export const PREFERENCES_CHANGED_EVENT = 'preferences-changed';

export interface ConsentPreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}

export interface ConsentRecord {
  preferences: ConsentPreferences;
  /** ISO 8601 time of the choice. */
  timestamp: string;
}

/** What the visitor chooses; `necessary` may be passed but is always on. */
export type ConsentChoice = Pick<ConsentPreferences, 'analytics' | 'marketing'> & {
  necessary?: true;
};

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const NECESSARY_ONLY: ConsentChoice = { analytics: false, marketing: false };

/** The saved consent, or null when the visitor has not chosen yet (or the record is unreadable). */
export function readConsent(): ConsentRecord | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ConsentRecord> | null;
    const p = parsed?.preferences;
    if (!p || typeof p !== 'object') return null;
    return {
      preferences: {
        necessary: true,
        analytics: p.analytics === true,
        marketing: p.marketing === true,
      },
      timestamp: typeof parsed.timestamp === 'string' ? parsed.timestamp : '',
    };
  } catch {
    return null;
  }
}

/** Stores the choice (necessary is always on) and announces it with 'preferences-changed'. */
export function saveConsent(choice: ConsentChoice): ConsentRecord {
  const record: ConsentRecord = {
    preferences: { necessary: true, analytics: choice.analytics, marketing: choice.marketing },
    timestamp: new Date().toISOString(),
  };
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    /* storage blocked: the choice still applies to this page view */
  }
  window.dispatchEvent(
    new CustomEvent<ConsentPreferences>(PREFERENCES_CHANGED_EVENT, { detail: record.preferences }),
  );
  return record;
}

export function onConsentChange(handler: (preferences: ConsentPreferences) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<ConsentPreferences>).detail);
  window.addEventListener(PREFERENCES_CHANGED_EVENT, listener);
  return () => window.removeEventListener(PREFERENCES_CHANGED_EVENT, listener);
}
