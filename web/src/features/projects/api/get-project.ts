import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDetailResponse } from '@contract/projects';
import { apiRequest } from '@/lib/api-request';
import { PROJECTS_QUERY_KEY } from './get-projects';

/** GET /api/projects/{id}: the project with all its images. */
export function getProject(id: string): Promise<ProjectDetailResponse> {
  return apiRequest<ProjectDetailResponse>(`/api/projects/${encodeURIComponent(id)}`);
}

export const projectQueryOptions = (id: string) => queryOptions({ queryKey: [...PROJECTS_QUERY_KEY, id] as const, queryFn: () => getProject(id) });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
