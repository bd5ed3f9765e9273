import { Loader2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { planCredits } from '@contract/plans';
import { formatBillingDate, langOf } from '../billing-format';
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

/** Spec §5: ending the plan asks for confirmation first (focus starts on Cancel); it ends at the period end (decision 017). */
export function DowngradeDialog({
  open,
  endsOn,
  planName,
  busy,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  /** ISO end of the paid period; null when there is no subscription to run out. */
  endsOn: string | null;
  planName: string;
  busy: boolean;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
}) {
  const { t, i18n } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const lang = langOf(i18n.language);
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
          <AlertDialogDescription>
            {endsOn
              ? t('downgrade.textAtPeriodEnd', { plan: planName, date: formatBillingDate(endsOn, lang), credits: planCredits('free') })
              : t('downgrade.text', { plan: planName, credits: planCredits('free') })}
          </AlertDialogDescription>
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
