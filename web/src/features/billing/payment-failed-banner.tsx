import { CreditCard, Loader2 } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { useBillingState } from './api/get-billing-state';
import { useOpenPortal } from './api/subscription-actions';
import { useBillingToasts } from './billing-toasts';

/**
 * On every signed-in screen while the last renewal could not be charged (issue #11): a link to
 * Stripe's customer portal to update the card. Credits stay usable while Stripe retries.
 */
export default function PaymentFailedBanner({ user }: { user: UserResponse }) {
  const { t } = useTranslation('billing');
  const paid = user.subscriptionPlan !== 'free';
  const billing = useBillingState(paid);
  const portal = useOpenPortal();
  const toasts = useBillingToasts();
  if (!paid || !billing.data?.pastDue) return null;
  return (
    <div role="alert" className="border-b border-destructive/30 bg-destructive/10" data-testid="payment-failed-banner">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-start gap-2">
          <CreditCard className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <span>
            <strong className="font-semibold">{t('banner.title')}</strong> <span className="text-muted-foreground">{t('banner.text')}</span>
          </span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="self-start sm:self-auto"
          disabled={portal.isPending}
          onClick={() => portal.mutate(undefined, { onError: (error) => toasts.failed('toast.errorTitle', 'toast.portalFailed', error) })}
          data-testid="payment-failed-portal"
        >
          {portal.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {t('banner.action')}
        </Button>
      </div>
    </div>
  );
}
