import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface Props {
  open: boolean;
  email: string;
  busy: boolean;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
}

/** The warning before an account deletion is requested; the user must tick that they understand. */
export function DeleteAccountDialog({ open, email, busy, onConfirm, onOpenChange }: Props) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const [understood, setUnderstood] = useState(false);
  const checkId = useId();
  useEffect(() => {
    if (!open) setUnderstood(false);
  }, [open]);
  const change = (next: boolean) => onOpenChange(next);
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-w-md" data-testid="delete-confirm-dialog">
        <DialogHeader>
          <DialogTitle>{t('deletion.confirmTitle')}</DialogTitle>
          <DialogDescription>{t('deletion.confirmText', { email })}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 rounded-lg bg-destructive/10 p-4 text-sm">
          {(['consequence1', 'consequence2', 'consequence3'] as const).map((key) => (
            <li key={key} className="flex gap-2">
              <span className="mt-2 size-1.5 shrink-0 rounded-full bg-destructive" aria-hidden />
              {t(`deletion.${key}`, { days: ACCOUNT_DELETION_GRACE_DAYS })}
            </li>
          ))}
        </ul>
        <label htmlFor={checkId} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            id={checkId}
            type="checkbox"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-destructive"
            data-testid="delete-understood"
          />
          {t('deletion.understood')}
        </label>
        <DialogFooter>
          <Button variant="outline" onClick={() => change(false)}>
            {tc('common.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={!understood || busy}
            onClick={onConfirm}
            data-testid="delete-confirm-button"
          >
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {t('deletion.confirmButton')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
