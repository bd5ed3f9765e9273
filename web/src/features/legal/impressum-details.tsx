import { Info } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { COMPANY } from '@/lib/company';

/** The § 5 DDG block: provider, representation, contact, register and VAT id (placeholder data, marked as such). */
export function ImpressumDetails() {
  const { t, i18n } = useTranslation('legal');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  return (
    <div className="space-y-6">
      <aside
        role="note"
        className="flex gap-3 rounded-xl border border-warning/60 bg-warning/10 p-4 text-sm"
        data-testid="placeholder-notice"
      >
        <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>
          <strong className="font-semibold">{t('placeholderTitle')}:</strong> {t('placeholderText')}
        </p>
      </aside>
      <dl className="grid gap-6 rounded-2xl border bg-card p-6 sm:grid-cols-2 sm:p-8">
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">{t('impressum.provider')}</dt>
          <dd className="mt-2 leading-relaxed">
            {COMPANY.name}
            <br />
            {COMPANY.street}
            <br />
            {COMPANY.postalCode} {COMPANY.city}
            <br />
            {COMPANY.country[lang]}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">
            {t('impressum.represented')}
          </dt>
          <dd className="mt-2">{COMPANY.managingDirector}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">{t('impressum.contact')}</dt>
          <dd className="mt-2 leading-relaxed">
            {t('impressum.phone')}: {COMPANY.phone}
            <br />
            {t('impressum.email')}:{' '}
            <a
              href={`mailto:${COMPANY.email}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              {COMPANY.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">{t('impressum.register')}</dt>
          <dd className="mt-2">{COMPANY.register}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm font-semibold text-muted-foreground">{t('impressum.vat')}</dt>
          <dd className="mt-2">{COMPANY.vatId}</dd>
        </div>
      </dl>
    </div>
  );
}
