import { BadgeEuro, Euro, Percent, Users } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { useUsers } from '../api/get-users';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { PlanDistribution } from '../components/plan-distribution';
import { RecentSignups } from '../components/recent-signups';
import { StatCard } from '../components/stat-card';
import { formatCount, formatPercent, formatEurFromCents, langOf } from '../format';

export default function UsersPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const users = useUsers();
  const data = users.data;
  const loading = users.isPending;
  return (
    <div className="space-y-6">
      <PageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
      {users.isError ? (
        <LoadError message={t('errors.users')} onRetry={() => void users.refetch()} />
      ) : (
        <>
          <section className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard testId="users-total" label={t('users.total')} hint={t('users.totalHint')} icon={Users} loading={loading} value={data && formatCount(data.totalUsers, lang)} />
            <StatCard
              testId="users-paid"
              label={t('users.paid')}
              hint={t('users.paidHint')}
              icon={BadgeEuro}
              accent="var(--chart-signup)"
              loading={loading}
              value={data && formatCount(data.paidUsers, lang)}
            />
            <StatCard
              testId="users-conversion"
              label={t('users.conversion')}
              hint={t('users.conversionHint')}
              icon={Percent}
              accent="var(--chart-cta_click)"
              loading={loading}
              value={data && formatPercent(data.conversionRate, lang)}
            />
            <StatCard
              testId="users-mrr"
              label={t('users.mrr')}
              hint={t('users.mrrHint')}
              icon={Euro}
              accent="var(--chart-payment)"
              loading={loading}
              value={data && formatEurFromCents(data.mrr, lang)}
              badge={
                data && (
                  <Badge variant={data.hasStripe ? 'success' : 'warning'} data-testid="mrr-source">
                    {data.hasStripe ? t('users.live') : t('users.estimated')}
                  </Badge>
                )
              }
            />
          </section>
          <div className="grid items-start gap-4 lg:grid-cols-5">
            <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
              <PlanDistribution counts={data?.userCounts} revenue={data?.planRevenue} total={data?.totalUsers ?? 0} />
              {data && !data.hasStripe && (
                <Alert variant="info" title={t('users.mrrNotice.title')} data-testid="mrr-notice">
                  <p>{t('users.mrrNotice.text')}</p>
                </Alert>
              )}
            </div>
            <RecentSignups signups={data?.recentSignups} className="min-w-0 lg:col-span-3" />
          </div>
        </>
      )}
    </div>
  );
}
