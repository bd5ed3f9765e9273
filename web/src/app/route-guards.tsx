import { useEffect, type ReactNode } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useAuth } from '@/lib/auth';
import { safeReturnTo } from '@/lib/session-expiry';
import { PageSpinner } from './page-spinner';

/** Spec §2: signed-out visitors on tool views go to the landing page. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!isAuthenticated) return <Redirect to="/" replace />;
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
