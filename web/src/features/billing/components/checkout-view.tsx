import { yearlySavingText } from '@contract/plans';
import { ArrowLeft, CalendarClock, Check, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { BillingCycle, Plan } from '@contract/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { euro, featureText, langOf, monthlyEquivalentText, priceOf, vatPercent } from '../billing-format';
import type { PaymentFormProps } from '../payment-form';
import { useChangePreview } from '../api/subscription-actions';
import { euroCents } from '../billing-format';

const PaymentForm = lazy(() => import('../payment-form'));

/**
 * Spec §2 checkout: plan summary, included features, the Payment Element, the complete button, a
 * note that prices exclude VAT, secure-payment and cancel-anytime notes, and back to the plans.
 */
export function CheckoutView({
  plan,
  cycle,
  onBack,
  className,
  headingLevel = 'h2',
  ...form
}: PaymentFormProps & { plan: Plan; cycle: BillingCycle; onBack?: () => void; className?: string; headingLevel?: 'h1' | 'h2' }) {
  const { t, i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);
  const Heading = headingLevel;
  return (
    <div className={cn('grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-10', className)} data-testid="checkout-view">
      <div className="space-y-5">
        {onBack && (
          <Button variant="ghost" size="sm" className="-ml-2 text-muted-foreground" onClick={onBack} data-testid="checkout-back">
            <ArrowLeft aria-hidden />
            {t('checkout.back')}
          </Button>
        )}
        <Heading className="text-2xl font-bold tracking-tight sm:text-3xl">{t('checkout.title')}</Heading>
        <section aria-labelledby="checkout-summary" className="rounded-2xl border bg-muted/40 p-5 sm:p-6" data-testid="checkout-summary">
          <h3 id="checkout-summary" className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            {t('checkout.summary')}
          </h3>
          <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="text-xl font-semibold tracking-tight">{plan.name[lang]}</p>
              <p className="mt-0.5 text-sm text-muted-foreground">{cycle === 'yearly' ? t('checkout.billedYearly') : t('checkout.billedMonthly')}</p>
            </div>
            <div className="text-right">
              <p className="text-2xl font-bold tabular-nums" data-testid="checkout-price">
                {euro(priceOf(plan, cycle))}
                <span className="ml-1 text-sm font-normal text-muted-foreground">{cycle === 'yearly' ? t('plan.perYear') : t('plan.perMonth')}</span>
              </p>
              <p className="text-xs text-muted-foreground">{t('plan.exclVat')}</p>
            </div>
          </div>
          <VatTotal plan={plan} cycle={cycle} />
          {cycle === 'yearly' && (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              {t('plan.monthlyEquivalent', { amount: monthlyEquivalentText(plan) })}
              {yearlySavingText(plan) && (
                <Badge variant="success" className="text-[oklch(0.42_0.12_150)] dark:text-success">
                  {yearlySavingText(plan)?.[lang]}
                </Badge>
              )}
            </p>
          )}
          <h4 className="mt-5 border-t pt-4 text-sm font-medium">{t('checkout.included')}</h4>
          <ul className="mt-3 space-y-2 text-sm">
            {plan.features.map((feature) => (
              <li key={feature.key} className="flex gap-2.5">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>{featureText(feature.label[lang], plan, lang)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="checkout-payment" className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6 lg:self-start">
        <h3 id="checkout-payment" className="text-lg font-semibold tracking-tight">
          {t('checkout.paymentTitle')}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t('checkout.paymentText')}</p>
        <div className="mt-5">
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <PaymentForm {...form} />
          </Suspense>
        </div>
        <ul className="mt-5 space-y-2 text-xs text-muted-foreground">
          <li className="flex gap-2">
            <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden />
            <span data-testid="secure-note">{t('checkout.secure')}</span>
          </li>
          <li className="flex gap-2">
            <CalendarClock className="size-4 shrink-0" aria-hidden />
            <span data-testid="cancel-note">{t('checkout.cancelAnytime')}</span>
          </li>
          <li className="pl-6" data-testid="vat-note">
            {t('checkout.exclVat', { rate: vatPercent })}
          </li>
        </ul>
      </section>
    </div>
  );
}

/** The first invoice as Stripe will charge it (decision 018): net, VAT and the total, before the user confirms. */
function VatTotal({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const { t } = useTranslation('billing');
  const preview = useChangePreview(plan.id === 'free' ? null : { plan: plan.id, cycle });
  const p = preview.data;
  if (preview.isPending) return <Skeleton className="mt-4 h-12 w-full" />;
  if (!p) return null;
  return (
    <dl className="mt-4 space-y-1 rounded-xl border bg-background/60 p-3 text-sm" data-testid="checkout-total">
      {/* Always all three (issue #35): the landing shows gross prices, so the checkout says what the net price becomes. */}
      <div className="flex justify-between gap-4 text-muted-foreground">
        <dt>{t('change.net')}</dt>
        <dd className="tabular-nums" data-testid="checkout-net">
          {euroCents(p.subtotalCents)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 text-muted-foreground">
        <dt>{t('change.vat')}</dt>
        <dd className="tabular-nums" data-testid="checkout-vat">
          {euroCents(p.taxCents)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 font-semibold">
        <dt>{t('checkout.totalWithVat')}</dt>
        <dd className="tabular-nums" data-testid="checkout-total-amount">
          {euroCents(p.totalCents)}
        </dd>
      </div>
    </dl>
  );
}
