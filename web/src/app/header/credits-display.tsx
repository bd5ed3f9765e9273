import { Coins } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import { showsUpgradeBadge, userStats } from '@contract/user-stats';
import { formatCreditReset } from '@/lib/credit-reset';
import { openAppModal } from '@/lib/modal-bus';
import { cn } from '@/lib/class-names';

/** Credits left; opens the subscription modal; an Upgrade badge when credits run low (spec §9). */
export function CreditsDisplay({ user }: { user: UserResponse }) {
  const { t, i18n } = useTranslation();
  const stats = userStats(user);
  const low = showsUpgradeBadge(stats);
  const empty = stats.creditsRemaining === 0;
  const resetDate = formatCreditReset(user.creditsResetAt, i18n.language);
  const label = [
    empty ? t('header.noCredits') : t('header.credits', { remaining: stats.creditsRemaining, limit: stats.creditsLimit }),
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
        <span className="tabular-nums">{stats.creditsRemaining}</span>
        <span className="text-muted-foreground max-sm:hidden">/{stats.creditsLimit}</span>
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
