import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { useAuth } from '@/lib/auth';
import { AppLayout } from './app-layout';
import { PageSpinner } from './page-spinner';
import { AdminSignIn, SignedInOnly, SignedOutOnly } from './route-guards';

// Route-level code splitting: the landing page loads only what it shows.
const loadLandingPage = () => import('@/features/landing/landing-page');
const LandingPage = lazy(loadLandingPage);
const HomePage = lazy(() => import('@/features/home/home-page'));
const DashboardPage = lazy(() => import('@/features/staging/dashboard-page'));
const NewProjectPage = lazy(() => import('@/features/staging/new-project-page'));
const MyProjectsPage = lazy(() => import('@/features/projects/my-projects-page'));
const ProjectDetailPage = lazy(() => import('@/features/projects/project-detail-page'));
const SubscribePage = lazy(() => import('@/features/billing/subscribe-page'));
const SubscribePopupPage = lazy(() => import('@/features/billing/subscribe-popup-page'));
const LegalPage = lazy(() => import('@/features/legal/legal-page'));
const LoginPage = lazy(() => import('@/features/auth/login-page'));
const AdminApp = lazy(() => import('@/features/admin/admin-app'));
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
    <Switch>
      <Route path="/admin" nest>
        <AdminSignIn>
          <AdminApp />
        </AdminSignIn>
      </Route>
      <Route path="/subscribe-popup" component={SubscribePopupPage} />
      <Route path="/login">
        <SignedOutOnly>
          <LoginPage />
        </SignedOutOnly>
      </Route>
      <Route>
        <AppLayout>
          <Switch>
            <Route path="/" component={RootView} />
            <Route path="/dashboard">
              <SignedInOnly>
                <DashboardPage />
              </SignedInOnly>
            </Route>
            <Route path="/new-project">
              <SignedInOnly>
                <NewProjectPage />
              </SignedInOnly>
            </Route>
            <Route path="/my-projects">
              <SignedInOnly>
                <MyProjectsPage />
              </SignedInOnly>
            </Route>
            <Route path="/projects/:id">
              {(params) => (
                <SignedInOnly>
                  <ProjectDetailPage id={params.id} />
                </SignedInOnly>
              )}
            </Route>
            <Route path="/subscribe" component={SubscribePage} />
            <Route path="/impressum">{() => <LegalPage page="impressum" />}</Route>
            <Route path="/privacy">{() => <LegalPage page="privacy" />}</Route>
            <Route path="/terms">{() => <LegalPage page="terms" />}</Route>
            <Route component={NotFoundPage} />
          </Switch>
        </AppLayout>
      </Route>
    </Switch>
  );
}
