import { RadioGroup } from 'radix-ui';
import {
  Check,
  Crown,
  Factory,
  Gem,
  PenLine,
  Sofa,
  Sun,
  Trees,
  Wheat,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { STYLE_LIST, type StyleId } from '@contract/styles';
import { cn } from '@/lib/class-names';

/** A palette and an icon per style: a quick visual cue of each look. */
const VISUALS: Record<StyleId, { icon: LucideIcon; palette: string[] }> = {
  modern: { icon: Sofa, palette: ['#2f3437', '#8a9a9b', '#d9d4cc', '#c8a27a'] },
  scandinavian: { icon: Trees, palette: ['#f1ece3', '#d8c3a5', '#a7b8a8', '#6b7b8c'] },
  classic: { icon: Crown, palette: ['#5b3a29', '#c9a66b', '#efe6d8', '#7a2e2e'] },
  industrial: { icon: Factory, palette: ['#2b2b2b', '#6b4f3a', '#9a9a9a', '#b55a30'] },
  mediterranean: { icon: Sun, palette: ['#c4622d', '#f2e3c6', '#2f6f8f', '#9bab6a'] },
  luxury: { icon: Gem, palette: ['#1f2a44', '#6b2d3c', '#c8a96a', '#e9e4dc'] },
  farmhouse: { icon: Wheat, palette: ['#f5f1e8', '#a8b5a0', '#8b6f4e', '#2d2d2d'] },
  custom: { icon: PenLine, palette: [] },
};

export interface StylePickerProps {
  value: StyleId;
  onChange(value: StyleId): void;
  disabled?: boolean;
  /** Two columns in narrow sidebars, four on wide screens otherwise. */
  compact?: boolean;
  id?: string;
  'aria-describedby'?: string;
}

/** The 8 styles as selectable cards: a radio group (arrow keys move, Space selects). */
export function StylePicker({ value, onChange, disabled, compact, id, ...aria }: StylePickerProps) {
  const { t, i18n } = useTranslation('staging');
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  return (
    <RadioGroup.Root
      id={id}
      value={value}
      onValueChange={(v) => onChange(v as StyleId)}
      disabled={disabled}
      aria-label={t('styles.groupLabel')}
      aria-describedby={aria['aria-describedby']}
      className={cn(
        'grid gap-3',
        compact ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-4',
      )}
    >
      {STYLE_LIST.map((style) => {
        const visual = VISUALS[style.id];
        const Icon = visual.icon;
        const selected = value === style.id;
        return (
          <RadioGroup.Item
            key={style.id}
            value={style.id}
            data-testid={`style-${style.id}`}
            className={cn(
              'group relative flex cursor-pointer flex-col overflow-hidden rounded-xl border bg-card text-left shadow-xs transition-all hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
              selected && 'border-primary ring-2 ring-primary/30',
            )}
          >
            <span className="relative flex h-14 w-full" aria-hidden>
              {visual.palette.length > 0 ? (
                visual.palette.map((colour) => (
                  <span
                    key={colour}
                    className="h-full flex-1"
                    style={{ backgroundColor: colour }}
                  />
                ))
              ) : (
                <span className="h-full flex-1 bg-[conic-gradient(from_120deg_at_30%_60%,#c4622d,#c8a96a,#a7b8a8,#2f6f8f,#6b2d3c,#c4622d)] opacity-80" />
              )}
              <span className="absolute -bottom-4 left-3 grid size-9 place-items-center rounded-full border-2 border-card bg-card text-primary shadow-sm">
                <Icon className="size-4" />
              </span>
            </span>
            <span className="flex flex-1 flex-col gap-1 px-3 pb-3 pt-6">
              <span className="text-sm font-semibold leading-tight">{style.name[lang]}</span>
              <span className="line-clamp-2 text-xs leading-snug text-muted-foreground">
                {style.description[lang]}
              </span>
            </span>
            <RadioGroup.Indicator className="absolute right-2 top-2 grid size-6 place-items-center rounded-full bg-primary text-primary-foreground shadow">
              <Check className="size-3.5" aria-hidden />
              <span className="sr-only">{t('styles.selected')}</span>
            </RadioGroup.Indicator>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
