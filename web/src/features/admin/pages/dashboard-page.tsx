import { CreditCard, Eye, MousePointerClick, RotateCw, ShoppingCart, UserPlus } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { AdminDashboardResponse } from '@contract/admin';
import { Button } from '@/components/ui/button';
import { useDashboard } from '../api/get-dashboard';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { QuickActions } from '../components/quick-actions';
import { StatCard } from '../components/stat-card';
import { SystemStatus } from '../components/system-status';
import { formatCount, langOf } from '../format';

type TodayKey = keyof AdminDashboardResponse['today'];
const CARDS: { key: TodayKey; icon: typeof Eye; accent: string }[] = [
  { key: 'pageviews', icon: Eye, accent: 'var(--chart-pageview)' },
  { key: 'ctaClicks', icon: MousePointerClick, accent: 'var(--chart-cta_click)' },
  { key: 'signups', icon: UserPlus, accent: 'var(--chart-signup)' },
  { key: 'checkoutClicks', icon: ShoppingCart, accent: 'var(--chart-checkout_click)' },
  { key: 'payments', icon: CreditCard, accent: 'var(--chart-payment)' },
];

export function DashboardPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const dashboard = useDashboard();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.subtitle')}
        actions={
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching} data-testid="admin-refresh">
            <RotateCw className={dashboard.isFetching ? 'animate-spin' : undefined} aria-hidden /> {t('common.refresh')}
          </Button>
        }
      />
      {dashboard.isError ? (
        <LoadError message={t('errors.dashboard')} onRetry={() => void dashboard.refetch()} />
      ) : (
        <section aria-label={t('dashboard.today')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
          {CARDS.map(({ key, icon, accent }, index) => (
            <StatCard
              key={key}
              className={index === CARDS.length - 1 ? 'col-span-2 sm:col-span-1' : undefined}
              testId={`today-${key}`}
              label={t(`dashboard.cards.${key}`)}
              hint={t(`dashboard.hints.${key}`)}
              icon={icon}
              accent={accent}
              loading={dashboard.isPending}
              value={dashboard.data ? formatCount(dashboard.data.today[key], lang) : null}
            />
          ))}
        </section>
      )}
      <div className="grid gap-4 lg:grid-cols-5">
        <QuickActions className="min-w-0 lg:col-span-2" />
        <SystemStatus className="min-w-0 lg:col-span-3" />
      </div>
    </div>
  );
}
