import { useQuery } from '@tanstack/react-query';
import { STAGING_CONCURRENCY } from '@contract/limits';
import { publicConfigQueryOptions } from '@/lib/public-config';

export { getPublicConfig, PUBLIC_CONFIG_QUERY_KEY, publicConfigQueryOptions, type PublicConfig } from '@/lib/public-config';

/** Images staged at once: the server's `stagingConcurrency`, else the default of 3 (DESIGN §4). */
export function useStagingConcurrency(): number {
  const { data } = useQuery(publicConfigQueryOptions());
  const value = data?.stagingConcurrency;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : STAGING_CONCURRENCY;
}
