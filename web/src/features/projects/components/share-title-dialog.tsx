import { Link2, Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { PUBLIC_TITLE_MAX } from '@contract/sharing';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/i18n';
import { ListingPhotoPicker, type ListingPhoto } from './listing-photo-picker';

interface ShareTitleDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The title to start from: the link's current one, else the project's name. */
  initialTitle: string;
  /** Whether the link exists already (the dialog then changes its title). */
  editing: boolean;
  pending: boolean;
  /** The staged photos the page may show, and the link's current choice (null: all of them). */
  photos: ListingPhoto[];
  initialChosen: string[] | null;
  /** `imageIds` null when every staged photo is chosen: the page then also shows photos staged later. */
  onConfirm(title: string, imageIds: string[] | null): void;
}

/**
 * Issue #24: the share page's heading is a public title the member confirms, prefilled with the
 * project's name, never the internal name taken silently. Issue #35: the member also chooses which
 * staged photos the page shows (all at first).
 */
export function ShareTitleDialog({ open, onOpenChange, initialTitle, editing, pending, photos, initialChosen, onConfirm }: ShareTitleDialogProps) {
  const { t } = useTranslation('projects');
  const [title, setTitle] = useState(initialTitle);
  // Compared by value: the parent builds a new photo list on each render.
  const photoIds = photos.map((p) => p.id).join(',');
  const chosenIds = initialChosen?.join(',') ?? photoIds;
  const [chosen, setChosen] = useState(() => new Set<string>());
  const inputId = useId();
  useEffect(() => {
    if (!open) return;
    setTitle(initialTitle);
    // A chosen photo that has no staged image any more is not offered (nor counted).
    setChosen(new Set(chosenIds.split(',').filter((id) => photoIds.split(',').includes(id))));
  }, [open, initialTitle, chosenIds, photoIds]);
  const trimmed = title.trim();
  const ready = Boolean(trimmed) && chosen.size > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ids = photos.filter((p) => chosen.has(p.id)).map((p) => p.id);
    if (ready) onConfirm(trimmed, ids.length === photos.length ? null : ids);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" data-testid="share-title-dialog">
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{editing ? t('listing.titleDialog.editTitle') : t('listing.titleDialog.title')}</DialogTitle>
            <DialogDescription>{t('listing.titleDialog.text')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>{t('listing.titleDialog.label')}</Label>
            <Input
              id={inputId}
              value={title}
              maxLength={PUBLIC_TITLE_MAX}
              required
              autoFocus
              onChange={(e) => setTitle(e.target.value)}
              data-testid="share-public-title"
            />
            <p className="text-xs text-muted-foreground">{t('listing.titleDialog.hint')}</p>
          </div>
          {photos.length > 1 && (
            <ListingPhotoPicker photos={photos} chosen={chosen} onChange={setChosen} label={t('listing.titleDialog.photos')} testId="share-photos" />
          )}
          <DialogFooter className="gap-2 sm:gap-0">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('listing.titleDialog.cancel')}
            </Button>
            <Button type="submit" disabled={!ready || pending} data-testid="share-title-confirm">
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Link2 aria-hidden />} {editing ? t('listing.titleDialog.save') : t('listing.titleDialog.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
