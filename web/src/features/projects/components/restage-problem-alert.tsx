import { Sparkles, X } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ContactSalesButton } from '@/app/contact-sales-button';
import { openAppModal } from '@/lib/modal-bus';
import { usePublicConfig } from '@/lib/public-config';
import type { RestageProblem } from '../restage-problem';

/** A Re-Stage refused for lack of credits: the reason and the Upgrade button (opens the subscription modal). */
export function RestageProblemAlert({
  problem,
  onDismiss,
}: {
  problem: RestageProblem;
  onDismiss(): void;
}) {
  const { t } = useTranslation('projects');
  // Billing not configured: plans cannot be bought online, so the way on is a message to sales.
  const billingOff = usePublicConfig().data?.billingEnabled === false;
  return (
    <Alert
      variant="warning"
      className="mt-6"
      title={problem.title}
      data-testid="restage-problem"
      action={
        <div className="flex gap-2">
          {problem.upgrade && billingOff && (
            <ContactSalesButton
              label={t('detail.contactSales')}
              className="h-8 rounded-md border bg-background px-3 hover:no-underline"
            />
          )}
          {problem.upgrade && !billingOff && (
            <Button
              type="button"
              size="sm"
              onClick={() => openAppModal('subscription')}
              data-testid="upgrade-button"
            >
              <Sparkles aria-hidden /> {t('detail.upgrade')}
            </Button>
          )}
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={onDismiss}
            aria-label={t('detail.dismiss')}
          >
            <X aria-hidden />
          </Button>
        </div>
      }
    >
      <p>{problem.description}</p>
    </Alert>
  );
}
