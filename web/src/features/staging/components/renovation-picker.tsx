import { RadioGroup } from 'radix-ui';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '@/i18n/i18n';
import {
  FLOOR_LOOKS,
  FLOOR_MATERIALS,
  PAINT_PALETTE,
  type FloorMaterial,
  type RenovationChoice,
} from '@contract/renovation';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/class-names';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The picker's state: each surface on or off, with its value kept while off. */
export interface RenovationDraft {
  walls: { on: boolean; colour: string };
  floor: { on: boolean; material: FloorMaterial };
  ceiling: { on: boolean; colour: string };
}

export const renovationDraftDefaults: RenovationDraft = {
  walls: { on: true, colour: '#9CAF88' },
  floor: { on: false, material: 'light_oak' },
  ceiling: { on: false, colour: '#F4F1EA' },
};

/** The choice the API takes (contract/renovation.ts), or null when no surface is on or a colour code is not valid. */
export function renovationChoiceOf(draft: RenovationDraft): RenovationChoice | null {
  const choice: RenovationChoice = {};
  if (draft.walls.on) {
    if (!HEX.test(draft.walls.colour)) return null;
    choice.walls = { colour: draft.walls.colour.toUpperCase() };
  }
  if (draft.floor.on) choice.floor = { material: draft.floor.material };
  if (draft.ceiling.on) {
    if (!HEX.test(draft.ceiling.colour)) return null;
    choice.ceiling = { colour: draft.ceiling.colour.toUpperCase() };
  }
  return choice.walls || choice.floor || choice.ceiling ? choice : null;
}

export interface RenovationPickerProps {
  value: RenovationDraft;
  onChange(value: RenovationDraft): void;
  disabled?: boolean;
}

/** Which surfaces change and to what (decision 062): walls and ceiling a paint, the floor a material. */
export function RenovationPicker({ value, onChange, disabled }: RenovationPickerProps) {
  const { t } = useTranslation('staging');
  return (
    <div className="grid gap-4" data-testid="renovation-picker">
      <SurfaceCard
        title={t('renovation.walls')}
        on={value.walls.on}
        onToggle={(on) => onChange({ ...value, walls: { ...value.walls, on } })}
        disabled={disabled}
        testId="surface-walls"
      >
        <PaintChoice
          surface="walls"
          colour={value.walls.colour}
          onChange={(colour) => onChange({ ...value, walls: { ...value.walls, colour } })}
          disabled={disabled || !value.walls.on}
        />
      </SurfaceCard>
      <SurfaceCard
        title={t('renovation.floor')}
        on={value.floor.on}
        onToggle={(on) => onChange({ ...value, floor: { ...value.floor, on } })}
        disabled={disabled}
        testId="surface-floor"
      >
        <FloorChoice
          material={value.floor.material}
          onChange={(material) => onChange({ ...value, floor: { ...value.floor, material } })}
          disabled={disabled || !value.floor.on}
        />
      </SurfaceCard>
      <SurfaceCard
        title={t('renovation.ceiling')}
        on={value.ceiling.on}
        onToggle={(on) => onChange({ ...value, ceiling: { ...value.ceiling, on } })}
        disabled={disabled}
        testId="surface-ceiling"
      >
        <PaintChoice
          surface="ceiling"
          colour={value.ceiling.colour}
          onChange={(colour) => onChange({ ...value, ceiling: { ...value.ceiling, colour } })}
          disabled={disabled || !value.ceiling.on}
        />
      </SurfaceCard>
      <p className="text-xs text-muted-foreground">{t('renovation.keepsRest')}</p>
    </div>
  );
}

function SurfaceCard(props: {
  title: string;
  on: boolean;
  onToggle(on: boolean): void;
  disabled?: boolean;
  testId: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('staging');
  const id = useId();
  return (
    <section
      className={cn('rounded-xl border bg-card p-4 transition-opacity', !props.on && 'opacity-80')}
      aria-labelledby={`${id}-t`}
      data-testid={props.testId}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-t`} className="font-medium">
          {props.title}
        </h3>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-s`} className="text-sm text-muted-foreground">
            {t(props.on ? 'renovation.change' : 'renovation.keep')}
          </Label>
          <Switch
            id={`${id}-s`}
            checked={props.on}
            onCheckedChange={props.onToggle}
            disabled={props.disabled}
            data-testid={`${props.testId}-toggle`}
          />
        </div>
      </div>
      {props.on && <div className="mt-3">{props.children}</div>}
    </section>
  );
}

function PaintChoice(props: {
  surface: 'walls' | 'ceiling';
  colour: string;
  onChange(colour: string): void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('staging');
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  const codeId = useId();
  const valid = HEX.test(props.colour);
  const selected = PAINT_PALETTE.find((p) => p.hex.toLowerCase() === props.colour.toLowerCase())?.hex ?? '';
  return (
    <div className="grid gap-3">
      <RadioGroup.Root
        value={selected}
        onValueChange={props.onChange}
        disabled={props.disabled}
        aria-label={t('renovation.palette')}
        className="grid grid-cols-3 gap-2 sm:grid-cols-6"
      >
        {PAINT_PALETTE.map((paint) => (
          <RadioGroup.Item
            key={paint.id}
            value={paint.hex}
            data-testid={`${props.surface}-paint-${paint.id}`}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-1.5 text-xs transition hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
              selected === paint.hex && 'border-primary ring-2 ring-primary/30',
            )}
          >
            <span
              className="relative grid h-8 w-full place-items-center rounded-md border border-black/10"
              style={{ backgroundColor: paint.hex }}
              aria-hidden
            >
              {selected === paint.hex && <Check className="size-4 text-white drop-shadow" />}
            </span>
            <span className="w-full truncate text-center">{paint.name[lang]}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <div className="flex items-center gap-2">
        <Label htmlFor={codeId} className="shrink-0 text-sm">
          {t('renovation.colourCode')}
        </Label>
        <span
          className="size-8 shrink-0 rounded-md border border-black/10"
          style={{ backgroundColor: valid ? props.colour : 'transparent' }}
          aria-hidden
        />
        <Input
          id={codeId}
          value={props.colour}
          onChange={(e) => props.onChange(e.target.value.trim())}
          maxLength={7}
          className="w-32 font-mono"
          aria-invalid={valid ? undefined : true}
          aria-describedby={`${codeId}-msg`}
          disabled={props.disabled}
          data-testid={`${props.surface}-colour-code`}
        />
        <span id={`${codeId}-msg`} className="text-xs text-destructive">
          {valid ? '' : t('renovation.colourCodeInvalid')}
        </span>
      </div>
    </div>
  );
}

function FloorChoice(props: { material: FloorMaterial; onChange(m: FloorMaterial): void; disabled?: boolean }) {
  const { t, i18n } = useTranslation('staging');
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  return (
    <RadioGroup.Root
      value={props.material}
      onValueChange={(v) => props.onChange(v as FloorMaterial)}
      disabled={props.disabled}
      aria-label={t('renovation.floorMaterial')}
      className="grid grid-cols-2 gap-2 sm:grid-cols-4"
    >
      {FLOOR_MATERIALS.map((material) => (
        <RadioGroup.Item
          key={material}
          value={material}
          data-testid={`floor-${material}`}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-lg border p-2 text-left text-sm transition hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
            props.material === material && 'border-primary ring-2 ring-primary/30',
          )}
        >
          <span
            className="size-7 shrink-0 rounded-md border border-black/10"
            style={{ backgroundColor: FLOOR_LOOKS[material].hex }}
            aria-hidden
          />
          <span className="min-w-0">{FLOOR_LOOKS[material].name[lang]}</span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
