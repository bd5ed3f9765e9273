import { ArrowUpRight, Calendar, Download, ImageOff, Trash2 } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import type { ProjectListItem } from '@contract/projects';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDateTime } from '../format-date';
import { objectUrl } from '../object-url';
import { ExpiryChip } from './expiry-note';
import { openProjectImage } from './project-card';
import { ProjectStatusBadge } from '@/components/project-status-badge';

function Figure({ path, label, empty }: { path: string | null; label: string; empty: string }) {
  return (
    <figure className="grid gap-2">
      <figcaption className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        {label}
      </figcaption>
      <div className="overflow-hidden rounded-xl border bg-muted">
        {path ? (
          <img
            src={objectUrl(path)}
            alt={label}
            width={1024}
            height={768}
            loading="lazy"
            className="aspect-[4/3] w-full object-cover"
          />
        ) : (
          <div className="grid aspect-[4/3] place-items-center gap-1 p-4 text-center text-sm text-muted-foreground">
            <span className="grid justify-items-center gap-2">
              <ImageOff className="size-6" aria-hidden />
              {empty}
            </span>
          </div>
        )}
      </div>
    </figure>
  );
}

/** My Projects' View: category, created date and time, original and processed image, download, delete, close. */
export function ProjectViewDialog({
  project,
  onOpenChange,
  onDelete,
}: {
  project: ProjectListItem | null;
  onOpenChange(open: boolean): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('projects');
  const expired = project?.imagesExpired ?? false;
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="project-view-dialog">
        {project && (
          <>
            <DialogHeader>
              <DialogTitle className="truncate text-xl">{project.title}</DialogTitle>
              <DialogDescription asChild>
                <div className="flex flex-wrap items-center gap-2 pt-1">
                  <ProjectStatusBadge status={project.status} counts={project.counts} />
                  <Badge variant="outline">
                    <span className="sr-only">{t('viewDialog.category')}: </span>
                    {t(`category.${project.category}`)}
                  </Badge>
                  <span className="inline-flex items-center gap-1.5 text-sm">
                    <Calendar className="size-4" aria-hidden />
                    <span className="sr-only">{t('viewDialog.created')}</span>
                    <time dateTime={project.createdAt}>{formatDateTime(project.createdAt)}</time>
                  </span>
                  <ExpiryChip expireAt={project.imagesExpireAt} expired={project.imagesExpired} />
                </div>
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-4 sm:grid-cols-2">
              <Figure
                path={expired ? null : project.originalImagePath}
                label={t('viewDialog.original')}
                empty={expired ? t('myProjects.expired') : t('myProjects.noImage')}
              />
              <Figure
                path={expired ? null : project.processedImagePath}
                label={t('viewDialog.processed')}
                empty={expired ? t('myProjects.expired') : t('viewDialog.noProcessed')}
              />
            </div>
            <DialogFooter className="sm:justify-between">
              <Button
                variant="ghost"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-400"
                onClick={onDelete}
                data-testid="view-delete"
              >
                <Trash2 aria-hidden /> {t('viewDialog.delete')}
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <DialogClose asChild>
                  <Button variant="outline">{t('viewDialog.close')}</Button>
                </DialogClose>
                <Button variant="outline" asChild>
                  <Link href={`/projects/${project.id}`}>
                    {t('viewDialog.openProject')} <ArrowUpRight aria-hidden />
                  </Link>
                </Button>
                <Button
                  onClick={() => openProjectImage(project)}
                  disabled={expired || !(project.processedImagePath ?? project.originalImagePath)}
                >
                  <Download aria-hidden /> {t('viewDialog.download')}
                </Button>
              </div>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
