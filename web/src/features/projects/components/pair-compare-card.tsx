import { Download, Loader2, Maximize2, RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { CompareSlider } from '@/components/ui/compare-slider';
import { formatDateTime } from '../format-date';
import type { ImagePair } from '../image-pairs';
import { objectUrl } from '../object-url';
import { roomLockSummary } from './room-lock-figures';
import { PreviewEngineBadge } from '@/components/preview-engine-badge';

/** One pair large: the comparison slider with Download and Re-Stage, or the failed state. */
export function PairCompareCard({
  pair,
  processing,
  busy,
  onView,
  onDownload,
  onRestage,
}: {
  pair: ImagePair;
  /** The project is still processing: a missing staged image is on its way, not an error. */
  processing: boolean;
  busy: boolean;
  onView(): void;
  onDownload(): void;
  onRestage(): void;
}) {
  const { t, i18n } = useTranslation('projects');
  const title = pair.title ?? t('detail.imageTitle', { n: pair.number });
  const { width, height } = pair.original;
  const lockSummary = roomLockSummary(t, i18n.language, pair.staged?.geometryLock ?? null);
  return (
    <article
      className="overflow-hidden rounded-2xl border bg-card shadow-sm"
      data-testid="image-pair"
      aria-label={title}
    >
      <div className="relative bg-muted">
        {pair.staged ? (
          <CompareSlider
            before={{
              src: objectUrl(pair.original.filePath),
              alt: `${t('detail.before')}: ${title}`,
            }}
            after={{ src: objectUrl(pair.staged.filePath), alt: `${t('detail.after')}: ${title}` }}
            labels={{
              before: t('detail.before'),
              after: t('detail.after'),
              slider: `${t('detail.compareSlider')}, ${title}`,
            }}
            width={width}
            height={height}
            className="rounded-none"
            // On the staged half only (issue #26), under its corner label: the free plan's watermark takes the bottom right (issue 35).
            afterOverlay={<PreviewEngineBadge engine={pair.staged.engine} className="pointer-events-none absolute right-3 top-11" />}
          />
        ) : (
          <div
            className="relative"
            style={{ aspectRatio: width && height ? `${width} / ${height}` : '4 / 3' }}
          >
            <img
              src={objectUrl(pair.original.filePath)}
              alt={`${t('detail.before')}: ${title}`}
              width={width ?? 1024}
              height={height ?? 768}
              loading="lazy"
              className="absolute inset-0 size-full object-cover opacity-40 grayscale"
            />
            <div
              className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center"
              data-testid="pair-failed"
            >
              {processing ? (
                <>
                  <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
                  <p className="font-semibold">{t('detail.processingNow')}</p>
                </>
              ) : (
                <>
                  <span className="grid size-12 place-items-center rounded-full bg-destructive/15 text-destructive">
                    <TriangleAlert className="size-6" aria-hidden />
                  </span>
                  <p className="text-lg font-semibold">{t('detail.processingFailed')}</p>
                  <p className="text-sm text-muted-foreground">{t('detail.processingError')}</p>
                </>
              )}
            </div>
          </div>
        )}
        {busy && (
          <div
            className="absolute inset-0 grid place-items-center bg-background/55 backdrop-blur-[2px]"
            role="status"
          >
            <span className="inline-flex items-center gap-2 rounded-full bg-card px-4 py-2 text-sm font-medium shadow-lg">
              <Loader2 className="size-4 animate-spin text-primary" aria-hidden />{' '}
              {t('detail.restaging')}
            </span>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold">{title}</h3>
          <p className="text-xs text-muted-foreground">
            {formatDateTime(pair.staged?.createdAt ?? pair.original.createdAt)}
            {lockSummary && ` · ${lockSummary}`}
          </p>
          {pair.staged && (pair.original.freeRestagesLeft ?? 0) > 0 && (
            <p className="text-xs font-medium text-primary" data-testid="pair-free-restages">
              {t('detail.freeRestages', { count: pair.original.freeRestagesLeft })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 [&>button]:flex-1 sm:[&>button]:flex-none">
          <Button variant="ghost" size="sm" onClick={onView} data-testid="pair-view">
            <Maximize2 aria-hidden /> {t('detail.view')}
            <span className="sr-only">: {title}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onDownload}
            disabled={!pair.staged}
            data-testid="pair-download"
          >
            <Download aria-hidden /> {t('detail.download')}
            <span className="sr-only">: {title}</span>
          </Button>
          <Button
            variant={pair.staged ? 'outline' : 'default'}
            size="sm"
            onClick={onRestage}
            disabled={busy}
            data-testid="pair-restage"
          >
            <RefreshCw className={busy ? 'animate-spin' : undefined} aria-hidden />{' '}
            {t('detail.restage')}
            <span className="sr-only">: {title}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
