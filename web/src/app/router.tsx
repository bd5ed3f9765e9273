import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { ADMIN_BASE, pages } from '@contract/pages';
import { useAuth } from '@/lib/auth';
import { AppLayout } from './app-layout';
import { DocumentTitle } from './document-title';
import { lazyScreen } from './lazy-screen';
import { PageSpinner } from './page-spinner';
import { PublicShell } from './public-shell';
import { AdminSignIn, SignedInOnly, SignedOutOnly } from './route-guards';

// Route-level code splitting: the landing page loads only what it shows; other screens bring
// the complete style sheet with them (lazy-screen.ts).
const loadLandingPage = () => import('@/features/landing/landing-page');
const LandingPage = lazy(loadLandingPage);
const HomePage = lazyScreen(() => import('@/features/home/home-page'));
const DashboardPage = lazyScreen(() => import('@/features/staging/dashboard-page'));
const NewProjectPage = lazyScreen(() => import('@/features/staging/new-project-page'));
const MyProjectsPage = lazyScreen(() => import('@/features/projects/my-projects-page'));
const ProjectDetailPage = lazyScreen(() => import('@/features/projects/project-detail-page'));
const SubscribePage = lazyScreen(() => import('@/features/billing/subscribe-page'));
const SubscribePopupPage = lazyScreen(() => import('@/features/billing/subscribe-popup-page'));
const LegalPage = lazyScreen(() => import('@/features/legal/legal-page'));
const LoginPage = lazyScreen(() => import('@/features/auth/login-page'));
const ForgotPasswordPage = lazyScreen(() => import('@/features/auth/forgot-password-page'));
const ResetPasswordPage = lazyScreen(() => import('@/features/auth/reset-password-page'));
const VerifyEmailPage = lazyScreen(() => import('@/features/auth/verify-email-page'));
const ConfirmEmailPage = lazyScreen(() => import('@/features/auth/confirm-email-page'));
const AdminApp = lazyScreen(() => import('@/features/admin/admin-app'));
const SharedListingPage = lazyScreen(() => import('@/features/sharing/shared-listing-page'));
const InvitationPage = lazyScreen(() => import('@/features/team/invitation-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/** `/` shows the landing page to visitors and home to signed-in users (spec §2). */
function RootView() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) {
    // Most visitors of `/` are signed out: fetch the landing page while the user call is running
    // instead of after it (the chunk is small; a signed-in user merely has it cached).
    void loadLandingPage();
    return <PageSpinner />;
  }
  return isAuthenticated ? <HomePage /> : <LandingPage />;
}

export function AppRouter() {
  return (
    <>
      <DocumentTitle />
      <Switch>
        <Route path={ADMIN_BASE} nest>
          <AdminSignIn>
            <AdminApp notFound={<NotFoundPage />} />
          </AdminSignIn>
        </Route>
        <Route path={pages.subscribePopup} component={SubscribePopupPage} />
        <Route path={pages.login}>
          <SignedOutOnly>
            <LoginPage />
          </SignedOutOnly>
        </Route>
        {/* The mailed account links (issue #10); they work signed in or out. */}
        <Route path={pages.forgotPassword} component={ForgotPasswordPage} />
        <Route path={pages.resetPassword} component={ResetPasswordPage} />
        <Route path={pages.verifyEmail} component={VerifyEmailPage} />
        <Route path={pages.confirmEmail} component={ConfirmEmailPage} />
        {/* A project's public share page (decision 026): signed in or out, no app navigation. */}
        <Route path={pages.sharedListing}>
          {(params) => <SharedListingPage token={params.token} Frame={PublicShell} />}
        </Route>
        <Route>
          <AppLayout>
            <Switch>
              <Route path={pages.home} component={RootView} />
              {/* The mailed workspace invitation (decision 041): signed in or out. */}
              <Route path={pages.invitation} component={InvitationPage} />
              <Route path={pages.dashboard}>
                <SignedInOnly>
                  <DashboardPage />
                </SignedInOnly>
              </Route>
              <Route path={pages.newProject}>
                <SignedInOnly>
                  <NewProjectPage />
                </SignedInOnly>
              </Route>
              <Route path={pages.myProjects}>
                <SignedInOnly>
                  <MyProjectsPage />
                </SignedInOnly>
              </Route>
              <Route path={pages.project}>
                {(params) => (
                  <SignedInOnly>
                    <ProjectDetailPage id={params.id} />
                  </SignedInOnly>
                )}
              </Route>
              <Route path={pages.subscribe} component={SubscribePage} />
              <Route path={pages.impressum}>{() => <LegalPage page="impressum" />}</Route>
              <Route path={pages.privacy}>{() => <LegalPage page="privacy" />}</Route>
              <Route path={pages.terms}>{() => <LegalPage page="terms" />}</Route>
              <Route component={NotFoundPage} />
            </Switch>
          </AppLayout>
        </Route>
      </Switch>
    </>
  );
}
