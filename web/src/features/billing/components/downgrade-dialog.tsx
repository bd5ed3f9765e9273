import { Loader2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { planCredits } from '@contract/plans';
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

/** Spec §5: the downgrade to free asks for confirmation first (focus starts on Cancel). */
export function DowngradeDialog({
  open,
  planName,
  busy,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  planName: string;
  busy: boolean;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const confirm = (event: MouseEvent) => {
    // Stays open while the request runs; the caller closes it.
    event.preventDefault();
    onConfirm();
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent data-testid="downgrade-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('downgrade.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('downgrade.text', { plan: planName, credits: planCredits('free') })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{tc('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction destructive disabled={busy} onClick={confirm} className="dark:bg-[oklch(0.5_0.19_27)] dark:hover:bg-[oklch(0.46_0.18_27)]" data-testid="downgrade-confirm">
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? t('downgrade.working') : t('downgrade.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
