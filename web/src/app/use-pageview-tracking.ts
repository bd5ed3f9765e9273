import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '@/lib/auth';
import { trackPageview } from '@/lib/analytics';
import { onConsentChange } from '@/lib/consent';

/** The path counted last: a re-run of the effect (StrictMode, remounts) does not count twice. */
let lastTracked: string | null = null;

/**
 * `/` is the landing page only for visitors; signed-in users see home there, counted as `/home` so the
 * landing funnel stays honest. The admin console embeds the app in a frame: those views are not counted.
 */
function countedPath(location: string, signedIn: boolean): string {
  return location === '/' && signedIn ? '/home' : location;
}

const embedded = () => typeof window !== 'undefined' && window.top !== window.self;

/** Counts a view of `path` unless it is the one counted last (also used by the prerendered landing page). */
export function countPageview(path: string) {
  if (embedded() || path === lastTracked) return;
  lastTracked = path;
  trackPageview(path);
}

/** Counts the current view once more when analytics consent is given; returns the unsubscribe function. */
export function recountOnConsent(): () => void {
  return onConsentChange((preferences) => {
    if (preferences.analytics && !embedded()) trackPageview(lastTracked ?? window.location.pathname);
  });
}

/** Counts a page view on every route change, and once more when analytics consent is given. */
export function usePageviewTracking() {
  const [location] = useLocation();
  const { isAuthenticated, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading) countPageview(countedPath(location, isAuthenticated));
  }, [location, isAuthenticated, isLoading]);
  useEffect(() => recountOnConsent(), []);
}
