import { ImageOff } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { ImageFailure } from '../staging-run';
import { imageFailureReason } from '../staging-messages';

/**
 * A photo of a partial run that was not staged: its original and the reason (in the user's
 * language for known codes; the server's reasons say the credit was returned).
 */
export function FailedImageTile({
  title,
  thumb,
  width,
  height,
  failure,
}: {
  /** The photo's name by its room ("Bedroom 2"). */
  title: string;
  thumb: string;
  width: number | null;
  height: number | null;
  failure: ImageFailure;
}) {
  const { t, i18n } = useTranslation('staging');
  return (
    <div
      className="overflow-hidden rounded-2xl border border-destructive/40 bg-card shadow-sm"
      data-testid="failed-image"
    >
      <figure className="relative bg-muted">
        {thumb && (
          <img
            src={thumb}
            alt=""
            width={width ?? 640}
            height={height ?? 480}
            loading="lazy"
            className="aspect-[8/3] w-full object-cover opacity-60 grayscale"
          />
        )}
        <figcaption className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-md bg-destructive px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-destructive-foreground">
          <ImageOff className="size-3.5" aria-hidden /> {t('result.notStaged')}
        </figcaption>
      </figure>
      <div className="grid gap-1 px-4 py-3">
        <span className="font-medium">{title}</span>
        <p className="text-sm text-destructive" data-testid="failed-reason">
          {imageFailureReason(t, i18n.language, failure)}
        </p>
      </div>
    </div>
  );
}
