import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDetailResponse } from '@contract/projects';
import { apiRequest } from '@/lib/api-request';
import { LIVE_REFETCH_MS, PROJECTS_QUERY_KEY } from './get-projects';

/** GET /api/projects/{id}: the project with all its images. */
export function getProject(id: string): Promise<ProjectDetailResponse> {
  return apiRequest<ProjectDetailResponse>(`/api/projects/${encodeURIComponent(id)}`);
}

/** Refetched every LIVE_REFETCH_MS while the project is processing (issue #12: the page updates by itself). */
export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...PROJECTS_QUERY_KEY, id] as const,
    queryFn: () => getProject(id),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? LIVE_REFETCH_MS : false),
  });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
