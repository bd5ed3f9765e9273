import { useTranslation } from '@/i18n/i18n';
import type { AdminAnalyticsResponse } from '@contract/admin';
import { PLANS } from '@contract/plans';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { formatCount, langOf } from '../format';

/** Workspaces per plan and how many of them a team works in (decision 046). */
export function WorkspaceCounts({ counts, className }: { counts: AdminAnalyticsResponse['workspaceCounts'] | undefined; className?: string }) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  return (
    <Card className={cn('flex flex-col', className)} data-testid="workspace-counts">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('analytics.workspaces.title')}</CardTitle>
        <CardDescription>{t('analytics.workspaces.description')}</CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">
        {!counts ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="pb-2 font-medium">{t('analytics.workspaces.plan')}</th>
                <th scope="col" className="pb-2 text-right font-medium">{t('analytics.workspaces.all')}</th>
                <th scope="col" className="pb-2 text-right font-medium">{t('analytics.workspaces.teams')}</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((row) => (
                <tr key={row.plan} className="border-b last:border-0" data-testid={`workspace-count-${row.plan}`}>
                  <th scope="row" className="py-2 text-left font-medium">{PLANS[row.plan].name[lang]}</th>
                  <td className="py-2 text-right tabular-nums">{formatCount(row.workspaces, lang)}</td>
                  <td className="py-2 text-right tabular-nums">{formatCount(row.teams, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Card>
  );
}
