import { Check } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { cn } from '@/lib/class-names';

/** A staged photo that can go into a share link or zip: its original's id, its staged thumbnail, its name on the page. */
export interface ListingPhoto {
  id: string;
  src: string;
  title: string;
}

interface PickerProps {
  photos: ListingPhoto[];
  chosen: ReadonlySet<string>;
  onChange(chosen: Set<string>): void;
  /** Names the group for screen readers ("Photos on the page", "Photos in the zip"). */
  label: string;
  testId: string;
}

/**
 * Which staged photos a share link or zip holds (decision 052): a grid of thumbnails with a check
 * box each, all chosen at first. Only staged photos are offered: a failed one never reaches a buyer.
 * At least one stays chosen (the caller disables its action at none).
 */
export function ListingPhotoPicker({ photos, chosen, onChange, label, testId }: PickerProps) {
  const { t } = useTranslation('projects');
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  const all = chosen.size === photos.length;
  return (
    <fieldset className="grid gap-2" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3">
        <legend className="text-sm font-medium">{label}</legend>
        <span className="flex items-center gap-3 text-xs text-muted-foreground">
          <span data-testid={`${testId}-count`}>{t('listing.photosChosen', { n: chosen.size, count: photos.length })}</span>
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => onChange(new Set(all ? [] : photos.map((p) => p.id)))}
          >
            {all ? t('listing.chooseNone') : t('listing.chooseAll')}
          </button>
        </span>
      </div>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((photo) => {
          const on = chosen.has(photo.id);
          return (
            <li key={photo.id}>
              <label
                className={cn(
                  'group relative block cursor-pointer overflow-hidden rounded-lg border bg-muted outline-offset-2 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  on ? 'border-primary ring-2 ring-primary' : 'opacity-60 hover:opacity-90',
                )}
              >
                <input type="checkbox" className="sr-only" checked={on} onChange={() => toggle(photo.id)} data-testid="listing-photo" data-photo-id={photo.id} />
                <img src={photo.src} alt="" className="aspect-[4/3] w-full object-cover" loading="lazy" />
                <span
                  className={cn(
                    'absolute right-1.5 top-1.5 flex size-5 items-center justify-center rounded-full border-2 border-white shadow',
                    on ? 'bg-primary text-primary-foreground' : 'bg-black/40',
                  )}
                  aria-hidden
                >
                  {on && <Check className="size-3" strokeWidth={3} />}
                </span>
                <span className="block truncate bg-background/90 px-1.5 py-1 text-xs font-medium">{photo.title}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
