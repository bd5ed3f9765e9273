import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveRunsResponse } from '@contract/staging-runs';
import { apiRequest } from '@/lib/api-request';

/** GET /api/staging-runs?active=1: the user's live and just-finished runs by project (issue #23). */
export function getActiveRuns(): Promise<ActiveRunsResponse> {
  return apiRequest<ActiveRunsResponse>('/api/staging-runs?active=1');
}

export const activeRunsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/staging-runs', 'active'] as const, queryFn: getActiveRuns });

/** While a run is live the list is read again every few seconds (its event streams wake it sooner). */
const LIVE_REFETCH_MS = 5_000;

export function useActiveRuns() {
  return useQuery({
    ...activeRunsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.projects.some((p) => p.running > 0) ? LIVE_REFETCH_MS : false,
  });
}
