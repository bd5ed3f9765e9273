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
import { COMPANY } from '@/lib/company';
import { ImpressumDetails } from './impressum-details';
import { LegalSections, type LegalSection } from './legal-sections';
import { PlanTable } from './plan-table';

export type LegalPageId = 'impressum' | 'privacy' | 'terms';

/** When the legal texts last changed (shown as "Stand"). */
const LAST_UPDATED = new Date('2025-11-21T00:00:00Z');

/** The static legal pages (spec §2): legal notice, privacy policy and terms, each with a back link. */
export default function LegalPage({ page }: { page: LegalPageId }) {
  const { t, i18n } = useTranslation('legal');
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const values = {
    company: COMPANY.name,
    address: `${COMPANY.street}, ${COMPANY.postalCode} ${COMPANY.city}, ${COMPANY.country[lang]}`,
    city: COMPANY.city,
    director: COMPANY.managingDirector,
    privacyEmail: COMPANY.privacyEmail,
    graceDays: ACCOUNT_DELETION_GRACE_DAYS,
    creditsPerImage: CREDITS_PER_IMAGE,
    maxMb: MAX_UPLOAD_BYTES / (1024 * 1024),
    maxImages: MAX_IMAGES_PER_PROJECT,
    minWidth: RECOMMENDED_MIN_WIDTH,
    minHeight: RECOMMENDED_MIN_HEIGHT,
  };
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
          <ImpressumDetails />
        </div>
      )}
      <LegalSections
        sections={sections}
        slot={(section) => (page === 'terms' && section.id === 'plans' ? <PlanTable /> : null)}
        showToc={page !== 'impressum'}
      />
    </article>
  );
}
