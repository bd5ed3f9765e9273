import { CalendarClock, Loader2 } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useCancelAccountDeletion } from './api/account-deletion';

/**
 * On every signed-in screen while a requested account deletion waits out its grace period (issue #12
 * item 10): the date, and "Cancel deletion" right there. Mounted by the app layout like the
 * payment-failed banner; it disappears when the user's `deletionScheduledFor` is cleared.
 */
export default function DeletionPendingBanner({ scheduledFor }: { scheduledFor: string }) {
  const { t, i18n } = useTranslation('account');
  const cancel = useCancelAccountDeletion();
  const date = new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long' }).format(new Date(scheduledFor));
  const undo = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast({ title: t('deletion.cancelled'), variant: 'success' }),
      onError: () => toast({ title: t('deletion.cancelFailed'), variant: 'destructive' }),
    });
  return (
    <div role="status" className="border-b border-warning/50 bg-warning/15" data-testid="deletion-pending-banner">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-start gap-2">
          <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">{t('deletion.banner.title', { date })}</strong>{' '}
            <span className="text-muted-foreground">{t('deletion.banner.text')}</span>
          </span>
        </p>
        <Button size="sm" variant="outline" className="self-start sm:self-auto" disabled={cancel.isPending} onClick={undo} data-testid="deletion-banner-cancel">
          {cancel.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {t('deletion.cancelButton')}
        </Button>
      </div>
    </div>
  );
}
