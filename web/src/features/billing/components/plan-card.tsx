import { yearlySavingText } from '@contract/plans';
import { Check, Loader2 } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { BillingCycle, Plan } from '@contract/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { ContactSalesButton } from '@/app/contact-sales-button';
import { euro, featureText, langOf, monthlyEquivalentText, priceOf } from '../billing-format';

export interface PlanAction {
  label: string;
  onClick(): void;
  disabled?: boolean;
  busy?: boolean;
}

/** One plan of contract/plans.ts with its price for the cycle, badges, features and one button. */
export function PlanCard({
  plan,
  cycle,
  popularLabel,
  current,
  action,
  contactSales = plan.contactSales,
}: {
  plan: Plan;
  cycle: BillingCycle;
  /** "Most popular" (modal) or "Recommended" (upgrade page), shown on the popular plan. */
  popularLabel: string;
  current: boolean;
  action: PlanAction;
  /** Offer "Contact sales" under the button (Business; every paid plan while payment is not set up). */
  contactSales?: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);
  const free = plan.monthlyPrice === 0;
  const highlighted = plan.popular && !current;
  return (
    <article
      aria-labelledby={`billing-plan-${plan.id}`}
      data-testid={`billing-plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-5 sm:p-6',
        highlighted ? 'border-primary shadow-xl shadow-primary/10 ring-1 ring-primary' : 'shadow-sm',
        current && 'border-foreground/25 bg-muted/40',
      )}
    >
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        <h3 id={`billing-plan-${plan.id}`} className="text-lg font-semibold tracking-tight">
          {plan.name[lang]}
        </h3>
        {plan.popular && (
          <Badge className="shadow-sm" data-testid="popular-badge">
            {popularLabel}
          </Badge>
        )}
        {current && (
          <Badge variant="outline" className="border-foreground/30 bg-background" data-testid="current-badge">
            {t('plan.currentBadge')}
          </Badge>
        )}
      </div>
      <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground md:min-h-[2lh]">{plan.description[lang]}</p>

      <div className="mt-5">
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="text-3xl font-bold tracking-tight tabular-nums" data-testid="billing-plan-price">
            {euro(priceOf(plan, cycle))}
          </span>
          <span className="text-sm text-muted-foreground">{cycle === 'yearly' ? t('plan.perYear') : t('plan.perMonth')}</span>
          {!free && <span className="text-xs text-muted-foreground">· {t('plan.exclVat')}</span>}
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-muted-foreground md:min-h-6">
          {free ? (
            <span>{t('plan.free')}</span>
          ) : cycle === 'yearly' ? (
            <>
              <span>{t('plan.monthlyEquivalent', { amount: monthlyEquivalentText(plan) })}</span>
              {yearlySavingText(plan) && (
                <Badge variant="success" className="text-[oklch(0.42_0.12_150)] dark:text-success" data-testid="yearly-note">
                  {yearlySavingText(plan)?.[lang]}
                </Badge>
              )}
            </>
          ) : null}
        </div>
      </div>

      <Button
        className="mt-5 w-full"
        variant={current ? 'secondary' : highlighted ? 'default' : 'outline'}
        disabled={current || action.disabled || action.busy}
        aria-busy={action.busy || undefined}
        onClick={action.onClick}
        data-testid={`choose-${plan.id}`}
      >
        {action.busy && <Loader2 className="animate-spin" aria-hidden />}
        {current ? t('plan.current') : action.label}
      </Button>
      {contactSales && <ContactSalesButton label={t('plan.contactSales')} className="mt-1 w-full" />}

      <ul className="mt-5 space-y-2.5 border-t pt-5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.key} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>{featureText(feature.label[lang], plan, lang)}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
