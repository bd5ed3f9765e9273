import { Package } from 'lucide-react';
import { CREDIT_PACK_LIST } from '@contract/credit-pack-catalog';
import { useTranslation } from '@/i18n/i18n';
import { euro } from './pricing';

/** Below the plans: the one-off credit packs (decision 061), their prices from contract/credit-packs.ts. */
export function CreditPacksNote() {
  const { t, i18n } = useTranslation('landing');
  const lang = i18n.language?.startsWith('de') ? 'de' : 'en';
  return (
    <div className="mx-auto mt-10 max-w-4xl rounded-2xl border bg-muted/40 p-6" data-testid="pricing-credit-packs">
      <h3 className="flex items-center gap-2 font-semibold">
        <Package className="size-5 text-primary" aria-hidden />
        {t('pricing.packs.title')}
      </h3>
      <p className="mt-2 text-sm text-pretty text-muted-foreground">{t('pricing.packs.text')}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {CREDIT_PACK_LIST.map((pack) => (
          <li key={pack.id} className="rounded-xl border bg-background px-4 py-3">
            <span className="block font-medium">{pack.name[lang]}</span>
            <span className="text-sm text-muted-foreground">
              {euro(pack.price)} {t('pricing.exclVat')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
