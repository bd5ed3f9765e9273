import { Download, Eye, Loader2, Pencil, TriangleAlert } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { formatDate } from '../format-date';
import type { ImagePair } from '../image-pairs';
import { objectUrl } from '../object-url';
import { PreviewEngineBadge } from '@/components/preview-engine-badge';

const thumb = (image: { thumbnailPath: string | null; filePath: string }) =>
  objectUrl(image.thumbnailPath ?? image.filePath);

/**
 * The before/after card of spec §2: BEFORE/AFTER thumbnails, title, Created date (or 'Recently').
 * Edit, View and Download appear on hover and when a button inside has keyboard focus (always on
 * touch screens, which have no hover).
 */
export function ImageCard({
  pair,
  title,
  busy,
  onEdit,
  onView,
  onDownload,
}: {
  pair: ImagePair;
  title: string;
  busy?: boolean;
  onEdit(): void;
  onView(): void;
  onDownload(): void;
}) {
  const { t } = useTranslation('projects');
  const created = formatDate(pair.staged?.createdAt ?? pair.original.createdAt);
  const { width, height } = pair.original;
  return (
    <article
      className="group relative overflow-hidden rounded-2xl border bg-card shadow-sm transition hover:shadow-lg"
      data-testid="image-card"
    >
      <div className="relative grid grid-cols-2 gap-px bg-border">
        <figure className="relative bg-muted">
          <img
            src={thumb(pair.original)}
            alt={`${t('detail.before')}: ${title}`}
            width={width ?? 640}
            height={height ?? 480}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full object-cover"
          />
          <figcaption className="absolute left-2 top-2 rounded-md bg-black/60 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-white">
            {t('detail.before')}
          </figcaption>
        </figure>
        <figure className="relative bg-muted">
          {pair.staged ? (
            <img
              src={thumb(pair.staged)}
              alt={`${t('detail.after')}: ${title}`}
              width={width ?? 640}
              height={height ?? 480}
              loading="lazy"
              decoding="async"
              className={cn('aspect-[4/3] w-full object-cover', busy && 'blur-[2px]')}
            />
          ) : (
            <div className="flex aspect-[4/3] flex-col items-center justify-center gap-1 bg-destructive/8 p-2 text-center">
              <TriangleAlert className="size-5 text-destructive" aria-hidden />
              <span className="text-xs font-semibold">{t('detail.processingFailed')}</span>
            </div>
          )}
          <figcaption className="absolute right-2 top-2 rounded-md bg-primary px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-primary-foreground">
            {t('detail.after')}
          </figcaption>
          <PreviewEngineBadge engine={pair.staged?.engine} className="absolute bottom-2 left-2" />
          {busy && (
            <span className="absolute inset-0 grid place-items-center bg-background/40">
              <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
            </span>
          )}
        </figure>
        <div
          className={cn(
            'absolute inset-0 flex items-center justify-center gap-2 bg-black/45 opacity-0 backdrop-blur-[1px] transition-opacity duration-200',
            'group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:items-end [@media(hover:none)]:bg-transparent [@media(hover:none)]:pb-2 [@media(hover:none)]:opacity-100 [@media(hover:none)]:backdrop-blur-none',
          )}
          data-testid="image-card-actions"
        >
          <Button
            size="sm"
            variant="secondary"
            className="shadow-md"
            onClick={onEdit}
            disabled={busy}
          >
            <Pencil aria-hidden /> {t('detail.edit')}
            <span className="sr-only">: {title}</span>
          </Button>
          <Button size="sm" variant="secondary" className="shadow-md" onClick={onView}>
            <Eye aria-hidden /> {t('detail.view')}
            <span className="sr-only">: {title}</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="shadow-md"
            onClick={onDownload}
            disabled={!pair.staged}
          >
            <Download aria-hidden /> {t('detail.download')}
            <span className="sr-only">: {title}</span>
          </Button>
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <h3 className="truncate font-medium">{title}</h3>
        <p className="shrink-0 text-xs text-muted-foreground">
          {t('detail.createdLabel')} {created || t('detail.recently')}
        </p>
      </div>
    </article>
  );
}
