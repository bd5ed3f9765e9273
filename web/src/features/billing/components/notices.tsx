import { ExternalLink } from 'lucide-react';
import { ContactSalesButton } from '@/app/contact-sales-button';
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

/**
 * Online payment is not set up on this installation (billing not configured): the plans are shown
 * but cannot be bought yet; the way forward is a message to sales (issue #26). The operator sees
 * why in the admin area's system status.
 */
export function PurchaseUnavailableNotice() {
  const { t } = useTranslation('billing');
  return (
    <Alert title={t('unavailable.title')} data-testid="billing-unconfigured" action={<ContactSalesButton label={t('plan.contactSales')} className="h-9 rounded-md border bg-background px-3 hover:no-underline" />}>
      <p>{t('unavailable.text')}</p>
    </Alert>
  );
}
