import { Coins } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import { showsUpgradeBadge, userStats } from '@contract/user-stats';
import { formatCreditReset } from '@/lib/credit-reset';
import { openAppModal } from '@/lib/modal-bus';
import { cn } from '@/lib/class-names';

/** Credits left of the month's allowance, plus pack credits as "+N"; opens the subscription modal; an Upgrade badge when credits run low (spec §9). */
export function CreditsDisplay({ user }: { user: UserResponse }) {
  const { t, i18n } = useTranslation();
  const stats = userStats(user);
  const low = showsUpgradeBadge(stats);
  const empty = stats.creditsRemaining === 0;
  const resetDate = formatCreditReset(user.creditsResetAt, i18n.language);
  // The month's allowance left of its limit; pack credits (decision 061) apart, as "+N".
  const allowanceLeft = stats.creditsRemaining - stats.packCredits;
  const label = [
    empty ? t('header.noCredits') : t('header.credits', { remaining: allowanceLeft, limit: stats.creditsLimit }),
    stats.packCredits > 0 ? t('header.packCredits', { count: stats.packCredits }) : null,
    resetDate ? t('header.creditsReset', { date: resetDate }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <button
      type="button"
      onClick={() => openAppModal('subscription')}
      className={cn(
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border bg-card px-3 text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
        low && 'border-warning/60',
      )}
      aria-label={label}
      title={label}
      data-testid="credits-display"
    >
      <Coins className="size-4 text-primary" aria-hidden />
      <span>
        <span className="tabular-nums">{allowanceLeft}</span>
        <span className="text-muted-foreground max-sm:hidden">/{stats.creditsLimit}</span>
        {stats.packCredits > 0 && (
          <span className="ml-1 tabular-nums text-primary" data-testid="credits-display-packs">
            +{stats.packCredits}
          </span>
        )}
      </span>
      {low && (
        <span
          className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
          data-testid="upgrade-badge"
        >
          {t('header.upgrade')}
        </span>
      )}
    </button>
  );
}
