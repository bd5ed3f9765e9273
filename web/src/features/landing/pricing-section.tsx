import { useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { PLAN_LIST, type BillingCycle } from '@contract/plans';
import { BillingCycleSwitch } from './billing-cycle-switch';
import { CreditPacksNote } from './credit-packs-note';
import { PlanCard } from './plan-card';
import { vatPercent } from './pricing';
import { SectionHeading } from './section-heading';

/** The island of the prerendered landing page that hydrates the pricing (switch and cards, decision 021). */
export const PRICING_ISLAND = 'pricing';

/** Spec §2 "Landing pricing": monthly/yearly switch and the three plan cards, rendered from contract/plans.ts. */
export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 py-20 sm:py-28"
      data-island={PRICING_ISLAND}
    >
      <PricingContent />
    </section>
  );
}

/** The section's content, the island: the cards follow the switch's cycle. */
export function PricingContent() {
  const { t } = useTranslation('landing');
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <SectionHeading id="pricing-title" eyebrow={t('pricing.eyebrow')} title={t('pricing.title')}>
        {t('pricing.subtitle')}
      </SectionHeading>
      <div className="mt-10 flex justify-center">
        <BillingCycleSwitch value={cycle} onChange={setCycle} />
      </div>
      <div className="mx-auto mt-14 grid max-w-6xl gap-6 lg:grid-cols-3">
        {PLAN_LIST.map((plan) => (
          <PlanCard key={plan.id} plan={plan} cycle={cycle} />
        ))}
      </div>
      <CreditPacksNote />
      <p className="mx-auto mt-10 max-w-2xl text-center text-xs text-muted-foreground">
        {t('pricing.vatNote', { rate: vatPercent })}
      </p>
    </div>
  );
}
