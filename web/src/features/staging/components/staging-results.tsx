import {
  ArrowRight,
  CheckCircle2,
  FolderOpen,
  Plus,
  RefreshCw,
  Sparkles,
  TriangleAlert,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { styleIdFromName, STYLES } from '@contract/styles';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { openAppModal } from '@/lib/modal-bus';
import { objectUrl } from '../object-url';
import type { SessionProject } from '../session-projects';
import { FailedImageTile } from './failed-image-tile';
import { ResultDetailDialog, type ResultItem } from './result-detail-dialog';
import { PreviewEngineBadge } from '@/components/preview-engine-badge';
import { usePublicConfig } from '@/lib/public-config';
import { useImageTitles } from '../use-image-titles';
import { ResultVariations, useResultProject, withChosenVariations } from './result-variations';

export function resultItems(project: SessionProject, previews: string[], titles: string[]): ResultItem[] {
  return project.images.map((image, index) => ({
    index,
    title: titles[index] ?? '',
    originalFull: image.originalPath ? objectUrl(image.originalPath) : (previews[index] ?? ''),
    originalThumb: image.originalThumbnailPath
      ? objectUrl(image.originalThumbnailPath)
      : image.originalPath
        ? objectUrl(image.originalPath)
        : (previews[index] ?? ''),
    stagedFull: image.stagedPath ? objectUrl(image.stagedPath) : null,
    stagedThumb: image.stagedThumbnailPath
      ? objectUrl(image.stagedThumbnailPath)
      : image.stagedPath
        ? objectUrl(image.stagedPath)
        : null,
    stagedPath: image.stagedPath,
    width: image.width,
    height: image.height,
    qualityWarning: image.qualityWarning,
  }));
}

/**
 * 'Staging Complete': original vs staged per image; a click opens the detail view. After a partial
 * run (issue #12) the failed photos sit beside the staged ones with their reason, the screen says
 * where the project is, and "Retry failed images" stages only those, in the same project.
 */
export function StagingResults({
  project,
  previews,
  onCreateAnother,
  onRetryFailed,
}: {
  project: SessionProject;
  previews: string[];
  onCreateAnother(): void;
  onRetryFailed?: () => void;
}) {
  const { t, i18n } = useTranslation('staging');
  // This session's results: made by the engine the server stages with now.
  const engine = usePublicConfig().data?.stagingEngine;
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  const [open, setOpen] = useState<number | null>(null);
  const stored = useResultProject(project.id);
  // A renovation result is a preview of a renovation, never the current condition (decision 062).
  const renovation = stored.data?.category === 'renovation';
  const titles = useImageTitles(project.images);
  const items = withChosenVariations(resultItems(project, previews, titles), stored.data);
  const delivered = items.filter((item) => item.stagedFull);
  const failedCount = project.images.filter((image) => image.failure).length;
  const partial = failedCount > 0;
  const needsCredits = project.images.some(
    (image) => image.failure?.kind === 'insufficientCredits',
  );
  const styleId = styleIdFromName(project.styleGuide.styleName);
  const styleLabel =
    styleId === 'custom' ? project.styleGuide.styleName : STYLES[styleId].name[lang];
  // The form was scrolled down to its submit button: the results open at their heading (issue 35: on a
  // phone they opened at the footer), and focus moves there for screen readers.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section
      className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:py-14"
      aria-labelledby="result-title"
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span
            className={cn(
              'grid size-12 shrink-0 place-items-center rounded-2xl',
              partial
                ? 'bg-amber-500/15 text-amber-700 dark:text-amber-300'
                : 'bg-success/15 text-success',
            )}
          >
            {partial ? (
              <TriangleAlert className="size-6" aria-hidden />
            ) : (
              <CheckCircle2 className="size-6" aria-hidden />
            )}
          </span>
          <div className="min-w-0">
            <h1
              id="result-title"
              className="text-3xl font-bold tracking-tight outline-none"
              tabIndex={-1}
              ref={heading}
            >
              {partial ? t('result.partialTitle') : renovation ? t('renovation.resultTitle') : t('result.title')}
            </h1>
            <p className="mt-1 text-muted-foreground">
              {partial
                ? t('result.partialSubtitle', {
                    staged: delivered.length,
                    total: items.length,
                    count: delivered.length,
                  })
                : renovation
                  ? t('renovation.resultSubtitle', { count: items.length, name: project.name })
                  : t('result.subtitle', {
                    count: items.length,
                    name: project.name,
                    style: styleLabel,
                  })}
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={onCreateAnother} data-testid="create-another">
            <Plus aria-hidden /> {t('result.createAnother')}
          </Button>
          <Button asChild data-testid="view-project">
            <Link href={`/projects/${project.id}`}>
              {t('result.viewProject')} <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>

      {partial && (
        <PartialRunBar
          projectId={project.id}
          projectName={project.name}
          failedCount={failedCount}
          needsCredits={needsCredits}
          onRetryFailed={onRetryFailed}
        />
      )}

      {renovation && (
        <p
          className="mt-6 flex gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-900 dark:text-amber-200"
          data-testid="renovation-listing-rule"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('renovation.listingRule')}</span>
        </p>
      )}

      <ul
        className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2"
        data-testid="result-grid"
      >
        {items.map((item) => {
          const failure = project.images[item.index]?.failure;
          if (failure) {
            return (
              <li key={item.index}>
                <FailedImageTile
                  title={item.title}
                  thumb={item.originalThumb}
                  width={item.width}
                  height={item.height}
                  failure={failure}
                />
              </li>
            );
          }
          return (
            <li key={item.index}>
              <button
                type="button"
                onClick={() => setOpen(delivered.indexOf(item))}
                className="group block w-full cursor-pointer overflow-hidden rounded-2xl border bg-card text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-label={t('result.open', { name: item.title })}
              >
                <div className="grid grid-cols-2 gap-px bg-border">
                  <figure className="relative bg-muted">
                    {item.originalThumb && (
                      <img
                        src={item.originalThumb}
                        alt=""
                        width={item.width ?? 640}
                        height={item.height ?? 480}
                        loading="lazy"
                        className="aspect-[4/3] w-full object-cover"
                      />
                    )}
                    <figcaption className="absolute left-2 top-2 rounded-md bg-black/60 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-white">
                      {t('result.original')}
                    </figcaption>
                  </figure>
                  <figure className="relative bg-muted">
                    {item.stagedThumb && (
                      <img
                        src={item.stagedThumb}
                        alt=""
                        width={item.width ?? 640}
                        height={item.height ?? 480}
                        loading="lazy"
                        className="aspect-[4/3] w-full object-cover"
                      />
                    )}
                    <figcaption className="absolute right-2 top-2 rounded-md bg-primary px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-primary-foreground">
                      {renovation ? t('renovation.service') : t('result.staged')}
                    </figcaption>
                    {item.stagedThumb && (
                      <PreviewEngineBadge engine={engine} className="absolute bottom-2 left-2" />
                    )}
                  </figure>
                </div>
                <div className="flex items-center justify-between gap-3 px-4 py-3">
                  <span className="font-medium">
                    {item.title}
                  </span>
                  {item.qualityWarning && (
                    <span className="inline-flex items-center gap-1 text-xs text-amber-700 dark:text-amber-300">
                      <TriangleAlert className="size-3.5" aria-hidden /> {t('result.lowResNote')}
                    </span>
                  )}
                  <ArrowRight
                    className="size-4 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-foreground"
                    aria-hidden
                  />
                </div>
              </button>
            </li>
          );
        })}
      </ul>

      <ResultVariations projectId={project.id} items={delivered} />

      <ResultDetailDialog
        projectId={project.id}
        projectName={project.name}
        items={delivered}
        index={open}
        onIndexChange={setOpen}
      />
    </section>
  );
}

/** Where the project of a partial run is, and "Retry failed images" (with Upgrade when credits ran out). */
function PartialRunBar({
  projectId,
  projectName,
  failedCount,
  needsCredits,
  onRetryFailed,
}: {
  projectId: string;
  projectName: string;
  failedCount: number;
  needsCredits: boolean;
  onRetryFailed?: () => void;
}) {
  const { t } = useTranslation('staging');
  return (
    <div
      className="mt-8 flex flex-col gap-4 rounded-2xl border border-amber-500/40 bg-amber-500/5 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
      data-testid="partial-run"
    >
      <div className="flex items-start gap-3">
        <FolderOpen className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <p className="text-sm">
          {t('result.savedIn')}{' '}
          <Link
            href={`/projects/${projectId}`}
            className="font-semibold text-primary underline-offset-4 hover:underline"
            data-testid="partial-project-link"
          >
            {projectName}
          </Link>
          . {t('result.failedHint', { count: failedCount })}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
        {needsCredits && (
          <Button
            type="button"
            variant="outline"
            onClick={() => openAppModal('subscription')}
            data-testid="upgrade-button"
          >
            <Sparkles aria-hidden /> {t('errors.upgrade')}
          </Button>
        )}
        {onRetryFailed && (
          <Button type="button" onClick={onRetryFailed} data-testid="retry-failed">
            <RefreshCw aria-hidden /> {t('result.retryFailed', { count: failedCount })}
          </Button>
        )}
      </div>
    </div>
  );
}
