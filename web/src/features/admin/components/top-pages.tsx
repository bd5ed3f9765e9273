import { useTranslation } from '@/i18n/i18n';
import type { AdminAnalyticsResponse } from '@contract/admin';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { formatCount, langOf } from '../format';

export function TopPages({ pages, className }: { pages: AdminAnalyticsResponse['topPages'] | undefined; className?: string }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const max = Math.max(1, ...(pages ?? []).map((p) => p.count));
  return (
    <Card className={cn('flex flex-col', className)} data-testid="top-pages">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('analytics.topPages.title')}</CardTitle>
        <CardDescription>{t('analytics.topPages.description')}</CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">
        {!pages ? (
          <div className="space-y-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-7 w-full" />
            ))}
          </div>
        ) : pages.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t('analytics.topPages.empty')}</p>
        ) : (
          <ol className="space-y-3">
            {pages.map((page) => (
              <li key={page.path} className="space-y-1.5">
                <div className="flex items-center justify-between gap-3 text-sm">
                  <span className="truncate font-mono text-xs">{page.path === '/other' ? t('analytics.topPages.other') : page.path}</span>
                  <span className="font-semibold tabular-nums">{formatCount(page.count, lang)}</span>
                </div>
                <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
                  <div className="h-full rounded-full bg-[var(--chart-pageview)]" style={{ width: `${(page.count / max) * 100}%` }} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
