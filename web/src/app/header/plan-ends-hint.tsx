import { CalendarX2 } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import { useBillingState } from '@/features/billing/api/get-billing-state';
import { formatBillingDate, langOf } from '@/features/billing/billing-format';
import { openAppModal } from '@/lib/modal-bus';

/**
 * Next to the credits (issue #11): a paid plan set to cancel at the period end shows when it ends
 * ("Ends on 31.12.2026"); it opens the subscription modal, where "Keep my plan" is. Phones show the
 * icon only (the date is its accessible name and tooltip).
 */
export function PlanEndsHint({ user }: { user: UserResponse }) {
  const { t, i18n } = useTranslation();
  const paid = user.subscriptionPlan !== 'free';
  const billing = useBillingState(paid);
  const state = billing.data;
  if (!paid || !state?.cancelAtPeriodEnd || !state.currentPeriodEnd) return null;
  const label = t('header.endsOn', { date: formatBillingDate(state.currentPeriodEnd, langOf(i18n.language)) });
  return (
    <button
      type="button"
      onClick={() => openAppModal('subscription')}
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-warning/60 bg-warning/10 px-2.5 text-xs font-medium transition-colors hover:bg-warning/20 focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={label}
      title={label}
      data-testid="header-plan-ends"
    >
      <CalendarX2 className="size-4 text-warning" aria-hidden />
      <span className="whitespace-nowrap max-sm:hidden">{label}</span>
    </button>
  );
}
