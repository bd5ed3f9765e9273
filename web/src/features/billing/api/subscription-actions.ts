import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingStateResponse,
  ChangePlanRequest,
  ChangePlanResponse,
  ChangePreviewResponse,
  PaidPlanId,
  PortalResponse,
  ResumeResponse,
} from '@contract/billing';
import type { BillingCycle } from '@contract/plans';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';
import { billingNavigation } from '../billing-navigation';
import { billingStateQueryOptions } from './get-billing-state';

/** After a billing call: its reply is the new billing state; the header's credits come from the user query. */
function useApplyBillingState() {
  const queryClient = useQueryClient();
  return async (state: BillingStateResponse) => {
    queryClient.setQueryData(billingStateQueryOptions.queryKey, state);
    await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };
}

/** POST /api/billing/resume: "Keep my plan". */
export function useResumePlan() {
  const apply = useApplyBillingState();
  return useMutation({
    mutationFn: () => apiRequest<ResumeResponse>('/api/billing/resume', { method: 'POST' }),
    onSuccess: apply,
  });
}

/** POST /api/billing/change-plan between paid plans (upgrade now, downgrade at the renewal). */
export function useChangePlan() {
  const apply = useApplyBillingState();
  return useMutation({
    mutationFn: (request: ChangePlanRequest) => apiRequest<ChangePlanResponse>('/api/billing/change-plan', { method: 'POST', body: request }),
    onSuccess: apply,
  });
}

/** GET /api/billing/change-preview: what a plan and cycle would bill (Stripe's invoice preview, VAT included). */
export const changePreviewQueryOptions = (plan: PaidPlanId, cycle: BillingCycle) =>
  queryOptions({
    queryKey: ['/api/billing/change-preview', plan, cycle] as const,
    queryFn: () => apiRequest<ChangePreviewResponse>(`/api/billing/change-preview?plan=${plan}&cycle=${cycle}`),
    staleTime: 60_000,
  });

export function useChangePreview(target: { plan: PaidPlanId; cycle: BillingCycle } | null) {
  return useQuery({ ...changePreviewQueryOptions(target?.plan ?? 'pro', target?.cycle ?? 'monthly'), enabled: target !== null });
}

/** POST /api/billing/portal, then the browser goes to Stripe's customer portal. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: () => apiRequest<PortalResponse>('/api/billing/portal', { method: 'POST' }),
    onSuccess: ({ url }) => {
      billingNavigation.assign(url);
    },
  });
}
