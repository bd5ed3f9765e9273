import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { CUSTOM_STYLE_MAX, INSTRUCTIONS_MAX } from '@contract/limits';
import { STYLE_LIST, STYLES, styleIdFromName, type StyleId } from '@contract/styles';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { StyleChoice } from '../use-restage';

/**
 * Re-Stage (and the image card's Edit): the project's style and wishes prefilled and changeable; the
 * new result is added to the photo's variations, the earlier one stays choosable (decision 037).
 * One credit, only when a new result is delivered.
 */
export function RestyleDialog({
  imageTitle,
  currentStyleName,
  currentDescription,
  currentInstructions,
  open,
  onOpenChange,
  onSubmit,
}: {
  imageTitle: string;
  currentStyleName: string | null;
  currentDescription: string | null;
  currentInstructions: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSubmit(style: StyleChoice): void;
}) {
  const { t, i18n } = useTranslation('projects');
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  const [styleId, setStyleId] = useState<StyleId>('modern');
  const [custom, setCustom] = useState('');
  const [instructions, setInstructions] = useState('');
  const [error, setError] = useState(false);
  const ids = { style: useId(), custom: useId(), instructions: useId() };

  useEffect(() => {
    if (!open) return;
    const id = currentStyleName ? styleIdFromName(currentStyleName) : 'modern';
    setStyleId(id);
    setCustom(id === 'custom' ? (currentDescription ?? '') : '');
    setInstructions(currentInstructions ?? '');
    setError(false);
  }, [open, currentStyleName, currentDescription, currentInstructions]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (styleId === 'custom' && !custom.trim()) {
      setError(true);
      return;
    }
    const wishes = instructions.trim();
    onSubmit({
      ...(styleId === 'custom'
        ? { styleName: STYLES.custom.styleName, styleDescription: custom.trim() }
        : { styleName: STYLES[styleId].styleName, styleDescription: STYLES[styleId].description.en }),
      ...(wishes ? { instructions: wishes } : {}),
    });
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{t('restyle.title')}</DialogTitle>
            <DialogDescription>{t('restyle.text', { image: imageTitle })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={ids.style}>{t('restyle.style')}</Label>
            <Select value={styleId} onValueChange={(v) => setStyleId(v as StyleId)}>
              <SelectTrigger id={ids.style} data-testid="restage-style">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STYLE_LIST.map((s) => (
                  <SelectItem key={s.id} value={s.id}>
                    {s.name[lang]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="text-xs text-muted-foreground">{STYLES[styleId].description[lang]}</p>
          </div>
          {styleId === 'custom' && (
            <div className="grid gap-2">
              <Label htmlFor={ids.custom}>{t('restyle.custom')}</Label>
              <Textarea
                id={ids.custom}
                value={custom}
                maxLength={CUSTOM_STYLE_MAX}
                rows={3}
                placeholder={t('restyle.customPlaceholder')}
                aria-invalid={error || undefined}
                aria-describedby={`${ids.custom}-msg`}
                onChange={(e) => {
                  setCustom(e.target.value);
                  setError(false);
                }}
              />
              <p id={`${ids.custom}-msg`} className="flex justify-between text-xs">
                <span className="text-destructive">{error ? t('restyle.customRequired') : ''}</span>
                <span className="tabular-nums text-muted-foreground">
                  {custom.length} / {CUSTOM_STYLE_MAX}
                </span>
              </p>
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={ids.instructions}>{t('restyle.instructions')}</Label>
            <Textarea
              id={ids.instructions}
              value={instructions}
              maxLength={INSTRUCTIONS_MAX}
              rows={3}
              placeholder={t('restyle.instructionsPlaceholder')}
              aria-describedby={`${ids.instructions}-count`}
              onChange={(e) => setInstructions(e.target.value)}
              data-testid="restage-instructions"
            />
            <p id={`${ids.instructions}-count`} className="text-right text-xs tabular-nums text-muted-foreground">
              {instructions.length} / {INSTRUCTIONS_MAX}
            </p>
          </div>
          <p className="text-sm text-muted-foreground">{t('restyle.keeps')}</p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('restyle.cancel')}
            </Button>
            <Button type="submit" data-testid="restage-submit">
              <RefreshCw aria-hidden /> {t('restyle.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
