import { useMemo } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ANALYTICS_EVENTS, type AnalyticsEventName } from '@contract/analytics';
import type { AdminAnalyticsResponse } from '@contract/admin';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { formatCount, formatDay, langOf } from '../format';

type Trends = AdminAnalyticsResponse['trends'];
/** Drawn at this size until the container is measured (also where nothing measures: tests). */
const INITIAL_SIZE = { width: 640, height: 260 };

/** Colours come from CSS variables (admin.css), so the charts follow the light/dark theme. */
const colour = (event: AnalyticsEventName) => `var(--chart-${event})`;
const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' };
const TOOLTIP = {
  contentStyle: {
    backgroundColor: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 10,
    color: 'var(--popover-foreground)',
    fontSize: 12,
    boxShadow: '0 8px 24px rgb(0 0 0 / 0.12)',
  },
  labelStyle: { fontWeight: 600, marginBottom: 4, color: 'var(--popover-foreground)' },
  itemStyle: { padding: 0 },
};

/** Long list of {date, event, count} → one row per day with a column per event. */
export function pivotTrends(trends: Trends): Array<{ date: string } & Record<AnalyticsEventName, number>> {
  const byDate = new Map<string, { date: string } & Record<AnalyticsEventName, number>>();
  for (const { date, event, count } of trends) {
    let row = byDate.get(date);
    if (!row) {
      row = { date, pageview: 0, cta_click: 0, signup: 0, checkout_click: 0, payment: 0 };
      byDate.set(date, row);
    }
    row[event] += count;
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export function summariseTrends(trends: Trends): { event: AnalyticsEventName; total: number }[] {
  return ANALYTICS_EVENTS.map((event) => ({ event, total: trends.filter((r) => r.event === event).reduce((sum, r) => sum + r.count, 0) }));
}

function ChartCard({ title, description, children, className, testId, empty }: { title: string; description: string; children: React.ReactNode; className?: string; testId: string; empty: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Card className={cn('flex flex-col', className)} data-testid={testId}>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <div className="relative px-2 pb-4 sm:px-4">
        {children}
        {empty && (
          <p className="pointer-events-none absolute inset-0 flex items-center justify-center pb-8 text-sm text-muted-foreground">{t('analytics.chartEmpty')}</p>
        )}
      </div>
    </Card>
  );
}

export function EventTrendsChart({ trends, className }: { trends: Trends | undefined; className?: string }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const rows = useMemo(() => (trends ? pivotTrends(trends) : []), [trends]);
  return (
    <ChartCard
      testId="chart-trends"
      title={t('analytics.trends.title')}
      description={t('analytics.trends.description')}
      className={className}
      empty={Boolean(trends) && trends!.every((r) => r.count === 0)}
    >
      {!trends ? (
        <Skeleton className="mx-2 h-72" />
      ) : (
        <div className="h-72 w-full">
          <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL_SIZE}>
            <LineChart data={rows} margin={{ top: 8, right: 0, bottom: 0, left: -8 }}>
              <CartesianGrid yAxisId="views" stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d, lang)} tick={AXIS} tickLine={false} axisLine={{ stroke: 'var(--border)' }} minTickGap={16} />
              {/* Pageviews outnumber every other event many times over: they get the left axis, the rest the right one. */}
              <YAxis yAxisId="views" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={48} tickFormatter={(v: number) => formatCount(v, lang)} />
              <YAxis yAxisId="actions" orientation="right" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={36} tickFormatter={(v: number) => formatCount(v, lang)} />
              <Tooltip {...TOOLTIP} labelFormatter={(d) => formatDay(String(d), lang)} formatter={(v) => formatCount(Number(v), lang)} />
              <Legend iconType="circle" iconSize={8} itemSorter={null} wrapperStyle={{ fontSize: 12, paddingTop: 8 }} />
              {ANALYTICS_EVENTS.map((event) => (
                <Line
                  key={event}
                  yAxisId={event === 'pageview' ? 'views' : 'actions'}
                  type="monotone"
                  dataKey={event}
                  name={t(`analytics.events.${event}`)}
                  stroke={colour(event)}
                  strokeWidth={2}
                  dot={false}
                  activeDot={{ r: 4 }}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </ChartCard>
  );
}

export function EventSummaryChart({ trends, className }: { trends: Trends | undefined; className?: string }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const totals = useMemo(() => (trends ? summariseTrends(trends).map((s) => ({ ...s, label: t(`analytics.events.${s.event}`) })) : []), [trends, t]);
  return (
    <ChartCard
      testId="chart-summary"
      title={t('analytics.summary.title')}
      description={t('analytics.summary.description')}
      className={className}
      empty={Boolean(trends) && totals.every((s) => s.total === 0)}
    >
      {!trends ? (
        <Skeleton className="mx-2 h-64" />
      ) : (
        <div className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL_SIZE}>
            <BarChart data={totals} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 4 }} barCategoryGap={10}>
              <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} tickFormatter={(v: number) => formatCount(v, lang)} />
              <YAxis type="category" dataKey="label" tick={AXIS} tickLine={false} axisLine={false} width={128} />
              <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--muted)', opacity: 0.6 }} formatter={(v) => formatCount(Number(v), lang)} />
              <Bar dataKey="total" name={t('analytics.summary.description')} radius={[0, 6, 6, 0]} isAnimationActive={false}>
                {totals.map((s) => (
                  <Cell key={s.event} fill={colour(s.event)} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </ChartCard>
  );
}
