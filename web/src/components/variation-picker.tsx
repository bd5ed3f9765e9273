import { Check, Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { ImageVariation } from '@contract/listing';
import type { ProjectImage } from '@contract/projects';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/i18n/i18n';
import { chooseVariation } from '@/lib/choose-variation';
import { cn } from '@/lib/class-names';
import { downloadImage } from '@/lib/download-image';

const objectUrl = (path: string) => `/objects${path}`;
/** Side by side at full width: two variations get half the row each, four a quarter. */
const COLUMNS: Record<number, string> = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' };

export interface VariationPickerProps {
  projectId: string;
  /** The pair's staged image, with its variations. */
  staged: ProjectImage;
  /** e.g. "Photo 2": heads the picker and names downloads. */
  title: string;
  /** After a variation was chosen (refetch the project). */
  onChosen(): void;
}

/** A photo's variations side by side; "Use this one" makes one the staged image (decision 025). */
export function VariationPicker({ projectId, staged, title, onChosen }: VariationPickerProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const variations = staged.variations ?? [];
  if (variations.length < 2) return null;

  const choose = async (variation: ImageVariation) => {
    setPending(variation.id);
    try {
      await chooseVariation(projectId, staged.id, variation.id);
      onChosen();
    } catch {
      toast({ title: t('variations.chooseFailed'), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };
  const download = (variation: ImageVariation, n: number) =>
    downloadImage(variation.filePath, `${title}-${n}.jpg`).catch(() =>
      toast({ title: t('variations.downloadFailed'), variant: 'destructive' }),
    );

  return (
    <section
      className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
      aria-label={t('variations.title', { title })}
      data-testid="variation-picker"
    >
      <h3 className="font-semibold tracking-tight">{t('variations.title', { title })}</h3>
      <ul className={cn('mt-3 grid grid-cols-2 gap-3', COLUMNS[variations.length])}>
        {variations.map((variation, index) => (
          <li
            key={variation.id}
            className={cn(
              'overflow-hidden rounded-xl border bg-background',
              variation.chosen && 'border-primary ring-2 ring-primary/40',
            )}
            data-testid="variation"
            data-chosen={variation.chosen}
          >
            <div className="relative">
              <img
                src={objectUrl(variation.thumbnailPath ?? variation.filePath)}
                alt={t('variations.label', { n: index + 1 })}
                width={staged.width ?? 640}
                height={staged.height ?? 480}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover"
              />
              <button
                type="button"
                onClick={() => void download(variation, index + 1)}
                className="absolute right-2 top-2 grid size-8 cursor-pointer place-items-center rounded-full bg-black/60 text-white backdrop-blur-sm transition hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-label={t('variations.download', { n: index + 1 })}
                title={t('variations.download', { n: index + 1 })}
              >
                <Download className="size-4" aria-hidden />
              </button>
            </div>
            <div className="p-2">
              {variation.chosen ? (
                <span className="inline-flex h-8 w-full items-center justify-center gap-1 rounded-md bg-primary/10 text-xs font-semibold text-primary">
                  <Check className="size-3.5" aria-hidden /> {t('variations.inUse')}
                </span>
              ) : (
                <Button
                  type="button"
                  size="sm"
                  className="h-8 w-full px-2 text-xs"
                  disabled={pending !== null}
                  onClick={() => void choose(variation)}
                  data-testid="use-variation"
                >
                  {pending === variation.id && <Loader2 className="animate-spin" aria-hidden />}
                  {t('variations.use')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface VariationPickerListProps {
  projectId: string;
  entries: Array<{ staged: ProjectImage; title: string }>;
  onChosen(): void;
}

/** Every photo staged with several variations, under one heading and hint; nothing when there are none. */
export function VariationPickerList({
  projectId,
  entries,
  onChosen,
  ...rest
}: VariationPickerListProps & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  const shown = entries.filter((e) => (e.staged.variations?.length ?? 0) > 1);
  if (!shown.length) return null;
  return (
    <section className="mt-10 grid gap-4" aria-labelledby="variations-heading" {...rest}>
      <div>
        <h2 id="variations-heading" className="text-xl font-semibold tracking-tight">
          {t('variations.heading')}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t('variations.hint')}</p>
      </div>
      {shown.map(({ staged, title }) => (
        <VariationPicker
          key={staged.id}
          projectId={projectId}
          staged={staged}
          title={title}
          onChosen={onChosen}
        />
      ))}
    </section>
  );
}
