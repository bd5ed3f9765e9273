import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CreditPackCheckoutResponse, CreditPackId, CreditPacksResponse } from '@contract/credit-packs';
import { apiRequest } from '@/lib/api-request';
import { billingNavigation } from '../billing-navigation';

/** GET /api/billing/credit-packs: the pool's pack credits, the packs on sale and the purchases (decision 061). */
export const creditPacksQueryOptions = queryOptions({
  queryKey: ['/api/billing/credit-packs'] as const,
  queryFn: () => apiRequest<CreditPacksResponse>('/api/billing/credit-packs'),
  staleTime: 0,
});

export function useCreditPacks(enabled: boolean) {
  return useQuery({ ...creditPacksQueryOptions, enabled });
}

/** POST /api/billing/credit-packs/checkout, then the browser goes to Stripe Checkout. */
export function useBuyCreditPack() {
  return useMutation({
    mutationFn: (packId: CreditPackId) => apiRequest<CreditPackCheckoutResponse>('/api/billing/credit-packs/checkout', { method: 'POST', body: { packId } }),
    onSuccess: ({ url }) => {
      billingNavigation.assign(url);
    },
  });
}
