import { CloudUpload, Image as ImageIcon, ImagePlus, TriangleAlert, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { MAX_IMAGES_PER_PROJECT } from '@contract/limits';
import { ACCEPT_ATTRIBUTE, MAX_UPLOAD_MB } from '../selected-images';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import type { SelectedImage } from '../selected-images';

export interface ImageDropZoneProps {
  images: SelectedImage[];
  onAdd(files: File[]): void;
  onRemove(id: string): void;
  onClear(): void;
  disabled?: boolean;
  minWidth: number;
  minHeight: number;
  describedBy?: string;
  /** Extra controls under a photo's name (the room type and room of decision 025). */
  tileFooter?(image: SelectedImage, index: number): ReactNode;
}

/** Multi-file picker with drag & drop, previews and the non-blocking low-resolution warning. */
export function ImageDropZone({
  images,
  onAdd,
  onRemove,
  onClear,
  disabled,
  minWidth,
  minHeight,
  describedBy,
  tileFooter,
}: ImageDropZoneProps) {
  const { t } = useTranslation('staging');
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const full = images.length >= MAX_IMAGES_PER_PROJECT;

  const pick = () => inputRef.current?.click();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files ?? []);
    if (files.length) onAdd(files);
  };
  const dragProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop,
  };

  const input = (
    <input
      ref={inputRef}
      type="file"
      multiple
      accept={ACCEPT_ATTRIBUTE}
      className="sr-only"
      tabIndex={-1}
      aria-label={t('picker.label')}
      aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
      disabled={disabled}
      data-testid="file-input"
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        event.target.value = '';
        if (files.length) onAdd(files);
      }}
    />
  );

  if (images.length === 0) {
    return (
      <div
        {...dragProps}
        className={cn(
          'relative flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed bg-muted/30 px-6 py-10 text-center transition-colors',
          dragging ? 'border-primary bg-primary/5' : 'border-input hover:border-primary/50',
          disabled && 'opacity-60',
        )}
        data-testid="drop-zone"
      >
        {input}
        <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
          <CloudUpload className="size-7" aria-hidden />
        </span>
        <div className="space-y-1">
          <p className="font-semibold">
            {dragging ? t('picker.dropActive') : t('picker.dropTitle')}
          </p>
          <p className="text-sm text-muted-foreground">{t('picker.or')}</p>
        </div>
        <Button type="button" variant="outline" onClick={pick} disabled={disabled}>
          <ImagePlus aria-hidden /> {t('picker.browse')}
        </Button>
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('picker.formats', { maxMb: MAX_UPLOAD_MB })}
          <br />
          {t('picker.countRule')}
        </p>
      </div>
    );
  }

  return (
    <div
      {...dragProps}
      className={cn(
        'space-y-3 rounded-2xl transition-colors',
        dragging && 'bg-primary/5 ring-2 ring-primary/50 ring-offset-4 ring-offset-background',
      )}
    >
      {input}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium" aria-live="polite" data-testid="selected-count">
          {t('picker.selected', { count: images.length, max: MAX_IMAGES_PER_PROJECT })}
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={onClear} disabled={disabled}>
          {t('picker.clear')}
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="image-previews">
        {images.map((image, index) => (
          <li
            key={image.id}
            className="group relative overflow-hidden rounded-xl border bg-card shadow-xs"
          >
            <div className="relative aspect-[4/3] bg-muted">
              {image.previewUrl ? (
                <img
                  src={image.previewUrl}
                  alt={image.file.name}
                  width={image.width ?? 400}
                  height={image.height ?? 300}
                  className="size-full object-cover"
                />
              ) : (
                <div
                  className="flex size-full flex-col items-center justify-end gap-1 px-3 pb-3 text-center text-xs leading-snug text-muted-foreground"
                  data-testid="no-preview"
                >
                  <ImageIcon className="size-6" aria-hidden />
                  <span>{t('picker.noPreview')}</span>
                </div>
              )}
              {image.lowResolution && (
                <span
                  className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-full bg-warning p-1 sm:px-2 sm:py-0.5 text-[11px] font-semibold text-black shadow"
                  title={t('picker.lowRes', {
                    width: image.width,
                    height: image.height,
                    minWidth,
                    minHeight,
                  })}
                  data-testid="low-res-warning"
                >
                  <TriangleAlert className="size-3.5" aria-hidden />
                  <span className="hidden sm:inline" aria-hidden>
                    {t('picker.lowResShort')}
                  </span>
                  <span className="sr-only">
                    {t('picker.lowRes', {
                      width: image.width,
                      height: image.height,
                      minWidth,
                      minHeight,
                    })}
                  </span>
                </span>
              )}
              <button
                type="button"
                onClick={() => onRemove(image.id)}
                disabled={disabled}
                className="absolute right-2 top-2 grid size-8 cursor-pointer place-items-center rounded-full bg-black/60 text-white backdrop-blur-sm transition hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-label={t('picker.remove', { name: image.file.name })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
            <div className="flex items-center justify-between gap-2 px-3 py-2 text-xs">
              <span className="truncate font-medium" title={image.file.name}>
                {image.file.name}
              </span>
              {image.width && image.height && (
                <span
                  className={cn(
                    'shrink-0 tabular-nums',
                    image.lowResolution
                      ? 'font-medium text-amber-700 dark:text-amber-300'
                      : 'text-muted-foreground',
                  )}
                >
                  {image.width}×{image.height}
                </span>
              )}
            </div>
            {tileFooter?.(image, index)}
          </li>
        ))}
        {!full && (
          <li>
            <button
              type="button"
              onClick={pick}
              disabled={disabled}
              className="flex size-full min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input text-sm text-muted-foreground transition-colors hover:border-primary/60 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed"
            >
              <ImagePlus className="size-6" aria-hidden />
              {t('picker.addMore')}
            </button>
          </li>
        )}
      </ul>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('picker.formats', { maxMb: MAX_UPLOAD_MB })} · {t('picker.countRule')}
      </p>
    </div>
  );
}
