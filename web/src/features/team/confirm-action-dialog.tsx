import { Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useTranslation } from '@/i18n/i18n';

export interface ConfirmAction {
  title: string;
  text: string;
  confirm: string;
  destructive?: boolean;
  /** More to read or choose before confirming (e.g. the API keys a removal revokes), under the text. */
  details?: ReactNode;
  /** Runs the action; the dialog stays open (its buttons busy) until it settles. */
  run(): Promise<unknown>;
}

/**
 * Asks before a team action that changes who may do what (make owner, remove, leave): the app's
 * alert dialog (focus trapped, Escape cancels, title and text announced), never window.confirm.
 */
export function ConfirmActionDialog({ action, onClose }: { action: ConfirmAction | null; onClose(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async (event: React.MouseEvent) => {
    event.preventDefault();
    if (!action || busy) return;
    setBusy(true);
    try {
      await action.run();
    } catch {
      // The action's own onError tells the user; the dialog just closes.
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <AlertDialog open={action !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent data-testid="team-confirm-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{action?.title}</AlertDialogTitle>
          <AlertDialogDescription>{action?.text}</AlertDialogDescription>
        </AlertDialogHeader>
        {action?.details}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction destructive={action?.destructive} onClick={confirm} disabled={busy} data-testid="team-confirm">
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {action?.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
