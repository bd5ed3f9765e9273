import { STAGING_CONCURRENCY } from '@contract/limits';
import { usePublicConfig } from '@/lib/public-config';

/** Images staged at once: the server's `stagingConcurrency`, else the default of 3 (DESIGN §4). */
export function useStagingConcurrency(): number {
  const value = usePublicConfig().data?.stagingConcurrency;
  return typeof value === 'number' && Number.isInteger(value) && value > 0
    ? value
    : STAGING_CONCURRENCY;
}
