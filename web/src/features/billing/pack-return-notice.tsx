import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/i18n/i18n';
import { USER_QUERY_KEY } from '@/lib/auth';
import { billingNavigation } from './billing-navigation';
import { creditPacksQueryOptions } from './api/credit-packs';

/** How long after the return from Stripe Checkout the credits are read again (the webhook usually lands within seconds). */
const REFRESH_AFTER_MS = [1500, 5000];

/**
 * Back from Stripe Checkout (`?pack=bought` or `?pack=cancelled`, decision 061): says what happened,
 * reads the credits again while the webhook grants the pack, and drops the parameter from the address.
 */
export default function PackReturnNotice() {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const outcome = params.get('pack');
    if (outcome !== 'bought' && outcome !== 'cancelled') return;
    params.delete('pack');
    const rest = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
    if (outcome === 'cancelled') {
      toast({ title: t('packs.cancelledTitle'), description: t('packs.cancelledText') });
      return;
    }
    toast({ title: t('packs.boughtTitle'), description: t('packs.boughtText'), variant: 'success' });
    for (const ms of REFRESH_AFTER_MS) {
      billingNavigation.later(ms, () => {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: creditPacksQueryOptions.queryKey });
      });
    }
  }, [queryClient, t]);
  return null;
}
