import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useAuth } from '@/lib/auth';
import { loginPathReturningTo, safeReturnTo } from '@/lib/session-expiry';
import { PageSpinner } from './page-spinner';

/**
 * Signed-out visitors on tool views (a deep link to a project, a bookmark) go to the sign-in page,
 * which brings them back to that address afterwards (issue #26; spec §2 sent them to the landing
 * page, where the link was lost).
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return <PageSpinner />;
  if (!isAuthenticated) return <Redirect to={loginPathReturningTo(location + (search ? `?${search}` : ''))} replace />;
  return <>{children}</>;
}

/** Signed-in users on the login page go home (or back to `?returnTo`, where a session had ended). */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const search = useSearch();
  if (isLoading) return <PageSpinner />;
  if (isAuthenticated) return <Redirect to={safeReturnTo(search) ?? '/'} replace />;
  return <>{children}</>;
}

/** Spec §4: unauthenticated /admin routes go to the server's login endpoint. */
export function AdminSignIn({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) window.location.href = '/api/login';
  }, [isLoading, isAuthenticated]);
  if (isLoading || !isAuthenticated) return <PageSpinner />;
  return <>{children}</>;
}
