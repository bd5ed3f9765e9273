import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSettingsResponse } from '@contract/public-api';
import { apiRequest } from '@/lib/api-request';

/** GET /api/settings/api: whether the plan includes the API, its limits, and the keys (never their secrets). */
export const apiSettingsQueryOptions = queryOptions({
  queryKey: ['/api/settings/api'] as const,
  queryFn: () => apiRequest<ApiSettingsResponse>('/api/settings/api'),
});

export function useApiSettings() {
  return useQuery(apiSettingsQueryOptions);
}
