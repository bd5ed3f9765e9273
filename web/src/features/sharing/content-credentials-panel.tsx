import { BadgeCheck, ChevronDown, Download, ImageIcon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SharedCredentials } from '@contract/sharing';
import { useTranslation } from '@/i18n/i18n';

const percent = (share: number) => Math.round(share * 100);

/**
 * The "Content Credentials" panel under a staged image (issue 41, decision 060): what the signed C2PA
 * manifest in the file says, in words a buyer reads — made with which model, when, by which service,
 * the original it was made from (linked), the geometry lock's verdict and who signed it. The file
 * itself stays downloadable with its credentials, for any C2PA validator; a development signer is
 * said to be one. The lock's words name no maker (an AI model or the preview engine: issue #35), and a
 * branded page names no signer (decision 045: no Raumwerk mark there; the file still names it).
 */
export function ContentCredentialsPanel({ credentials, position, originalUrl, stagedUrl, branded = false }: { credentials: SharedCredentials; position: number; originalUrl: string; stagedUrl: string; branded?: boolean }) {
  const { t, i18n } = useTranslation('sharing');
  const date = new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long' }).format(new Date(credentials.createdAt));
  const rows: Array<[string, ReactNode]> = [
    [t('credentials.madeWith'), credentials.madeWith],
    [t('credentials.when'), date],
    [t('credentials.service'), t(`credentials.services.${credentials.service}`)],
    [
      t('credentials.original'),
      <a key="original" href={originalUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline">
        <ImageIcon className="size-4" aria-hidden />
        {t('credentials.openOriginal', { n: position })}
      </a>,
    ],
  ];
  return (
    <details className="group rounded-xl border bg-card text-sm" data-testid="content-credentials">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-foreground text-[0.65rem] font-bold tracking-tight text-background" aria-hidden>
          cr
        </span>
        <span className="min-w-0 flex-1">{t('credentials.title')}</span>
        <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="grid gap-3 border-t px-4 py-3">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="mb-1.5 min-w-0 break-words sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
        {credentials.changedShare !== null && (
          <p className="leading-relaxed" data-testid="lock-verdict">
            <strong className="font-semibold">{t('credentials.lockTitle')}:</strong>{' '}
            {t(credentials.service === 'removal' ? 'credentials.lockRemoval' : 'credentials.lock', {
              kept: 100 - percent(credentials.changedShare),
              changed: percent(credentials.changedShare),
            })}
            {credentials.architectureScore !== null && ` ${t('credentials.lines', { lines: percent(credentials.architectureScore) })}`}
          </p>
        )}
        <p className="flex items-start gap-2 text-muted-foreground">
          <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{branded ? t('credentials.signedByService') : t('credentials.signedBy', { signer: credentials.signedBy })}</span>
        </p>
        {credentials.developmentCertificate && (
          <p className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-amber-900 dark:text-amber-200" data-testid="development-certificate">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{t('credentials.development')}</span>
          </p>
        )}
        <a href={stagedUrl} download className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline">
          <Download className="size-4" aria-hidden />
          {t('credentials.download')}
        </a>
      </div>
    </details>
  );
}
