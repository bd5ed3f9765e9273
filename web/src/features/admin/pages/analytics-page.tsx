import { useTranslation } from '@/i18n/i18n';
import { useAnalytics } from '../api/get-analytics';
import { EventSummaryChart, EventTrendsChart } from '../components/event-charts';
import { FunnelCard } from '../components/funnel-card';
import { GdprBox } from '../components/gdpr-box';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { TopPages } from '../components/top-pages';
import { WorkspaceCounts } from '../components/workspace-counts';

export default function AnalyticsPage() {
  const { t } = useTranslation('admin');
  const analytics = useAnalytics();
  const data = analytics.data;
  return (
    <div className="space-y-6">
      <PageHeader title={t('analytics.title')} subtitle={t('analytics.subtitle')} />
      {analytics.isError && <LoadError message={t('errors.analytics')} onRetry={() => void analytics.refetch()} />}
      {!analytics.isError && (
        <>
          <FunnelCard funnel={data?.conversions.last7d} />
          <EventTrendsChart trends={data?.trends} />
          <div className="grid gap-4 lg:grid-cols-5">
            <EventSummaryChart trends={data?.trends} className="min-w-0 lg:col-span-3" />
            <TopPages pages={data?.topPages} className="min-w-0 lg:col-span-2" />
          </div>
          <WorkspaceCounts counts={data?.workspaceCounts} className="max-w-xl" />
        </>
      )}
      <GdprBox />
    </div>
  );
}
