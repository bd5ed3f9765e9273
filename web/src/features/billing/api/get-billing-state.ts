import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingStateResponse } from '@contract/billing';
import { apiRequest } from '@/lib/api-request';

/** GET /api/billing/subscription: plan, cycle, status (past due) and credits of the signed-in user. */
export const billingStateQueryOptions = queryOptions({
  queryKey: ['/api/billing/subscription'] as const,
  queryFn: () => apiRequest<BillingStateResponse>('/api/billing/subscription'),
  staleTime: 0,
});

export function useBillingState(enabled: boolean) {
  return useQuery({ ...billingStateQueryOptions, enabled });
}
