import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfigResponse } from '@contract/public-config';
import { apiRequest } from './api-request';

/**
 * GET /api/config for every feature (legal pages, engine badge, sign-in entries). Other readers
 * (billing, staging) use the same key, so the answer is fetched once per visit.
 */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['/api/config'] as const,
  queryFn: () => apiRequest<Partial<PublicConfigResponse>>('/api/config'),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
