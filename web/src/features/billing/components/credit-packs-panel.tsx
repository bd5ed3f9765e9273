import { Loader2, Package } from 'lucide-react';
import { CREDIT_PACKS, type CreditPackId } from '@contract/credit-packs';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/i18n';
import { useBuyCreditPack, useCreditPacks } from '../api/credit-packs';
import { euro, langOf, vatPercent } from '../billing-format';

/**
 * Settings → Plan and billing: credits from packs, apart from the monthly allowance (decision 061),
 * the packs on sale (Stripe Checkout) and the packs bought. In a team, buying needs the owner or
 * admin role (the server answers others 403, shown as a failed purchase); the pack goes to the pool.
 */
export function CreditPacksPanel() {
  const { t, i18n } = useTranslation('billing');
  const lang = langOf(i18n.language);
  const packs = useCreditPacks(true);
  const buy = useBuyCreditPack();
  const data = packs.data;
  const number = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB');
  const date = new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium' });

  return (
    <div className="space-y-3 rounded-2xl border p-4" data-testid="credit-packs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="flex items-center gap-2 font-medium">
          <Package className="size-4 text-muted-foreground" aria-hidden />
          {t('packs.title')}
        </h4>
        <span className="text-sm tabular-nums" data-testid="pack-credits">
          {t('packs.balance', { count: data?.packCredits ?? 0, formatted: number.format(data?.packCredits ?? 0) })}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{t('packs.explain')}</p>
      {!data ? (
        <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />
      ) : (
        <>
          {data.available.length > 0 && (
            <ul className="grid gap-2 sm:grid-cols-3">
              {data.available.map((pack) => (
                <li key={pack.id} className="flex flex-col gap-2 rounded-xl bg-muted/40 p-3">
                  <span className="font-semibold">{CREDIT_PACKS[pack.id].name[lang]}</span>
                  <span className="text-sm text-muted-foreground">
                    {euro(pack.price)} · {t('packs.perCredit', { price: euro(Math.round((pack.price / pack.credits) * 100) / 100) })}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={buy.isPending}
                    onClick={() => buy.mutate(pack.id as CreditPackId)}
                    data-testid={`buy-${pack.id}`}
                  >
                    {buy.isPending && buy.variables === pack.id ? <Loader2 className="size-4 animate-spin" aria-hidden /> : t('packs.buy')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {data.available.length > 0 && <p className="text-xs text-muted-foreground">{t('packs.vat', { rate: vatPercent })}</p>}
          {buy.isError && (
            <p className="text-sm text-destructive" role="alert">
              {t('packs.failed')}
            </p>
          )}
          {data.purchases.length > 0 && (
            <div className="space-y-1">
              <h5 className="text-sm font-medium">{t('packs.bought')}</h5>
              <ul className="divide-y text-sm" data-testid="pack-purchases">
                {data.purchases.map((purchase) => (
                  <li key={purchase.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                    <span>
                      {date.format(new Date(purchase.createdAt))} · {t('packs.credits', { count: purchase.credits, formatted: number.format(purchase.credits) })}
                    </span>
                    <span className="text-muted-foreground tabular-nums">
                      {euro(purchase.amountCents / 100)}
                      {purchase.refunded && ` · ${t('packs.refunded', { count: purchase.creditsRevoked })}`}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </div>
  );
}
