import { Globe, Home, Info, Link2Off, Loader2, Mail, Phone, Sparkles } from 'lucide-react';
import { Fragment, useEffect, type ComponentType, type ReactNode } from 'react';
import type { BrandIdentity } from '@contract/branding';
import type { SharedPair } from '@contract/sharing';
import { BrandHeader, textOn } from '@/components/brand/brand-header';
import { EmptyState } from '@/components/ui/empty-state';
import { useTranslation } from '@/i18n/i18n';
import { useSharedListing } from './api/get-shared-listing';
import { ContentCredentialsPanel } from './content-credentials-panel';

export type ShareFrame = ComponentType<{ children: ReactNode; renderHeader?: (languageToggle: ReactNode) => ReactNode }>;
const NoFrame: ShareFrame = ({ children }) => <Fragment>{children}</Fragment>;

/**
 * `/s/:token` (decision 026): the public before/after page of a shared project. No sign-in; images
 * come only through the token's own routes; marked "Virtually staged" on every staged image and in a
 * notice; `noindex` (this meta tag, which React hoists into <head>, and the server's X-Robots-Tag).
 * A branded listing (decision 045) shows the workspace's header, accent and contact card instead of
 * Raumwerk's header, and no Raumwerk mark; the heading is the public title chosen when sharing.
 * `Frame` is the app's public shell (given by the router).
 */
export default function SharedListingPage({ token, Frame = NoFrame }: { token: string; Frame?: ShareFrame }) {
  const listing = useSharedListing(token);
  const brand = listing.data?.branding ?? null;
  // While loading, a neutral bar: a branded page must not flash Raumwerk's header first.
  const renderHeader = listing.isPending
    ? () => <div className="h-16 border-b" aria-hidden />
    : brand
      ? (toggle: ReactNode) => <BrandHeader brand={brand} actions={toggle} />
      : undefined;
  return (
    <Frame renderHeader={renderHeader}>
      <SharedListing listing={listing} />
    </Frame>
  );
}

function SharedListing({ listing }: { listing: ReturnType<typeof useSharedListing> }) {
  const { t, i18n } = useTranslation('sharing');
  // The tab shows the public title (and the agency, when branded) once it is known; the app's
  // DocumentTitle sets the generic one first (it renders before the routes, so its effect runs first).
  const publicTitle = listing.data?.title;
  const agency = listing.data?.branding?.displayName;
  useEffect(() => {
    if (publicTitle) document.title = `${publicTitle} · ${agency ?? 'Raumwerk'}`;
  }, [publicTitle, agency, i18n.language]);
  // "noindex" comes with the served HTML (share-page-head.ts) and the X-Robots-Tag header, once.
  const head = <meta name="referrer" content="no-referrer" />;

  if (listing.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-muted-foreground" role="status">
        {head}
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
        <span className="sr-only">{t('page.loading')}</span>
      </div>
    );
  }
  if (listing.isError || !listing.data) {
    return (
      <>
        {head}
        <EmptyState
          variant="missing"
          icon={Link2Off}
          title={t('page.goneTitle')}
          text={t('page.goneText')}
          action={{ href: '/', label: t('page.toRaumwerk'), icon: Home }}
          data-testid="share-gone"
        />
      </>
    );
  }
  // The heading is the public title chosen when sharing; never the project's internal name (issue #26): without one, a neutral heading.
  const { category, pairs, title, branding } = listing.data;
  const removal = category === 'furniture_removal';
  // A renovation preview says so before anything else (decision 062).
  const renovation = category === 'renovation';
  const accent = branding?.accentColor ?? undefined;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12" data-testid="shared-listing">
      {head}
      <header className="max-w-3xl">
        {branding ? (
          // The accent as a short rule, not as text colour: a brand colour need not read on a dark page.
          <p className="flex items-center gap-2.5 text-sm font-medium text-muted-foreground" data-testid="share-eyebrow">
            <span className="h-0.5 w-6 rounded-full" style={{ backgroundColor: accent ?? 'var(--primary)' }} aria-hidden />
            {branding.displayName ?? t('page.eyebrow')}
          </p>
        ) : (
          <p className="text-sm font-medium text-primary" data-testid="share-eyebrow">
            {t('page.eyebrow')}
          </p>
        )}
        <h1 className="mt-1 break-words text-3xl font-bold tracking-tight sm:text-4xl" data-testid="share-title">
          {title ?? t('page.heading', { count: pairs.length })}
        </h1>
        <p className="mt-3 text-muted-foreground">{t('page.intro', { count: pairs.length })}</p>
      </header>
      <p
        className={
          branding
            ? 'mt-6 flex items-start gap-3 rounded-xl border bg-muted/50 p-4 text-sm leading-relaxed'
            : 'mt-6 flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/8 p-4 text-sm leading-relaxed'
        }
        role="note"
        data-testid="staged-notice"
      >
        <Info className={branding ? 'mt-0.5 size-5 shrink-0 text-muted-foreground' : 'mt-0.5 size-5 shrink-0 text-primary'} aria-hidden />
        <span>
          <strong className="font-semibold">{t(renovation ? 'page.renovationPreview' : 'page.virtuallyStaged')}:</strong>{' '}
          {renovation ? t('page.noticeRenovation') : removal ? t('page.noticeRemoval') : t('page.notice')}
          {/* Originals sit left of the edited images from md up, above them on phones. */}
          <span className="md:hidden">{t('page.whereStacked')}</span>
          <span className="hidden md:inline">{t('page.whereSide')}</span>
        </span>
      </p>
      <ol className="mt-8 grid grid-cols-1 gap-10">
        {pairs.map((pair) => (
          <PairRow key={pair.position} pair={pair} branded={Boolean(branding)} />
        ))}
      </ol>
      {branding && <ContactCard brand={branding} />}
      <footer className="mt-12 border-t pt-6 text-sm text-muted-foreground" data-testid="share-footer">
        {branding ? t('page.footerBranded') : t('page.footer')}
      </footer>
    </div>
  );
}

/** The agency's contact at the end of a branded listing (decision 045). */
function ContactCard({ brand }: { brand: BrandIdentity }) {
  const { t } = useTranslation('sharing');
  const ways = [
    brand.phone && { icon: Phone, href: `tel:${brand.phone.replace(/[^+0-9]/g, '')}`, text: brand.phone, label: t('page.call') },
    brand.email && { icon: Mail, href: `mailto:${brand.email}`, text: brand.email, label: t('page.write') },
    brand.website && { icon: Globe, href: brand.website, text: brand.website.replace(/^https?:\/\//, '').replace(/\/$/, ''), label: t('page.visit') },
  ].filter(Boolean) as Array<{ icon: typeof Phone; href: string; text: string; label: string }>;
  if (!brand.contactName && !ways.length) return null;
  const accent = brand.accentColor;
  return (
    <section className="mt-12 overflow-hidden rounded-2xl border bg-card shadow-sm" aria-labelledby="share-contact-title" data-testid="share-contact">
      <div className="grid gap-5 p-5 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-8 sm:p-7">
        {brand.logoUrl && (
          <img src={brand.logoUrl} alt="" className="h-12 w-auto max-w-[220px] rounded-md object-contain dark:bg-white dark:px-2 dark:py-1" />
        )}
        <div className="min-w-0">
          <h2 id="share-contact-title" className="text-sm font-medium text-muted-foreground">
            {t('page.contactTitle')}
          </h2>
          <p className="mt-0.5 text-xl font-semibold tracking-tight">{brand.contactName ?? brand.displayName}</p>
          {brand.contactName && brand.displayName && <p className="text-sm text-muted-foreground">{brand.displayName}</p>}
        </div>
      </div>
      {ways.length > 0 && (
        <ul className="grid border-t sm:grid-cols-3 sm:divide-x">
          {ways.map(({ icon: Icon, href, text, label }, i) => (
            <li key={href} className={i > 0 ? 'border-t sm:border-t-0' : undefined}>
              <a
                href={href}
                {...(href.startsWith('http') ? { target: '_blank', rel: 'noreferrer noopener' } : {})}
                className="flex min-w-0 items-center gap-3 px-5 py-4 transition-colors hover:bg-muted/60 sm:px-7"
                aria-label={`${label}: ${text}`}
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full" style={{ backgroundColor: accent ?? 'var(--primary)', color: accent ? textOn(accent) : 'var(--primary-foreground)' }}>
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 truncate text-sm font-medium">{text}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PairRow({ pair, branded }: { pair: SharedPair; branded: boolean }) {
  const { t } = useTranslation('sharing');
  const aspect = pair.original.width && pair.original.height ? `${pair.original.width} / ${pair.original.height}` : '4 / 3';
  return (
    <li>
      <h2 className="mb-3 text-lg font-semibold tracking-tight">{t('page.photo', { n: pair.position })}</h2>
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
        <figure className="grid min-w-0 gap-2">
          <img src={pair.original.url} alt={t('page.originalAlt', { n: pair.position })} loading="lazy" className="w-full rounded-xl border bg-muted object-cover" style={{ aspectRatio: aspect }} />
          <figcaption className="text-sm text-muted-foreground">{t('page.original')}</figcaption>
        </figure>
        <figure className="grid min-w-0 gap-2">
          <div className="relative">
            <img src={pair.staged.url} alt={t('page.stagedAlt', { n: pair.position })} loading="lazy" className="w-full rounded-xl border bg-muted object-cover" style={{ aspectRatio: aspect }} />
            <span className="absolute left-3 top-3 inline-flex items-center gap-1.5 rounded-full bg-black/65 px-3 py-1 text-xs font-semibold text-white backdrop-blur-sm">
              <Sparkles className="size-3.5" aria-hidden /> {t('page.virtuallyStaged')}
            </span>
          </div>
          <figcaption className="text-sm text-muted-foreground">{t('page.staged')}</figcaption>
          {pair.credentials && <ContentCredentialsPanel credentials={pair.credentials} position={pair.position} originalUrl={pair.original.url} stagedUrl={pair.staged.url} branded={branded} />}
        </figure>
      </div>
    </li>
  );
}
