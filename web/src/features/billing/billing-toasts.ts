import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-request';

/** The billing messages of spec §8, translated. */
export function useBillingToasts() {
  const { t } = useTranslation('billing');
  const serverErrorText = useServerErrorText();
  const fail = (titleKey: string, description: string) => toast({ title: t(titleKey), description, variant: 'destructive' });
  return {
    configError: () => fail('toast.configErrorTitle', t('toast.configError')),
    authRequired: () => fail('toast.authRequiredTitle', t('toast.authRequired')),
    popupBlocked: () => fail('toast.popupBlockedTitle', t('toast.popupBlocked')),
    windowClosed: () => toast({ title: t('toast.windowClosedTitle'), description: t('toast.windowClosed') }),
    downgradeFailed: () => fail('toast.downgradeFailedTitle', t('toast.downgradeFailed')),
    downgraded: () => toast({ title: t('toast.downgradedTitle'), description: t('toast.downgraded'), variant: 'success' }),
    /** A failure of our own API, shown with the text of its code (the fallback for an unknown one). */
    failed: (titleKey: string, fallbackKey: string, error?: unknown) => fail(titleKey, serverErrorText(error, t(fallbackKey))),
    /** Stripe's own text about the card (written for customers). */
    provider: (titleKey: string, message: string | undefined) => fail(titleKey, message || t('toast.completeFailed')),
    success: (titleKey: string, descriptionKey: string, plan: string) =>
      toast({ title: t(titleKey), description: t(descriptionKey, { plan }), variant: 'success' }),
  };
}

export const errorCode = (error: unknown): string | undefined => (error instanceof ApiError ? error.body?.code : undefined);
export const errorStatus = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined);
