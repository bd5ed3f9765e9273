import { readConsent } from './consent';

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
