import { Suspense, useEffect, type ReactNode } from 'react';
import { needsEmailConfirmation, useAuth } from '@/lib/auth';
import { useTranslation } from '@/i18n/i18n';
import { useLocation } from 'wouter';
import { AppFooter } from './app-footer';
import { AppModals } from './app-modals';
import { AppHeader } from './header/app-header';
import { lazyScreen } from './lazy-screen';
import { PageSpinner } from './page-spinner';
import { usePageviewTracking } from './use-pageview-tracking';

// Only unconfirmed accounts download the banner (issue #10).
const EmailVerificationBanner = lazyScreen(() => import('@/features/auth/email-verification-banner'));
// Only paid accounts download the failed-payment banner (issue #11).
const PaymentFailedBanner = lazyScreen(() => import('@/features/billing/payment-failed-banner'));
const PackReturnNotice = lazyScreen(() => import('@/features/billing/pack-return-notice'));
// Only accounts with a pending deletion download its banner (issue #12 item 10).
const DeletionPendingBanner = lazyScreen(() => import('@/features/account/deletion-pending-banner'));
// Members of a workspace whose Business plan ended see what they can still do (decision 046).
const ReadOnlyWorkspaceBanner = lazyScreen(() => import('@/features/team/read-only-banner'));

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { user } = useAuth();
  usePageviewTracking();
  // A new page starts at the top (in-page anchors keep their position).
  useEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0 });
  }, [location]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        {t('common.skipToContent')}
      </a>
      {/* First in the tab order after the skip link: the cookie banner, when it shows. */}
      <AppModals />
      <AppHeader />
      {user && needsEmailConfirmation(user) && (
        <Suspense fallback={null}>
          <EmailVerificationBanner email={user.email} />
        </Suspense>
      )}
      {user && user.subscriptionPlan !== 'free' && (
        <Suspense fallback={null}>
          <PaymentFailedBanner user={user} />
        </Suspense>
      )}
      {user && typeof window !== 'undefined' && window.location.search.includes('pack=') && (
        <Suspense fallback={null}>
          <PackReturnNotice />
        </Suspense>
      )}
      {user?.deletionScheduledFor && (
        <Suspense fallback={null}>
          <DeletionPendingBanner scheduledFor={user.deletionScheduledFor} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <ReadOnlyWorkspaceBanner />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col focus:outline-none">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
