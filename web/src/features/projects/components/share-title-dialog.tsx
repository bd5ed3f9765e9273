import { Link2, Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { PUBLIC_TITLE_MAX } from '@contract/sharing';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/i18n';

interface ShareTitleDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The title to start from: the link's current one, else the project's name. */
  initialTitle: string;
  /** Whether the link exists already (the dialog then changes its title). */
  editing: boolean;
  pending: boolean;
  onConfirm(title: string): void;
}

/**
 * Issue #24: the share page's heading is a public title the member confirms, prefilled with the
 * project's name, never the internal name taken silently.
 */
export function ShareTitleDialog({ open, onOpenChange, initialTitle, editing, pending, onConfirm }: ShareTitleDialogProps) {
  const { t } = useTranslation('projects');
  const [title, setTitle] = useState(initialTitle);
  const inputId = useId();
  useEffect(() => {
    if (open) setTitle(initialTitle);
  }, [open, initialTitle]);
  const trimmed = title.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onConfirm(trimmed);
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
          <DialogFooter className="gap-2 sm:gap-0">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('listing.titleDialog.cancel')}
            </Button>
            <Button type="submit" disabled={!trimmed || pending} data-testid="share-title-confirm">
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Link2 aria-hidden />} {editing ? t('listing.titleDialog.save') : t('listing.titleDialog.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
