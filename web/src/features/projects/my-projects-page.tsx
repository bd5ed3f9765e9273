import { FolderOpen, Plus, RotateCw, TriangleAlert } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import type { ProjectListItem } from '@contract/projects';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useProjectPages } from './api/get-projects';
import { LoadMore } from './components/load-more';
import { DeleteProjectDialog } from './components/delete-project-dialog';
import { ProjectCard, ProjectCardSkeleton } from './components/project-card';
import { ProjectViewDialog } from './components/project-view-dialog';

const SKELETONS = 6;

/**
 * `/my-projects`: the user's projects as cards (spec §2, German texts), 24 at a time; the next page
 * loads when the end of the grid scrolls into view (or on "Load more"). Processing projects update
 * by themselves (the query refetches while any is processing).
 */
export default function MyProjectsPage() {
  const { t } = useTranslation('projects');
  const pages = useProjectPages();
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items), [pages.data]);
  const total = pages.data?.pages[0]?.total ?? items?.length ?? 0;
  const { fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const [viewing, setViewing] = useState<ProjectListItem | null>(null);
  const [deleting, setDeleting] = useState<ProjectListItem | null>(null);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('myProjects.title')}</h1>
          <p className="mt-2 text-muted-foreground">
            {items ? t('myProjects.count', { count: total }) + ' · ' : ''}
            {t('myProjects.subtitle')}
          </p>
        </div>
        <Button asChild>
          <Link href="/new-project">
            <Plus aria-hidden /> {t('myProjects.newProject')}
          </Link>
        </Button>
      </header>

      <div className="mt-8">
        {pages.isPending ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" role="status" aria-label={t('myProjects.loading')}>
            {Array.from({ length: SKELETONS }, (_, i) => (
              <ProjectCardSkeleton key={i} />
            ))}
          </div>
        ) : pages.isError ? (
          <div className="flex flex-col items-center rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-14 text-center" role="alert">
            <TriangleAlert className="size-8 text-destructive" aria-hidden />
            <p className="mt-3 text-lg font-semibold">{t('myProjects.loadError')}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t('myProjects.loadErrorText')}</p>
            <Button variant="outline" className="mt-5" onClick={() => void pages.refetch()}>
              <RotateCw aria-hidden /> {t('myProjects.retry')}
            </Button>
          </div>
        ) : !items || items.length === 0 ? (
          <EmptyState
            icon={FolderOpen}
            title={t('myProjects.emptyTitle')}
            text={t('myProjects.emptyText')}
            action={{ href: '/new-project', label: t('myProjects.emptyCreate'), icon: Plus }}
            data-testid="projects-empty"
          />
        ) : (
          <>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="projects-grid">
              {items.map((project) => (
                <li key={project.id} className="flex">
                  <ProjectCard project={project} onView={() => setViewing(project)} onDelete={() => setDeleting(project)} />
                </li>
              ))}
            </ul>
            {pages.hasNextPage && <LoadMore loading={pages.isFetchingNextPage} onLoad={loadMore} />}
          </>
        )}
      </div>

      <ProjectViewDialog
        project={viewing}
        onOpenChange={(open) => !open && setViewing(null)}
        onDelete={() => {
          setDeleting(viewing);
          setViewing(null);
        }}
      />
      <DeleteProjectDialog project={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
