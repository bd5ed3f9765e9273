import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';

/** The billing part of GET /api/config: the publishable key reaches the browser at run time, never in the build. */
export interface BillingConfig {
  billingEnabled: boolean;
  stripePublishableKey: string | null;
}

// The same key as every other reader of /api/config, so the answer is fetched once.
export const billingConfigQueryOptions = queryOptions({
  queryKey: ['/api/config'] as const,
  queryFn: () => apiRequest<BillingConfig>('/api/config'),
  staleTime: Infinity,
});

/** The publishable key when payments are configured, else null. */
export function usePublishableKey(): { key: string | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(billingConfigQueryOptions);
  const key = data?.billingEnabled && data.stripePublishableKey ? data.stripePublishableKey : null;
  return { key, isLoading };
}
