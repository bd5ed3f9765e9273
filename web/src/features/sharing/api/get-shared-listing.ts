import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedListingResponse } from '@contract/sharing';
import { ApiError, apiRequest } from '@/lib/api-request';

/** GET /api/share/{token}: the shared listing (public, no session needed); 404 once revoked. */
export const sharedListingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/share', token] as const,
    queryFn: () => apiRequest<SharedListingResponse>(`/api/share/${encodeURIComponent(token)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export function useSharedListing(token: string) {
  return useQuery(sharedListingQueryOptions(token));
}
