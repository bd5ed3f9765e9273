import { Home, Info, Link2Off, Loader2, Sparkles } from 'lucide-react';
import type { SharedPair } from '@contract/sharing';
import { EmptyState } from '@/components/ui/empty-state';
import { useTranslation } from '@/i18n/i18n';
import { useSharedListing } from './api/get-shared-listing';

/**
 * `/s/:token` (decision 026): the public before/after page of a shared project. No sign-in; images
 * come only through the token's own routes; marked "Virtually staged" on every staged image and in a
 * notice; `noindex` (this meta tag, which React hoists into <head>, and the server's X-Robots-Tag).
 */
export default function SharedListingPage({ token }: { token: string }) {
  const { t } = useTranslation('sharing');
  const listing = useSharedListing(token);
  const head = (
    <>
      <meta name="robots" content="noindex, nofollow, noarchive" />
      <meta name="referrer" content="no-referrer" />
    </>
  );

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
  // The project's title is the owner's internal name ("Musterstraße 12 – …"): not shown publicly (issue #26).
  const { category, pairs } = listing.data;
  const removal = category === 'furniture_removal';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12" data-testid="shared-listing">
      {head}
      <header className="max-w-3xl">
        <p className="text-sm font-medium text-primary">{t('page.eyebrow')}</p>
        <h1 className="mt-1 break-words text-3xl font-bold tracking-tight sm:text-4xl">{t('page.heading', { count: pairs.length })}</h1>
        <p className="mt-3 text-muted-foreground">{t('page.intro', { count: pairs.length })}</p>
      </header>
      <p
        className="mt-6 flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/8 p-4 text-sm leading-relaxed"
        role="note"
        data-testid="staged-notice"
      >
        <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <span>
          <strong className="font-semibold">{t('page.virtuallyStaged')}:</strong> {removal ? t('page.noticeRemoval') : t('page.notice')}
          {/* Originals sit left of the edited images from md up, above them on phones. */}
          <span className="md:hidden">{t('page.whereStacked')}</span>
          <span className="hidden md:inline">{t('page.whereSide')}</span>
        </span>
      </p>
      <ol className="mt-8 grid gap-10">
        {pairs.map((pair) => (
          <PairRow key={pair.position} pair={pair} />
        ))}
      </ol>
      <footer className="mt-12 border-t pt-6 text-sm text-muted-foreground">{t('page.footer')}</footer>
    </div>
  );
}

function PairRow({ pair }: { pair: SharedPair }) {
  const { t } = useTranslation('sharing');
  const aspect = pair.original.width && pair.original.height ? `${pair.original.width} / ${pair.original.height}` : '4 / 3';
  return (
    <li>
      <h2 className="mb-3 text-lg font-semibold tracking-tight">{t('page.photo', { n: pair.position })}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        <figure className="grid gap-2">
          <img src={pair.original.url} alt={t('page.originalAlt', { n: pair.position })} loading="lazy" className="w-full rounded-xl border bg-muted object-cover" style={{ aspectRatio: aspect }} />
          <figcaption className="text-sm text-muted-foreground">{t('page.original')}</figcaption>
        </figure>
        <figure className="grid gap-2">
          {pair.staged ? (
            <div className="relative">
              <img src={pair.staged.url} alt={t('page.stagedAlt', { n: pair.position })} loading="lazy" className="w-full rounded-xl border bg-muted object-cover" style={{ aspectRatio: aspect }} />
              <span className="absolute left-3 top-3 inline-flex items-center gap-1.5 rounded-full bg-black/65 px-3 py-1 text-xs font-semibold text-white backdrop-blur-sm">
                <Sparkles className="size-3.5" aria-hidden /> {t('page.virtuallyStaged')}
              </span>
            </div>
          ) : (
            <div className="flex items-center justify-center rounded-xl border border-dashed bg-muted/40 p-6 text-sm text-muted-foreground" style={{ aspectRatio: aspect }}>
              {t('page.notStaged')}
            </div>
          )}
          <figcaption className="text-sm text-muted-foreground">{t('page.staged')}</figcaption>
        </figure>
      </div>
    </li>
  );
}
