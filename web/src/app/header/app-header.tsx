import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { useAuth } from '@/lib/auth';
import { Logo } from './logo';
import { SIGNED_OUT_NAV_ISLAND, SignedOutNav } from './signed-out-nav';

// The signed-in controls (credits, profile menu with its Radix popper) load only for signed-in users,
// so a first visitor's landing page does not download them.
const SignedInNav = lazy(() => import('./signed-in-nav'));

/** Spec §2 header: signed out — language toggle and sign-in; signed in — projects, credits, profile, logout. */
export function AppHeader() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/65">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link
          href="/"
          aria-label={t('header.home')}
          className="shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          data-testid="logo-link"
        >
          <Logo wordmarkClassName={user ? 'max-[420px]:sr-only' : undefined} />
        </Link>
        {!isLoading && (
          <nav
            className="flex min-w-0 items-center gap-1 sm:gap-2"
            aria-label={t('header.navLabel')}
            data-island={user ? undefined : SIGNED_OUT_NAV_ISLAND}
          >
            {user ? (
              <Suspense
                fallback={
                  <div className="h-9 w-40 animate-pulse rounded-full bg-muted" aria-hidden />
                }
              >
                <SignedInNav user={user} />
              </Suspense>
            ) : (
              <SignedOutNav />
            )}
          </nav>
        )}
      </div>
    </header>
  );
}
