import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { adminPages } from '@contract/pages';
import { useAuth } from '@/lib/auth';
import './admin.css';
import { AdminHeader } from './components/admin-header';
import { PageSpinnerInline } from './components/page-spinner-inline';
import { DashboardPage } from './pages/dashboard-page';
import { NoAccessPage } from './pages/no-access-page';

// Charts (recharts) load only with the pages that draw them.
const AnalyticsPage = lazy(() => import('./pages/analytics-page'));
const UsersPage = lazy(() => import('./pages/users-page'));
const ConsolePage = lazy(() => import('./pages/console-page'));
const SalesPage = lazy(() => import('./pages/sales-page'));
const ModelsPage = lazy(() => import('./pages/models-page'));
const CostsPage = lazy(() => import('./pages/costs-page'));
const BudgetsPage = lazy(() => import('./pages/budgets-page'));

/**
 * The admin area (spec §2) under the router's `/admin` nest: routes here are relative. The router
 * already sends signed-out visitors to /api/login; non-admins get a clear no-access page; an unknown
 * admin path shows the app's 404 page (`notFound`), which the server also answers with status 404.
 */
export default function AdminApp({ notFound }: { notFound: ReactNode }) {
  const { user } = useAuth();
  if (!user) return null;
  if (user.role !== 'admin') return <NoAccessPage user={user} />;
  return (
    <div className="admin-root flex min-h-dvh flex-col bg-muted/40 dark:bg-background">
      <AdminHeader user={user} />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Suspense fallback={<PageSpinnerInline />}>
          <Switch>
            <Route path={adminPages.dashboard} component={DashboardPage} />
            <Route path={adminPages.analytics} component={AnalyticsPage} />
            <Route path={adminPages.users} component={UsersPage} />
            <Route path={adminPages.sales} component={SalesPage} />
            <Route path={adminPages.console} component={ConsolePage} />
            <Route path={adminPages.models} component={ModelsPage} />
            <Route path={adminPages.costs} component={CostsPage} />
            <Route path={adminPages.budgets} component={BudgetsPage} />
            <Route>{notFound}</Route>
          </Switch>
        </Suspense>
      </main>
    </div>
  );
}
