import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  ChevronLeft,
  ChevronRight,
  Columns2,
  Download,
  Highlighter,
  Image as ImageIcon,
  RefreshCw,
  Trash2,
  X,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { ProjectDetailResponse } from '@contract/projects';
import { isPreviewEngine } from '@contract/landing-variant';
import { Badge } from '@/components/ui/badge';
import { LabelledDownloadButton } from '@/components/labelled-download-button';
import { Button } from '@/components/ui/button';
import { CompareSlider } from '@/components/ui/compare-slider';
import { cn } from '@/lib/class-names';
import { formatDateTime } from '../format-date';
import type { ImagePair } from '../image-pairs';
import { objectUrl } from '../object-url';
import { localizedStyle } from '../style-label';
import { useZoom } from '../use-zoom';
import { ChangeHighlight } from './change-highlight';
import { RoomLockFigures } from './room-lock-figures';
import { ZoomableView } from './zoomable-view';

export interface ImageDetailModalProps {
  project: ProjectDetailResponse;
  pairs: ImagePair[];
  /** The shown pair; null closes the modal. */
  index: number | null;
  onIndexChange(index: number | null): void;
  onDownload(pair: ImagePair, label?: 'de' | 'en'): void;
  onRestage(pair: ImagePair): void;
  onDelete(): void;
  isRestaging(pair: ImagePair): boolean;
}

/**
 * The image detail modal of spec §2: zoom 50–300% in 25% steps, previous/next wrapping around,
 * side panel (created, category, style, the geometry lock's figures, actions, original); the compare
 * view can tint what the AI added ("Show what changed", from the stored change mask). Keys: Escape
 * closes, ←/→ navigate, + and − zoom; clicking the image toggles zoom. Zoom is back at 100% when
 * the modal opens, another image is shown or the project changes.
 */
export function ImageDetailModal({
  project,
  pairs,
  index,
  onIndexChange,
  onDownload,
  onRestage,
  onDelete,
  isRestaging,
}: ImageDetailModalProps) {
  const { t, i18n } = useTranslation('projects');
  const style = localizedStyle(
    project.styleName,
    project.styleDescription,
    i18n.language.startsWith('de') ? 'de' : 'en',
  );
  const zoom = useZoom();
  const [mode, setMode] = useState<'staged' | 'compare'>('staged');
  const [showChanges, setShowChanges] = useState(false);
  const open = index !== null && pairs.length > 0;
  const pair = open ? pairs[Math.min(index, pairs.length - 1)]! : null;
  const count = pairs.length;
  const { reset } = zoom;

  useEffect(() => {
    if (open) reset();
  }, [open, index, project.id, reset]);

  const go = (delta: number) => {
    if (index === null || count === 0) return;
    onIndexChange((index + delta + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [role="slider"]')) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === '+' || event.key === '=' || event.key === 'Add') zoom.zoomIn();
    else if (event.key === '-' || event.key === '_' || event.key === 'Subtract') zoom.zoomOut();
    else return;
    event.preventDefault();
  };

  const width = pair?.original.width ?? null;
  const height = pair?.original.height ?? null;
  const aspect = width && height ? width / height : 4 / 3;
  const title = pair ? (pair.title ?? t('detail.imageTitle', { n: pair.number })) : '';
  const showCompare = mode === 'compare' && pair?.staged;
  const lock = pair?.staged?.geometryLock ?? null;
  const changeMaskPath = lock?.changeMaskPath ?? null;
  const highlight = Boolean(showCompare && showChanges && changeMaskPath);
  const toggleChanges = () => {
    if (showChanges && mode === 'compare') setShowChanges(false);
    else {
      setShowChanges(true);
      setMode('compare');
    }
  };
  const busy = pair ? isRestaging(pair) : false;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(o) => !o && onIndexChange(null)}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
        <DialogPrimitive.Content
          onKeyDown={onKeyDown}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-2xl outline-none sm:inset-4 lg:inset-6"
          data-testid="image-modal"
          aria-describedby={undefined}
        >
          {pair && (
            <>
              <header className="relative flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b py-3 pl-4 pr-12 sm:pr-4">
                <div className="flex min-w-0 items-center gap-3">
                  <DialogPrimitive.Title className="truncate text-base font-semibold sm:text-lg">
                    {project.title} · {title}
                  </DialogPrimitive.Title>
                  <Badge variant="outline" className="hidden sm:inline-flex">
                    {t(`category.${project.category}`)}
                  </Badge>
                  <span className="hidden text-sm tabular-nums text-muted-foreground md:inline">
                    {t('modal.imageOf', { n: pair.number, total: count })}
                  </span>
                </div>
                <div className="ml-auto flex flex-wrap items-center justify-end gap-1">
                  {pair.staged && (
                    <div
                      className="mr-1 flex rounded-lg bg-muted p-0.5 sm:mr-2"
                      role="group"
                      aria-label={t('modal.viewMode')}
                    >
                      {(['staged', 'compare'] as const).map((m) => (
                        <button
                          key={m}
                          type="button"
                          aria-pressed={mode === m}
                          onClick={() => setMode(m)}
                          className={cn(
                            'inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground transition focus-visible:outline-2 focus-visible:outline-ring',
                            mode === m && 'bg-background text-foreground shadow-sm',
                          )}
                        >
                          {m === 'staged' ? (
                            <ImageIcon className="size-3.5" aria-hidden />
                          ) : (
                            <Columns2 className="size-3.5" aria-hidden />
                          )}
                          {t(m === 'staged' ? 'modal.viewStaged' : 'modal.viewCompare')}
                        </button>
                      ))}
                    </div>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => zoom.zoomOut()}
                    disabled={!zoom.canZoomOut}
                    aria-label={t('modal.zoomOut')}
                    data-testid="zoom-out"
                  >
                    <ZoomOut />
                  </Button>
                  <button
                    type="button"
                    onClick={() => zoom.reset()}
                    // On phones the level gives way to the buttons (pinch zooms there); from sm up it shows.
                    className="min-w-14 cursor-pointer rounded-md px-1 py-1 text-center text-sm font-medium tabular-nums hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring max-sm:sr-only"
                    aria-label={`${t('modal.zoomLevel')} ${zoom.percent}%`}
                    data-testid="zoom-level"
                  >
                    {zoom.percent}%
                  </button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => zoom.zoomIn()}
                    disabled={!zoom.canZoomIn}
                    aria-label={t('modal.zoomIn')}
                    data-testid="zoom-in"
                  >
                    <ZoomIn />
                  </Button>
                  {/* Top right of the header whatever wraps (phones put the controls on a second row). */}
                  <DialogPrimitive.Close asChild>
                    <Button variant="ghost" size="icon" aria-label={t('modal.close')} className="absolute right-2 top-2 sm:static sm:ml-1">
                      <X />
                    </Button>
                  </DialogPrimitive.Close>
                </div>
              </header>

              <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:grid lg:grid-cols-[minmax(0,1fr)_320px] lg:overflow-hidden">
                <div
                  className="relative max-h-[60dvh] shrink-0 bg-neutral-950 aspect-(--image-ratio) lg:aspect-auto lg:h-auto lg:max-h-none"
                  style={{ '--image-ratio': String(aspect) } as CSSProperties}
                >
                  <ZoomableView control={zoom} aspect={aspect}>
                    {showCompare && pair.staged ? (
                      <>
                        <CompareSlider
                          key={pair.original.id}
                          before={{
                            src: objectUrl(pair.original.filePath),
                            alt: `${t('detail.before')}: ${title}`,
                          }}
                          after={{
                            src: objectUrl(pair.staged.filePath),
                            alt: `${t('detail.after')}: ${title}`,
                          }}
                          labels={{
                            before: t('detail.before'),
                            after: t('detail.after'),
                            slider: t('detail.compareSlider'),
                          }}
                          width={width}
                          height={height}
                          loading="eager"
                          className="rounded-none"
                          afterOverlay={
                            highlight && changeMaskPath ? (
                              <ChangeHighlight maskPath={changeMaskPath} />
                            ) : undefined
                          }
                        />
                      </>
                    ) : (
                      <button
                        type="button"
                        // Zoom at the clicked point; a keyboard "click" (detail 0) zooms at the centre.
                        onClick={(event) =>
                          zoom.toggle(
                            event.detail > 0 ? { x: event.clientX, y: event.clientY } : null,
                          )
                        }
                        className={cn(
                          'block size-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                          zoom.zoom === 1 ? 'cursor-zoom-in' : 'cursor-zoom-out',
                        )}
                        aria-label={`${t('modal.toggleZoom')} (${zoom.percent}%)`}
                        data-testid="modal-image"
                      >
                        <img
                          src={objectUrl((pair.staged ?? pair.original).filePath)}
                          alt={`${pair.staged ? t('detail.after') : t('detail.before')}: ${title}`}
                          width={width ?? undefined}
                          height={height ?? undefined}
                          draggable={false}
                          className="size-full select-none object-contain"
                        />
                      </button>
                    )}
                  </ZoomableView>
                  {count > 1 && (
                    <>
                      <Button
                        variant="secondary"
                        size="icon"
                        onClick={() => go(-1)}
                        aria-label={t('modal.previous')}
                        className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-background/80 shadow-lg backdrop-blur hover:bg-background"
                        data-testid="modal-previous"
                      >
                        <ChevronLeft />
                      </Button>
                      <Button
                        variant="secondary"
                        size="icon"
                        onClick={() => go(1)}
                        aria-label={t('modal.next')}
                        className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-background/80 shadow-lg backdrop-blur hover:bg-background"
                        data-testid="modal-next"
                      >
                        <ChevronRight />
                      </Button>
                    </>
                  )}
                  {highlight && (
                    // Top left: the bottom corners carry the watermark and the disclosure label.
                    <p
                      className="pointer-events-none absolute left-3 top-12 max-w-[60%] rounded-2xl bg-black/70 px-3 py-1 text-xs text-white"
                      data-testid="changes-legend"
                    >
                      <span
                        className="mr-1.5 inline-block size-2.5 rounded-full bg-fuchsia-400 align-middle"
                        aria-hidden
                      />
                      {t('modal.changesLegend')}
                    </p>
                  )}
                </div>

                <aside
                  className="grid content-start gap-6 border-t p-5 lg:overflow-y-auto lg:border-l lg:border-t-0"
                  aria-label={t('modal.details')}
                >
                  <dl className="grid gap-4 text-sm">
                    <div>
                      <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                        {t('modal.created')}
                      </dt>
                      <dd className="mt-1 font-medium tabular-nums">
                        {formatDateTime(pair.staged?.createdAt ?? pair.original.createdAt)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                        {t('modal.category')}
                      </dt>
                      <dd className="mt-1 font-medium">{t(`category.${project.category}`)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                        {t('modal.style')}
                      </dt>
                      <dd className="mt-1">
                        <span className="font-medium">{style.name ?? t('detail.noStyle')}</span>
                        {style.description && (
                          <span className="mt-0.5 block text-muted-foreground">
                            {style.description}
                          </span>
                        )}
                      </dd>
                    </div>
                    {pair.staged && (
                      <div>
                        <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                          {t('modal.room')}
                        </dt>
                        <dd className="mt-1.5" data-testid="room-lock">
                          <RoomLockFigures lock={lock} />
                          {lock && (
                            <p className="mt-2 text-xs leading-relaxed text-muted-foreground">
                              {t('modal.lockHelp')}
                            </p>
                          )}
                          {changeMaskPath && (
                            <Button
                              variant="outline"
                              size="sm"
                              className="mt-3 w-full"
                              onClick={toggleChanges}
                              aria-pressed={highlight}
                              data-testid="show-changes"
                            >
                              <Highlighter aria-hidden />{' '}
                              {t(highlight ? 'modal.hideChanges' : 'modal.showChanges')}
                            </Button>
                          )}
                        </dd>
                      </div>
                    )}
                    {isPreviewEngine(pair.staged?.engine) && (
                      <div>
                        <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                          {t('modal.engine')}
                        </dt>
                        <dd className="mt-1 font-medium">{t('modal.offlineEngine')}</dd>
                      </div>
                    )}
                  </dl>

                  {!pair.staged && (
                    <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
                      {t('modal.noStaged')}
                    </p>
                  )}

                  <section className="grid gap-2" aria-labelledby="modal-actions">
                    <h3
                      id="modal-actions"
                      className="text-xs font-medium uppercase tracking-wider text-muted-foreground"
                    >
                      {t('modal.actions')}
                    </h3>
                    <Button
                      onClick={() => onDownload(pair)}
                      disabled={!pair.staged}
                      data-testid="modal-download"
                    >
                      <Download aria-hidden /> {t('modal.download')}
                    </Button>
                    <LabelledDownloadButton
                      onDownload={(label) => onDownload(pair, label)}
                      disabled={!pair.staged}
                    />
                    <Button
                      variant="outline"
                      onClick={() => onRestage(pair)}
                      disabled={busy}
                      data-testid="modal-restage"
                    >
                      <RefreshCw className={busy ? 'animate-spin' : undefined} aria-hidden />{' '}
                      {t('modal.restage')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-400"
                      onClick={onDelete}
                      data-testid="modal-delete"
                    >
                      <Trash2 aria-hidden /> {t('modal.delete')}
                    </Button>
                  </section>

                  <p
                    className="hidden text-xs text-muted-foreground lg:block"
                    data-testid="keyboard-hint"
                  >
                    {t('modal.keyboardHint')}
                  </p>

                  <section className="grid gap-2" aria-labelledby="modal-original">
                    <h3
                      id="modal-original"
                      className="text-xs font-medium uppercase tracking-wider text-muted-foreground"
                    >
                      {t('modal.original')}
                    </h3>
                    <button
                      type="button"
                      onClick={() =>
                        pair.staged && setMode((m) => (m === 'compare' ? 'staged' : 'compare'))
                      }
                      disabled={!pair.staged}
                      className="group relative cursor-pointer overflow-hidden rounded-xl border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default"
                      aria-label={t('modal.compareWithOriginal')}
                      aria-pressed={pair.staged ? mode === 'compare' : undefined}
                    >
                      <img
                        src={objectUrl(pair.original.thumbnailPath ?? pair.original.filePath)}
                        alt=""
                        width={width ?? 320}
                        height={height ?? 240}
                        loading="lazy"
                        className="aspect-[4/3] w-full object-cover transition group-hover:scale-[1.02]"
                      />
                      {pair.staged && (
                        <span className="absolute inset-x-0 bottom-0 flex items-center gap-1.5 bg-gradient-to-t from-black/70 to-transparent px-3 pb-2 pt-6 text-xs font-medium text-white">
                          <Columns2 className="size-3.5" aria-hidden />{' '}
                          {t('modal.compareWithOriginal')}
                        </span>
                      )}
                    </button>
                  </section>
                </aside>
              </div>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
