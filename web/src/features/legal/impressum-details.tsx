import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OperatorDetails } from '@contract/public-config';
import { useTranslation } from '@/i18n/i18n';

const Mail = ({ address }: { address: string }) => (
  <a href={`mailto:${address}`} className="text-primary underline-offset-4 hover:underline">
    {address}
  </a>
);

/**
 * The § 5 DDG block: provider, representation, contact, register and VAT id from the server's
 * COMPANY_* settings (decision 028). A missing value is left out; development placeholders are marked.
 */
export function ImpressumDetails({ operator }: { operator: OperatorDetails }) {
  const { t } = useTranslation('legal');
  const entry = (label: string, value: ReactNode, wide = false) => (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-2 leading-relaxed">{value}</dd>
    </div>
  );
  const addressLines = operator.address?.split(',').map((line) => line.trim()) ?? [];
  const contact: Array<[label: string, value: ReactNode]> = [];
  if (operator.phone) contact.push([t('impressum.phone'), operator.phone]);
  if (operator.email) contact.push([t('impressum.email'), <Mail address={operator.email} />]);
  if (operator.salesEmail) contact.push([t('impressum.sales'), <Mail address={operator.salesEmail} />]);
  return (
    <div className="space-y-6">
      {operator.placeholder && (
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
      )}
      <dl className="grid gap-6 rounded-2xl border bg-card p-6 sm:grid-cols-2 sm:p-8" data-testid="operator-details">
        {(operator.name || addressLines.length > 0) &&
          entry(
            t('impressum.provider'),
            [operator.name, ...addressLines].filter(Boolean).map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            )),
          )}
        {operator.representative && entry(t('impressum.represented'), operator.representative)}
        {contact.length > 0 &&
          entry(
            t('impressum.contact'),
            contact.map(([label, value]) => (
              <span key={label} className="block">
                {label}: {value}
              </span>
            )),
          )}
        {operator.register && entry(t('impressum.register'), operator.register)}
        {operator.vatId && entry(t('impressum.vat'), operator.vatId, true)}
      </dl>
    </div>
  );
}
