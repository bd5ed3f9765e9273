import { Check } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { monthlyEquivalent, type BillingCycle, type Plan, yearlySavingText } from '@contract/plans';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/class-names';
import { ContactSalesButton } from '@/app/contact-sales-button';
import { SignUpCta } from './cta-link';
import { euro, featureLabel, grossPrice, netPrice, vatPercent } from './pricing';

/** One plan of contract/plans.ts: price excl. VAT with the incl.-VAT amount, features and a button to sign-up. */
export function PlanCard({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const { t, i18n } = useTranslation('landing');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const net = netPrice(plan, cycle);
  const free = plan.monthlyPrice === 0;
  return (
    <article
      aria-labelledby={`plan-${plan.id}-name`}
      data-testid={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 sm:p-8',
        plan.popular
          ? 'border-primary shadow-2xl shadow-primary/15 ring-1 ring-primary lg:-my-4 lg:py-12'
          : 'shadow-sm',
      )}
    >
      {plan.popular && (
        <Badge
          className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-md"
          data-testid="popular-badge"
        >
          {t('pricing.popular')}
        </Badge>
      )}
      <h3 id={`plan-${plan.id}-name`} className="text-xl font-semibold tracking-tight">
        {plan.name[lang]}
      </h3>
      <p className="mt-2 min-h-10 text-sm leading-relaxed text-muted-foreground">
        {plan.description[lang]}
      </p>

      <div className="mt-6">
        <p className="flex flex-wrap items-baseline gap-x-1.5 gap-y-1">
          <span
            className="text-4xl font-bold tracking-tight tabular-nums sm:text-5xl"
            data-testid="plan-price"
          >
            {euro(net)}
          </span>
          <span className="text-sm text-muted-foreground">
            {cycle === 'yearly' ? t('pricing.perYear') : t('pricing.perMonth')}
          </span>
          {!free && <span className="text-sm text-muted-foreground">· {t('pricing.exclVat')}</span>}
        </p>
        <div className="mt-2 min-h-12 space-y-1 text-sm text-muted-foreground">
          {free ? (
            <p>{t('pricing.freeForever')}</p>
          ) : (
            <>
              <p data-testid="plan-gross">
                {t('pricing.inclVat', { amount: euro(grossPrice(net)), rate: vatPercent })}
              </p>
              {cycle === 'yearly' && (
                <p className="flex flex-wrap items-center gap-2">
                  <span>
                    {t('pricing.monthlyEquivalent', {
                      amount: euro(Math.round(monthlyEquivalent(plan, 'yearly') * 100) / 100),
                    })}
                  </span>
                  {yearlySavingText(plan) && (
                    <Badge
                      variant="success"
                      className="text-[oklch(0.42_0.12_150)] dark:text-success"
                      data-testid="yearly-note"
                    >
                      {yearlySavingText(plan)?.[lang]}
                    </Badge>
                  )}
                </p>
              )}
            </>
          )}
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-2">
        <SignUpCta
          variant={plan.popular ? 'default' : 'outline'}
          size="lg"
          className="w-full"
          data-testid={`plan-${plan.id}-cta`}
        >
          {free ? t('pricing.startFree') : t('pricing.getStarted')}
        </SignUpCta>
        {plan.contactSales && <ContactSalesButton label={t('pricing.contactSales')} />}
      </div>

      <ul className="mt-8 space-y-3 border-t pt-6 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.key} className="flex gap-3">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>{featureLabel(feature.label[lang], plan, lang)}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
