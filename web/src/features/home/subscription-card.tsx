import { Crown } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { PLANS } from '@contract/plans';
import type { UserStats } from '@contract/user-stats';
import { showsUpgradeBadge } from '@contract/user-stats';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatCreditReset } from '@/lib/credit-reset';
import { openAppModal } from '@/lib/modal-bus';

/** Spec §2 "subscription status": plan, credits and a button to the subscription modal. */
export function SubscriptionCard({ stats, resetAt }: { stats: UserStats; resetAt: string | null }) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const plan = PLANS[stats.subscriptionPlan];
  const empty = stats.creditsRemaining === 0;
  const low = !empty && showsUpgradeBadge(stats);
  const resetDate = formatCreditReset(resetAt, i18n.language);
  return (
    <section
      aria-labelledby="subscription-title"
      className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
      data-testid="subscription-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="subscription-title" className="text-sm font-medium text-muted-foreground">
            {t('subscription.title')}
          </h2>
          <p
            className="mt-1 flex items-center gap-2 text-2xl font-bold tracking-tight"
            data-testid="subscription-plan"
          >
            {plan.name[lang]}
            {plan.id !== 'free' && <Crown className="size-5 text-primary" aria-hidden />}
          </p>
        </div>
        {empty ? (
          <Badge variant="warning" data-testid="credits-empty-badge">
            {t('subscription.empty')}
          </Badge>
        ) : low ? (
          <Badge variant="warning">{t('subscription.low')}</Badge>
        ) : (
          <Badge variant="success" className="text-[oklch(0.42_0.12_150)] dark:text-success">
            {t('subscription.active')}
          </Badge>
        )}
      </div>
      <p className="mt-5 text-sm text-muted-foreground" data-testid="subscription-credits">
        {t('subscription.credits', {
          remaining: stats.creditsRemaining,
          limit: stats.creditsLimit,
        })}
      </p>
      <Progress
        value={Math.min(100, stats.usagePercentage)}
        className="mt-2.5"
        aria-label={t('subscription.usage', { percent: stats.usagePercentage })}
      />
      <p className="mt-2 text-xs text-muted-foreground" data-testid="credits-reset">
        {t('subscription.perMonth', { credits: plan.creditsPerMonth })}
        {resetDate && ` ${t(empty ? 'subscription.resetEmpty' : 'subscription.reset', { date: resetDate })}`}
      </p>
      <Button
        className="mt-6 w-full sm:mt-auto"
        variant={stats.subscriptionPlan === 'free' ? 'default' : 'outline'}
        onClick={() => openAppModal('subscription')}
        data-testid="manage-subscription"
      >
        {stats.subscriptionPlan === 'free' ? t('subscription.upgrade') : t('subscription.manage')}
      </Button>
    </section>
  );
}
