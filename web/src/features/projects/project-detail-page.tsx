import { ArrowLeft, Columns2, ImageOff, LayoutGrid, Loader2, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { downloadImage } from '@/lib/download-image';
import { useProject } from './api/get-project';
import { DeleteProjectDialog } from './components/delete-project-dialog';
import { VariationPicker } from '@/components/variation-picker';
import { ImageCard } from './components/image-card';
import { ImageDetailModal } from './components/image-detail-modal';
import { ListingPanel } from './components/listing-panel';
import { PairCompareCard } from './components/pair-compare-card';
import { ProjectHeader } from './components/project-header';
import { RestageProblemAlert } from './components/restage-problem-alert';
import { RestyleDialog } from './components/restyle-dialog';
import { imagePairs, pairTitles, type ImagePair } from './image-pairs';
import { objectUrl } from './object-url';
import { useRestage } from './use-restage';

/** `/projects/:id`: header, image pairs (compare or gallery), the image modal. */
export default function ProjectDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('projects');
  const [, navigate] = useLocation();
  const query = useProject(id);
  const project = query.data;
  const pairs = useMemo(() => {
    if (!project || project.imagesExpired) return [];
    const list = imagePairs(project.images);
    const titles = pairTitles(list, {
      room: (type) => t(`rooms.${type}`),
      image: (n) => t('detail.imageTitle', { n }),
      view: (name, n) => t('detail.viewTitle', { name, n }),
    });
    return list.map((pair): ImagePair => ({ ...pair, title: titles.get(pair.number) }));
  }, [project, t]);
  const { restage, beginRestage, isRestaging, problem, dismissProblem } = useRestage(project);
  const [modalIndex, setModalIndex] = useState<number | null>(null);
  const [editing, setEditing] = useState<ImagePair | null>(null);
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) {
    return (
      <div
        className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground"
        role="status"
      >
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
        <p>{t('detail.loading')}</p>
      </div>
    );
  }

  if (query.isError || !project) {
    return (
      <EmptyState
        variant="missing"
        icon={SearchX}
        title={t('detail.notFoundTitle')}
        text={t('detail.notFoundText')}
        action={{ href: '/dashboard', label: t('detail.backToDashboard'), icon: ArrowLeft }}
        data-testid="project-not-found"
      />
    );
  }

  const download = async (pair: ImagePair, label?: 'de' | 'en') => {
    const image = pair.staged ?? pair.original;
    try {
      await downloadImage(image.filePath, `${project.title}-${pair.number}.jpg`, {
        label,
        share: Boolean(label),
      });
      toast({
        title: t('detail.downloadStarted'),
        description: t('detail.downloadStartedText'),
        variant: 'success',
      });
    } catch (error) {
      console.warn('download failed', error);
      toast({
        title: t('detail.downloadFailed'),
        description: t('detail.downloadFailedText'),
        variant: 'destructive',
      });
    }
  };
  const view = (pair: ImagePair) => setModalIndex(pairs.indexOf(pair));
  const processing = project.status === 'processing';
  const listingPhotos = pairs.flatMap((pair) =>
    pair.staged
      ? [{ id: pair.original.id, src: objectUrl(pair.staged.thumbnailPath ?? pair.staged.filePath), title: pair.title ?? '' }]
      : [],
  );
  const variationsOf = (pair: ImagePair) =>
    pair.staged && (
      <VariationPicker
        projectId={project.id}
        staged={pair.staged}
        title={pair.title ?? t('detail.imageTitle', { n: pair.number })}
        onChosen={() => void query.refetch()}
      />
    );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <Button variant="ghost" size="sm" asChild className="-ml-2 mb-4">
        <Link href="/" data-testid="back-button">
          <ArrowLeft aria-hidden /> {t('detail.back')}
        </Link>
      </Button>
      <ProjectHeader project={project} pairCount={pairs.length} />
      {problem && <RestageProblemAlert problem={problem} onDismiss={dismissProblem} />}
      {listingPhotos.length > 0 && (
        <ListingPanel projectId={project.id} projectTitle={project.title} photos={listingPhotos} />
      )}

      {pairs.length === 0 ? (
        <div
          className="mt-8 flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center"
          data-testid="project-empty"
        >
          <ImageOff className="size-8 text-muted-foreground" aria-hidden />
          <p className="mt-3 text-lg font-semibold">{t('detail.empty')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('detail.emptyText')}</p>
        </div>
      ) : (
        <Tabs defaultValue="compare" className="mt-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold tracking-tight">{t('detail.pairsTitle')}</h2>
            <TabsList aria-label={t('detail.viewLabel')}>
              <TabsTrigger value="compare">
                <Columns2 className="size-4" aria-hidden /> {t('detail.viewCompare')}
              </TabsTrigger>
              <TabsTrigger value="gallery" data-testid="gallery-tab">
                <LayoutGrid className="size-4" aria-hidden /> {t('detail.viewGallery')}
              </TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="compare" className="mt-5">
            {/* Each photo's variations right under it (issue 35: they were at the page's end, far from the card re-staged). */}
            <ul className="grid gap-6 xl:grid-cols-2" data-testid="variation-pickers">
              {pairs.map((pair) => (
                <li key={pair.original.id} className="grid content-start gap-3">
                  <PairCompareCard
                    pair={pair}
                    processing={processing}
                    busy={isRestaging(pair)}
                    onView={() => view(pair)}
                    onDownload={() => void download(pair)}
                    onRestage={() => beginRestage(pair, setEditing)}
                  />
                  {variationsOf(pair)}
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="gallery" className="mt-5">
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {pairs.map((pair) => (
                <li key={pair.original.id} className="grid content-start gap-3">
                  <ImageCard
                    pair={pair}
                    title={pair.title ?? t('detail.imageTitle', { n: pair.number })}
                    busy={isRestaging(pair)}
                    onEdit={() => beginRestage(pair, setEditing)}
                    onView={() => view(pair)}
                    onDownload={() => void download(pair)}
                  />
                  {variationsOf(pair)}
                </li>
              ))}
            </ul>
          </TabsContent>
        </Tabs>
      )}

      <ImageDetailModal
        project={project}
        pairs={pairs}
        index={modalIndex}
        onIndexChange={setModalIndex}
        onDownload={(pair, label) => void download(pair, label)}
        onRestage={(pair) => {
          setModalIndex(null);
          beginRestage(pair, setEditing);
        }}
        onDelete={() => {
          setModalIndex(null);
          setDeleting(true);
        }}
        isRestaging={isRestaging}
      />
      <RestyleDialog
        imageTitle={editing ? (editing.title ?? t('detail.imageTitle', { n: editing.number })) : ''}
        currentStyleName={project.styleName}
        currentDescription={project.styleDescription}
        currentInstructions={project.instructions}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        onSubmit={(style) => editing && void restage(editing, style)}
      />
      <DeleteProjectDialog
        project={deleting ? { id: project.id, title: project.title } : null}
        onOpenChange={(open) => !open && setDeleting(false)}
        onDeleted={() => navigate('/my-projects')}
      />
    </div>
  );
}
