import { Coins, Gauge, Layers, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { CREDITS_PER_IMAGE } from '@contract/limits';
import type { UserStats } from '@contract/user-stats';
import { Progress } from '@/components/ui/progress';

/** Spec §3 user stats: used, limit, remaining and usage percentage. */
export function StatsGrid({ stats }: { stats: UserStats }) {
  const { t, i18n } = useTranslation('home');
  const number = new Intl.NumberFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB');
  const items: { key: string; icon: LucideIcon; value: string; hint: string }[] = [
    {
      key: 'used',
      icon: Layers,
      value: number.format(stats.creditsUsed),
      hint: t('stats.usedHint'),
    },
    {
      key: 'limit',
      icon: Wallet,
      value: number.format(stats.creditsLimit),
      hint: t('stats.limitHint'),
    },
    {
      key: 'remaining',
      icon: Coins,
      value: number.format(stats.creditsRemaining),
      hint: t('stats.remainingHint', { credits: CREDITS_PER_IMAGE }),
    },
    {
      key: 'usage',
      icon: Gauge,
      value: `${number.format(stats.usagePercentage)} %`,
      hint: t('stats.usageHint'),
    },
  ];
  return (
    <section aria-labelledby="stats-title" className="mt-10">
      <h2 id="stats-title" className="sr-only">
        {t('stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {items.map(({ key, icon: Icon, value, hint }) => (
          <div
            key={key}
            className="rounded-2xl border bg-card p-4 shadow-xs sm:p-5"
            data-testid={`stat-${key}`}
          >
            <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
              {t(`stats.${key}`)}
              <Icon className="size-4 shrink-0 text-primary" aria-hidden />
            </dt>
            <dd
              className="mt-2 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
              data-testid={`stat-${key}-value`}
            >
              {value}
            </dd>
            <dd className="mt-1 text-xs text-muted-foreground">
              {key === 'usage' ? (
                <Progress
                  value={Math.min(100, stats.usagePercentage)}
                  className="mt-2 h-1.5"
                  aria-label={t('stats.usage')}
                />
              ) : (
                hint
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
