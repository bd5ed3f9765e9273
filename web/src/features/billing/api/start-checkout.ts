import { useMutation } from '@tanstack/react-query';
import type { PaidPlanId, SubscriptionSetupResponse } from '@contract/billing';
import type { BillingCycle } from '@contract/plans';
import { apiRequest } from '@/lib/api-request';

/**
 * Spec §7: a SetupIntent for the chosen plan and cycle (the server picks the price). The modal
 * calls create-setup-intent, the upgrade page and the popup get-or-create-subscription.
 */
export type CheckoutSource = 'modal' | 'page';

export interface StartCheckoutInput {
  planId: PaidPlanId;
  billingCycle: BillingCycle;
}

export function startCheckout(source: CheckoutSource, { planId, billingCycle }: StartCheckoutInput): Promise<SubscriptionSetupResponse> {
  const url = source === 'modal' ? '/api/create-setup-intent' : '/api/get-or-create-subscription';
  return apiRequest<SubscriptionSetupResponse>(url, { method: 'POST', body: { planId, billingCycle } });
}

export function useStartCheckout(source: CheckoutSource) {
  return useMutation({ mutationFn: (input: StartCheckoutInput) => startCheckout(source, input) });
}
