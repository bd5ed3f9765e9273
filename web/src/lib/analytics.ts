import { onConsentChange, readConsent } from './consent';

/**
 * First-party, anonymous analytics (DESIGN §5: POST /api/analytics/events {event, path}). Nothing is
 * sent unless the visitor agreed to analytics cookies and neither Do Not Track nor Global Privacy
 * Control is set. Fire-and-forget: failures are ignored, and `keepalive` lets a click that leaves the
 * page still deliver its event.
 */
export type AnalyticsEvent = 'pageview' | 'cta_click' | 'checkout_click';

const ENDPOINT = '/api/analytics/events';

export function analyticsAllowed(): boolean {
  if (typeof navigator !== 'undefined') {
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    if (nav.doNotTrack === '1' || nav.globalPrivacyControl) return false;
  }
  return readConsent()?.preferences.analytics === true;
}

export function trackEvent(event: AnalyticsEvent, path: string = window.location.pathname): void {
  if (!analyticsAllowed()) return;
  try {
    void fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event, path }),
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    /* fetch unavailable: ignore */
  }
}

/** A page view of the path only: query strings (which may carry tokens) are never sent. */
export function trackPageview(path: string = window.location.pathname): void {
  trackEvent('pageview', path);
}

/** The path counted last: a second call for the same view (StrictMode, remounts, a hand-over) does not count twice. */
let lastCounted: string | null = null;

/** The admin console embeds the app in a frame: those views are not counted. */
const embedded = () => typeof window !== 'undefined' && window.top !== window.self;

/** Counts a view of `path` unless it is the one counted last (the app's routes and the prerendered landing page). */
export function countPageview(path: string): void {
  if (embedded() || path === lastCounted) return;
  lastCounted = path;
  trackPageview(path);
}

/** Counts the current view once more when analytics consent is given; returns the unsubscribe function. */
export function recountOnConsent(): () => void {
  return onConsentChange((preferences) => {
    if (preferences.analytics && !embedded())
      trackPageview(lastCounted ?? window.location.pathname);
  });
}
