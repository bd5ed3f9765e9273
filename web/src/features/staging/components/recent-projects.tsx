import { ImageOff } from 'lucide-react';
import { Link } from 'wouter';
import type { ProjectListItem } from '@contract/projects';
import { useTranslation } from '@/i18n/i18n';
import { useProjectStatusText } from '@/components/project-status-badge';
import { formatDateTime } from '../format-date';
import { objectUrl } from '../object-url';

/**
 * The user's latest projects on the dashboard when this browser session made none yet (issue #26:
 * "No projects in this session yet" to a user with projects read as if they were lost).
 */
export function RecentProjects({ projects }: { projects: ProjectListItem[] }) {
  const { t } = useTranslation('staging');
  const statusText = useProjectStatusText();
  return (
    <section aria-labelledby="recent-projects-heading" className="min-w-0 rounded-2xl border bg-card p-4 shadow-sm sm:p-6" data-testid="recent-projects">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-projects-heading" className="text-lg font-semibold">
          {t('dashboard.recent.title')}
        </h2>
        <Link href="/my-projects" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('dashboard.recent.all')}
        </Link>
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {projects.map((project) => {
          const thumb = project.imagesExpired ? null : (project.processedThumbnailPath ?? project.originalThumbnailPath ?? project.processedImagePath ?? project.originalImagePath);
          return (
            <li key={project.id} className="min-w-0">
              <Link
                href={`/projects/${project.id}`}
                className="flex min-w-0 items-center gap-3 rounded-xl border p-2 transition hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
                data-testid="recent-project"
              >
                <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-lg bg-muted text-muted-foreground">
                  {thumb ? <img src={objectUrl(thumb)} alt="" width={64} height={64} className="size-full object-cover" loading="lazy" /> : <ImageOff className="size-5" aria-hidden />}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium" title={project.title}>
                    {project.title}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {statusText(project.status, project.counts)} · {formatDateTime(project.createdAt)}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
