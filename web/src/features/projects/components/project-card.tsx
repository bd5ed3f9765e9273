import { Download, Eye, ImageOff, Trash2 } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { ProjectListItem } from '@contract/projects';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { formatDate } from '../format-date';
import { objectUrl } from '../object-url';
import { ExpiryChip } from './expiry-note';
import { ProjectStatusBadge } from '@/components/project-status-badge';
import { PreviewEngineBadge } from '@/components/preview-engine-badge';

/** The image a project card shows: the processed thumbnail, else the original (dimmed). */
export function cardImage(project: ProjectListItem): { src: string; processed: boolean } | null {
  if (project.imagesExpired) return null;
  const processed = project.processedThumbnailPath ?? project.processedImagePath;
  if (processed) return { src: objectUrl(processed), processed: true };
  const original = project.originalThumbnailPath ?? project.originalImagePath;
  return original ? { src: objectUrl(original), processed: false } : null;
}

/** Download opens the full image in a new tab (spec §2). */
export function openProjectImage(project: ProjectListItem) {
  const path = project.processedImagePath ?? project.originalImagePath;
  if (path) window.open(objectUrl(path), '_blank', 'noopener,noreferrer');
}

export function ProjectCard({
  project,
  onView,
  onDelete,
}: {
  project: ProjectListItem;
  onView(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('projects');
  const image = cardImage(project);
  const canDownload =
    !project.imagesExpired && Boolean(project.processedImagePath ?? project.originalImagePath);
  return (
    <article
      className="group flex w-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg"
      data-testid="project-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <button
          type="button"
          onClick={onView}
          className="block size-full cursor-pointer"
          tabIndex={-1}
          aria-hidden
        >
          {image ? (
            <img
              src={image.src}
              alt=""
              width={640}
              height={480}
              loading="lazy"
              decoding="async"
              className={cn(
                'size-full object-cover transition duration-300 group-hover:scale-[1.03]',
                !image.processed && 'opacity-50 grayscale-[35%]',
              )}
            />
          ) : (
            <span className="grid size-full place-items-center text-muted-foreground">
              <ImageOff className="size-8" />
            </span>
          )}
        </button>
        <div className="pointer-events-none absolute inset-x-3 top-3 flex items-start justify-between gap-2">
          <ProjectStatusBadge status={project.status} counts={project.counts} className="shrink-0 whitespace-nowrap shadow-sm" />
          <ExpiryChip
            expireAt={project.imagesExpireAt}
            expired={project.imagesExpired}
            className="pointer-events-auto"
          />
        </div>
        {image?.processed && (
          <PreviewEngineBadge
            engine={project.processedEngine}
            className="pointer-events-none absolute bottom-3 left-3"
          />
        )}
        {image && !image.processed && (
          <span className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/65 to-transparent px-3 pb-2 pt-8 text-xs font-medium text-white">
            {t('myProjects.notStaged')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="truncate text-base font-semibold" title={project.title}>
          {project.title}
        </h2>
        <div className="flex items-center justify-between gap-2 text-sm">
          <Badge variant="outline" className="font-medium">
            {t(`category.${project.category}`)}
          </Badge>
          <time dateTime={project.createdAt} className="tabular-nums text-muted-foreground">
            {formatDate(project.createdAt)}
          </time>
        </div>
        <div className="mt-auto flex gap-2 pt-1">
          <Button
            variant="outline"
            size="sm"
            className="flex-1"
            onClick={onView}
            data-testid="project-view"
          >
            <Eye aria-hidden /> {t('myProjects.view')}
            <span className="sr-only">: {project.title}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="w-9 px-0"
            onClick={() => openProjectImage(project)}
            disabled={!canDownload}
            aria-label={`${t('myProjects.download')}: ${project.title}`}
            title={t('myProjects.download')}
            data-testid="project-download"
          >
            <Download aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="w-9 px-0 text-destructive dark:text-red-400 hover:border-destructive/40 hover:bg-destructive/10 hover:text-destructive"
            onClick={onDelete}
            aria-label={`${t('myProjects.delete')}: ${project.title}`}
            title={t('myProjects.delete')}
            data-testid="project-delete"
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
    </article>
  );
}

export function ProjectCardSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-2xl border bg-card shadow-sm"
      data-testid="project-skeleton"
      aria-hidden
    >
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <div className="flex justify-between">
          <Skeleton className="h-5 w-28 rounded-full" />
          <Skeleton className="h-5 w-20" />
        </div>
        <div className="flex gap-2 pt-1">
          <Skeleton className="h-8 flex-1" />
          <Skeleton className="h-8 w-9" />
          <Skeleton className="h-8 w-9" />
        </div>
      </div>
    </div>
  );
}
