import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DowngradeResponse } from '@contract/billing';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';
import { billingStateQueryOptions } from './get-billing-state';

/** Spec §7: POST /api/downgrade-to-free (no body); the plan ends at the period end (decision 017). */
export function downgradeToFree(): Promise<DowngradeResponse> {
  return apiRequest<DowngradeResponse>('/api/downgrade-to-free', { method: 'POST' });
}

export function useDowngradeToFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downgradeToFree,
    onSuccess: async (state) => {
      queryClient.setQueryData(billingStateQueryOptions.queryKey, state);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
