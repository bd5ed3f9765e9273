import { useTranslation } from '@/i18n/i18n';
import { formatEuro, PLAN_LIST, yearlySavingText } from '@contract/plans';

/** Terms § 4: plans, prices and credits, rendered from contract/plans.ts (no number is written twice). */
export function PlanTable() {
  const { t, i18n } = useTranslation('legal');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const number = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB');
  return (
    <div
      className="overflow-x-auto rounded-xl border focus-visible:outline-2 focus-visible:outline-ring"
      role="region"
      aria-label={t('terms.planTable.caption')}
      // Scrollable on narrow screens: keyboard users can focus it and scroll with the arrow keys.
      tabIndex={0}
    >
      <table className="w-full min-w-[24rem] text-left text-sm" data-testid="terms-plan-table">
        <caption className="border-b bg-muted/50 px-3 py-2.5 sm:px-4 text-left text-xs font-semibold uppercase tracking-wider text-muted-foreground">
          {t('terms.planTable.caption')}
        </caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
              {t('terms.planTable.plan')}
            </th>
            <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
              {t('terms.planTable.monthly')}
            </th>
            <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
              {t('terms.planTable.yearly')}
            </th>
            <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
              {t('terms.planTable.credits')}
            </th>
            <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
              {t('terms.planTable.seats')}
            </th>
          </tr>
        </thead>
        <tbody>
          {PLAN_LIST.map((plan) => (
            <tr key={plan.id} className="border-b last:border-b-0">
              <th scope="row" className="px-3 py-2.5 sm:px-4 font-medium">
                {plan.name[lang]}
              </th>
              <td className="px-3 py-2.5 sm:px-4 tabular-nums">{formatEuro(plan.monthlyPrice)}</td>
              <td className="px-3 py-2.5 sm:px-4 tabular-nums">
                {formatEuro(plan.yearlyPrice)}
                {yearlySavingText(plan) && (
                  <span className="ml-1.5 text-xs text-muted-foreground">
                    ({yearlySavingText(plan)?.[lang]})
                  </span>
                )}
              </td>
              <td className="px-3 py-2.5 sm:px-4 tabular-nums">
                {number.format(plan.creditsPerMonth)}
              </td>
              <td className="px-3 py-2.5 sm:px-4 tabular-nums">{number.format(plan.seats)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
