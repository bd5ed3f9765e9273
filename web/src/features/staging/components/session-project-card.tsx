import { ArrowUpRight, ImageOff, Loader2, RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { styleIdFromName, STYLES } from '@contract/styles';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { formatDateTime } from '../format-date';
import { objectUrl } from '../object-url';
import type { SessionProject } from '../session-projects';
import { PreviewEngineBadge } from '@/components/preview-engine-badge';
import { usePublicConfig } from '@/lib/public-config';
import { useImageTitles } from '../use-image-titles';

export interface SessionProjectCardProps {
  project: SessionProject;
  /** False while the server's current images are being read: placeholders instead of possibly deleted files. */
  ready?: boolean;
  isRegenerating(projectId: string, index: number): boolean;
  onRegenerate(project: SessionProject, index: number): void;
}

/** A session project: original and staged side by side per image, each with Regenerate. */
export function SessionProjectCard({
  project,
  ready = true,
  isRegenerating,
  onRegenerate,
}: SessionProjectCardProps) {
  const { t, i18n } = useTranslation('staging');
  // Results of this session: made by the engine the server stages with now.
  const engine = usePublicConfig().data?.stagingEngine;
  const titles = useImageTitles(project.images);
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  const styleId = styleIdFromName(project.styleGuide.styleName);
  const style = styleId === 'custom' ? project.styleGuide.styleName : STYLES[styleId].name[lang];

  return (
    <article
      className="overflow-hidden rounded-2xl border bg-card shadow-sm"
      data-testid="session-project"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b px-5 py-4">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold tracking-tight">{project.name}</h3>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {formatDateTime(project.createdAt)} · {style} ·{' '}
            {t('dashboard.images', { count: project.images.length })}
          </p>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link href={`/projects/${project.id}`}>
            {t('dashboard.openProject')} <ArrowUpRight aria-hidden />
          </Link>
        </Button>
      </header>
      <ul className="divide-y">
        {project.images.map((image, index) => {
          const running = isRegenerating(project.id, index);
          const original = image.originalThumbnailPath ?? image.originalPath;
          const staged = image.stagedThumbnailPath ?? image.stagedPath;
          // Both tiles take the original's proportions: nothing (e.g. the watermark) is cropped away.
          const ratio = {
            aspectRatio: image.width && image.height ? `${image.width} / ${image.height}` : '4 / 3',
          };
          return (
            <li key={index} className="grid gap-3 px-5 py-4">
              {!ready ? (
                <div className="grid grid-cols-2 gap-3" aria-hidden>
                  <Skeleton style={ratio} className="rounded-xl" />
                  <Skeleton style={ratio} className="rounded-xl" />
                </div>
              ) : (
                <div className="grid grid-cols-2 gap-3">
                  <figure className="relative overflow-hidden rounded-xl bg-muted">
                    {original ? (
                      <img
                        src={objectUrl(original)}
                        alt={`${t('dashboard.original')} ${index + 1}`}
                        width={image.width ?? 640}
                        height={image.height ?? 480}
                        loading="lazy"
                        style={ratio}
                        className="w-full object-cover"
                      />
                    ) : (
                      <div style={ratio} className="grid place-items-center text-muted-foreground">
                        <ImageOff className="size-6" aria-hidden />
                      </div>
                    )}
                    <figcaption className="absolute left-2 top-2 rounded-md bg-black/60 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-white">
                      {t('dashboard.original')}
                    </figcaption>
                  </figure>
                  <figure className="relative overflow-hidden rounded-xl bg-muted">
                    {staged ? (
                      <img
                        src={objectUrl(staged)}
                        alt={`${t('dashboard.staged')} ${index + 1}`}
                        width={image.width ?? 640}
                        height={image.height ?? 480}
                        loading="lazy"
                        style={ratio}
                        className={cn(
                          'w-full object-cover transition',
                          running && 'scale-[1.02] blur-[2px]',
                        )}
                      />
                    ) : (
                      <div
                        style={ratio}
                        className="flex flex-col items-center justify-center gap-1 bg-destructive/8 p-3 text-center"
                        data-testid="staging-failed"
                      >
                        <TriangleAlert className="size-5 text-destructive" aria-hidden />
                        <span className="text-sm font-semibold">
                          {t('dashboard.stagingFailed')}
                        </span>
                        <span className="hidden text-xs text-muted-foreground sm:block">
                          {t('dashboard.stagingFailedText')}
                        </span>
                      </div>
                    )}
                    {staged && (
                      <figcaption className="absolute right-2 top-2 rounded-md bg-primary px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-primary-foreground">
                        {t('dashboard.staged')}
                      </figcaption>
                    )}
                    {staged && (
                      <PreviewEngineBadge engine={engine} className="absolute bottom-2 left-2" />
                    )}
                    {running && (
                      <div
                        className="absolute inset-0 grid place-items-center bg-background/50"
                        role="status"
                      >
                        <span className="inline-flex items-center gap-2 rounded-full bg-card px-3 py-1.5 text-xs font-medium shadow">
                          <Loader2 className="size-4 animate-spin text-primary" aria-hidden />{' '}
                          {t('dashboard.regenerating')}
                        </span>
                      </div>
                    )}
                  </figure>
                </div>
              )}
              <div className="flex items-center justify-between gap-3">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                  {titles[index]}
                  {image.qualityWarning && (
                    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-200">
                      <TriangleAlert className="size-3" aria-hidden /> {t('dashboard.lowRes')}
                    </span>
                  )}
                </span>
                <Button
                  variant={staged ? 'ghost' : 'default'}
                  size="sm"
                  onClick={() => onRegenerate(project, index)}
                  disabled={running}
                  data-testid="regenerate"
                >
                  <RefreshCw className={cn(running && 'animate-spin')} aria-hidden />
                  {running ? t('dashboard.regenerating') : t('dashboard.regenerate')}
                  <span className="sr-only"> ({titles[index]})</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
