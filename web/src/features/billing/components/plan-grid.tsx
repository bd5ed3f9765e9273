import { useTranslation } from '@/i18n/i18n';
import { PAID_PLAN_IDS, type PaidPlanId } from '@contract/billing';
import { PLAN_LIST, type BillingCycle, type Plan, type PlanId } from '@contract/plans';
import { cn } from '@/lib/class-names';
import { langOf } from '../billing-format';
import { PlanCard, type PlanAction } from './plan-card';

const isPaid = (id: PlanId): id is PaidPlanId => (PAID_PLAN_IDS as readonly string[]).includes(id);

/** Whether `plan` at `cycle` is what the user has (a paid plan at the other cycle is a switch, not current). */
export function isCurrentPlan(plan: Plan, cycle: BillingCycle, current: { plan: PlanId; cycle: BillingCycle | null } | null): boolean {
  if (!current || plan.id !== current.plan) return false;
  return plan.id === 'free' || current.cycle === null || current.cycle === cycle;
}

/** The three plans of contract/plans.ts, each with the button fitting the user's plan. */
export function PlanGrid({
  cycle,
  current,
  popularLabel,
  starting,
  locked,
  onChoosePaid,
  freeAction,
  purchasable = true,
  className,
}: {
  cycle: BillingCycle;
  /** Null for a visitor who is not signed in. */
  current: { plan: PlanId; cycle: BillingCycle | null } | null;
  popularLabel: string;
  /** The plan whose checkout is being prepared (its button spins, the others wait). */
  starting: PaidPlanId | null;
  locked?: boolean;
  onChoosePaid(planId: PaidPlanId): void;
  /** The free plan's button when it is not the current plan. */
  freeAction: PlanAction;
  /** False while online payment is not set up: paid plans say "Not available yet" and offer contact sales. */
  purchasable?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);

  function paidLabel(plan: Plan): string {
    const name = plan.name[lang];
    if (!current || current.plan === 'free') return t('plan.choose', { plan: name });
    if (current.plan === plan.id) return cycle === 'yearly' ? t('plan.switchToYearly') : t('plan.switchToMonthly');
    return t('plan.switchTo', { plan: name });
  }

  return (
    <div className={cn('grid gap-4 md:grid-cols-3', className)} data-testid="plan-grid">
      {PLAN_LIST.map((plan) => {
        const id = plan.id;
        const action: PlanAction = !isPaid(id)
          ? { ...freeAction, disabled: freeAction.disabled || locked || starting !== null }
          : purchasable
            ? { label: paidLabel(plan), onClick: () => onChoosePaid(id), busy: starting === id, disabled: locked || (starting !== null && starting !== id) }
            : { label: t('plan.notYet'), onClick: () => undefined, disabled: true };
        return (
          <PlanCard
            key={id}
            plan={plan}
            cycle={cycle}
            popularLabel={popularLabel}
            current={isCurrentPlan(plan, cycle, current)}
            action={action}
            contactSales={plan.contactSales || (isPaid(id) && !purchasable)}
          />
        );
      })}
    </div>
  );
}
