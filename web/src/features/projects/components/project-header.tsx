import { Calendar, Clock, ImageOff, Images, Palette, Tag } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { ProjectDetailResponse } from '@contract/projects';
import { cn } from '@/lib/class-names';
import { formatDate, formatDateTime } from '../format-date';
import { localizedStyle } from '../style-label';
import { useProjectStatusText } from '@/components/project-status-badge';

/** Spec §2: green completed, yellow processing, red failed; partly staged (ADR 051) amber without the pulse. */
const STATUS_STYLE = {
  completed: 'border-success/30 bg-success/12 text-[oklch(0.45_0.12_150)] dark:text-success',
  processing: 'border-warning/40 bg-warning/15 text-amber-800 dark:text-amber-200',
  partial: 'border-warning/50 bg-warning/10 text-amber-900 dark:text-amber-100',
  failed: 'border-destructive/30 bg-destructive/10 text-destructive',
} as const;
const DOT = {
  completed: 'bg-success',
  processing: 'bg-warning animate-pulse',
  partial: 'bg-warning',
  failed: 'bg-destructive',
} as const;

export function ProjectHeader({
  project,
  pairCount,
}: {
  project: ProjectDetailResponse;
  pairCount: number;
}) {
  const { t, i18n } = useTranslation('projects');
  const style = localizedStyle(
    project.styleName,
    project.styleDescription,
    i18n.language.startsWith('de') ? 'de' : 'en',
  );
  const status = project.status;
  const statusText = useProjectStatusText();
  return (
    <header className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">
            {project.title}
          </h1>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <Calendar className="size-4" aria-hidden />
            <time dateTime={project.createdAt}>
              {t('detail.created', { date: formatDateTime(project.createdAt) })}
            </time>
          </p>
        </div>
        <span
          className={cn(
            'inline-flex w-fit shrink-0 items-center gap-2 rounded-full border px-3 py-1 text-sm font-semibold',
            STATUS_STYLE[status],
          )}
          data-testid="project-status"
          data-status={status}
        >
          <span className={cn('size-2 rounded-full', DOT[status])} aria-hidden />
          <span className="sr-only">{t('detail.status')}: </span>
          {statusText(status, project.counts)}
        </span>
      </div>
      <dl className="mt-5 grid gap-4 border-t pt-5 text-sm sm:grid-cols-3">
        <div>
          <dt className="flex items-center gap-2 text-muted-foreground">
            <Tag className="size-4 shrink-0" aria-hidden /> {t('detail.category')}
          </dt>
          <dd className="mt-1 pl-6 font-medium" data-testid="project-category">
            {t(`category.${project.category}`)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="flex items-center gap-2 text-muted-foreground">
            <Palette className="size-4 shrink-0" aria-hidden /> {t('detail.style')}
          </dt>
          <dd className="mt-1 pl-6 font-medium">{style.name ?? t('detail.noStyle')}</dd>
          {style.description && (
            <dd className="mt-0.5 pl-6 text-muted-foreground">{style.description}</dd>
          )}
        </div>
        <div>
          <dt className="flex items-center gap-2 text-muted-foreground">
            <Images className="size-4 shrink-0" aria-hidden /> {t('detail.images')}
          </dt>
          <dd className="mt-1 pl-6 font-medium">{t('detail.imagesCount', { count: pairCount })}</dd>
        </div>
      </dl>
      {(project.imagesExpired || project.imagesExpireAt) && (
        <p
          className={cn(
            'mt-5 flex items-center gap-2 rounded-lg px-3 py-2 text-sm',
            project.imagesExpired
              ? 'bg-destructive/10 text-destructive'
              : 'bg-muted text-muted-foreground',
          )}
          data-testid="project-expiry"
        >
          {project.imagesExpired ? (
            <ImageOff className="size-4 shrink-0" aria-hidden />
          ) : (
            <Clock className="size-4 shrink-0" aria-hidden />
          )}
          {project.imagesExpired
            ? t('detail.expired')
            : t('detail.expiresOn', { date: formatDate(project.imagesExpireAt) })}
        </p>
      )}
    </header>
  );
}
