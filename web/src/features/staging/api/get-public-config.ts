import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAGING_CONCURRENCY } from '@contract/limits';
import type { PublicConfigResponse } from '@contract/public-config';
import { apiRequest } from '@/lib/api-request';

/** The browser-visible subset of the server configuration (GET /api/config; contract/public-config.ts). */
export type PublicConfig = Partial<PublicConfigResponse>;

export const PUBLIC_CONFIG_QUERY_KEY = ['/api/config'] as const;

export function getPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/api/config');
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: PUBLIC_CONFIG_QUERY_KEY, queryFn: getPublicConfig, staleTime: Infinity });

/** Images staged at once: the server's `stagingConcurrency`, else the default of 3 (DESIGN §4). */
export function useStagingConcurrency(): number {
  const { data } = useQuery(publicConfigQueryOptions());
  const value = data?.stagingConcurrency;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : STAGING_CONCURRENCY;
}
