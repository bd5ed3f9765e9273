import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  CREDITS_PER_IMAGE,
  MAX_IMAGES_PER_PROJECT,
  MAX_UPLOAD_BYTES,
  RECOMMENDED_MIN_HEIGHT,
  RECOMMENDED_MIN_WIDTH,
} from '@contract/limits';
import { PLANS } from '@contract/plans';
import type { PublicConfigResponse } from '@contract/public-config';
import type { TFunction } from '@/i18n/i18n';
import { usePublicConfig } from '@/lib/public-config';
import { PageSpinner } from '@/app/page-spinner';
import { ImpressumDetails } from './impressum-details';
import { LegalSections, type LegalSection } from './legal-sections';
import { PhotoCredits } from './photo-credits';
import { PlanTable } from './plan-table';

export type LegalPageId = 'impressum' | 'privacy' | 'terms';

/** When the legal texts last changed (shown as "Stand"). */
const LAST_UPDATED = new Date('2025-11-21T00:00:00Z');

/** The town of an address like "Musterstraße 1, 10115 Berlin, Germany" (the place of jurisdiction). */
const townOf = (address: string | null) =>
  address?.match(/\b\d{4,5}\s+([^,]+)/)?.[1]?.trim() ?? null;

/** The texts' values: operator details and retention from the server's configuration, limits from contract/. */
function legalValues(t: TFunction, config: Partial<PublicConfigResponse>) {
  const operator = config.operator;
  const missing = t('notConfigured');
  const retentionDays = config.retentionDays ?? 0;
  const retention = (key: string) =>
    retentionDays > 0 ? t(`retention.${key}`, { days: retentionDays }) : t(`retention.${key}Kept`);
  return {
    company: operator?.name ?? missing,
    address: operator?.address ?? missing,
    city: townOf(operator?.address ?? null) ?? missing,
    director: operator?.representative ?? missing,
    privacyEmail: operator?.privacyEmail ?? missing,
    logDays: config.logRetentionDays ?? missing,
    imageRetention: retention('images'),
    imageRetentionItem: retention('item'),
    imageRetentionTerms: retention('terms'),
    graceDays: ACCOUNT_DELETION_GRACE_DAYS,
    creditsPerImage: CREDITS_PER_IMAGE,
    seats: PLANS.business.seats,
    maxMb: MAX_UPLOAD_BYTES / (1024 * 1024),
    maxImages: MAX_IMAGES_PER_PROJECT,
    minWidth: RECOMMENDED_MIN_WIDTH,
    minHeight: RECOMMENDED_MIN_HEIGHT,
  };
}

/** The static legal pages (spec §2): legal notice, privacy policy and terms, each with a back link. */
export default function LegalPage({ page }: { page: LegalPageId }) {
  const { t, i18n } = useTranslation('legal');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const config = usePublicConfig();
  if (config.isPending) return <PageSpinner />;
  if (!config.data)
    return (
      <p className="mx-auto max-w-3xl px-4 py-14 text-muted-foreground" role="alert">
        {t('configError')}
      </p>
    );
  const values = legalValues(t, config.data);
  const sections = t(`${page}.sections`, { returnObjects: true, ...values }) as LegalSection[];
  const date = new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
  }).format(LAST_UPDATED);
  return (
    <article
      className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14"
      data-testid={`legal-${page}`}
    >
      <Link
        href="/"
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
        data-testid="legal-back"
      >
        <ArrowLeft className="size-4" aria-hidden /> {t('back')}
      </Link>
      <header className="mt-8 max-w-3xl border-b pb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`${page}.title`)}</h1>
        <p className="mt-3 text-pretty text-lg leading-relaxed text-muted-foreground">
          {t(`${page}.intro`, values)}
        </p>
        <p className="mt-4 text-sm text-muted-foreground">{t('updated', { date })}</p>
      </header>
      {page === 'impressum' && (
        <div className="mt-8 max-w-3xl">
          {config.data.operator && <ImpressumDetails operator={config.data.operator} />}
        </div>
      )}
      <LegalSections
        sections={sections}
        slot={(section) =>
          page === 'terms' && section.id === 'plans' ? (
            <PlanTable />
          ) : page === 'impressum' && section.id === 'photo-credits' ? (
            <PhotoCredits />
          ) : null
        }
        showToc={page !== 'impressum'}
      />
    </article>
  );
}
