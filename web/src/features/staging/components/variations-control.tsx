import { MAX_VARIATIONS } from '@contract/listing';
import { useTranslation } from '@/i18n/i18n';
import { cn } from '@/lib/class-names';

export interface VariationsControlProps {
  value: number;
  onChange(value: number): void;
  photoCount: number;
  disabled?: boolean;
}

/** How many variations per photo (1–4), with what that costs (decision 025). */
export function VariationsControl({
  value,
  onChange,
  photoCount,
  disabled,
}: VariationsControlProps) {
  const { t } = useTranslation('staging');
  const options = Array.from({ length: MAX_VARIATIONS }, (_, i) => i + 1);
  return (
    <fieldset className="grid gap-2" data-testid="variations-control">
      <legend className="text-sm font-medium">{t('listing.variations')}</legend>
      <div
        className="grid grid-cols-4 gap-1 rounded-lg border bg-muted/40 p-1"
        role="radiogroup"
        aria-label={t('listing.variations')}
      >
        {options.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            disabled={disabled}
            onClick={() => onChange(n)}
            className={cn(
              'h-8 cursor-pointer rounded-md text-sm font-medium tabular-nums transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed',
              value === n
                ? 'bg-background text-foreground shadow-sm ring-1 ring-border'
                : 'text-muted-foreground hover:text-foreground',
            )}
            data-testid={`variations-${n}`}
          >
            {n}
          </button>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {value > 1
          ? t('listing.variationsCost', {
              count: photoCount * value,
              photos: photoCount,
              variations: value,
            })
          : t('listing.variationsHint')}
      </p>
    </fieldset>
  );
}
