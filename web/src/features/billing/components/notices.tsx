import { ExternalLink } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** The last renewal could not be charged (subscription past due). */
export function PastDueNotice() {
  const { t } = useTranslation('billing');
  return (
    <Alert variant="warning" title={t('page.pastDueTitle')} data-testid="past-due-notice">
      <p>{t('page.pastDueText')}</p>
    </Alert>
  );
}

/** While the checkout runs in a popup window (the app is inside a frame). */
export function PopupWaitingNotice({ onFocus, onCancel }: { onFocus(): void; onCancel(): void }) {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation();
  return (
    <Alert
      title={t('checkout.popupWaiting')}
      data-testid="popup-waiting"
      action={
        <>
          <Button size="sm" variant="outline" onClick={onFocus}>
            <ExternalLink aria-hidden />
            {t('checkout.popupFocus')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {tc('common.cancel')}
          </Button>
        </>
      }
    />
  );
}
