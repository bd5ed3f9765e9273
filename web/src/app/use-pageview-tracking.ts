import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '@/lib/auth';
import { countPageview, recountOnConsent } from '@/lib/analytics';

/**
 * `/` is the landing page only for visitors; signed-in users see home there, counted as `/home` so the
 * landing funnel stays honest.
 */
function countedPath(location: string, signedIn: boolean): string {
  return location === '/' && signedIn ? '/home' : location;
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
