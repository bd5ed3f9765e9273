import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteSubscriptionRequest, CompleteSubscriptionResponse } from '@contract/billing';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';
import { billingStateQueryOptions } from './get-billing-state';

/** Spec §7: POST /api/complete-subscription {setupIntentId[, planId, billingCycle]}. */
export function completeSubscription(body: CompleteSubscriptionRequest): Promise<CompleteSubscriptionResponse> {
  return apiRequest<CompleteSubscriptionResponse>('/api/complete-subscription', { method: 'POST', body });
}

export function useCompleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSubscription,
    onSuccess: (state) => {
      queryClient.setQueryData(billingStateQueryOptions.queryKey, state);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
