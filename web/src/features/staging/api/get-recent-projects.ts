import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectPageResponse } from '@contract/project-pages';
import { apiRequest } from '@/lib/api-request';

/** How many of the user's latest projects the dashboard lists when this session made none. */
export const RECENT_PROJECTS_LIMIT = 4;

/** GET /api/projects?limit=4: the newest projects (one keyset page, contract/project-pages.ts). */
export function getRecentProjects(): Promise<ProjectPageResponse> {
  return apiRequest<ProjectPageResponse>(`/api/projects?limit=${RECENT_PROJECTS_LIMIT}`);
}

// Under the projects key, so creating, re-staging or deleting a project (which invalidate it) refreshes the list.
export const recentProjectsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/projects', { recent: RECENT_PROJECTS_LIMIT }] as const, queryFn: getRecentProjects });

export function useRecentProjects(enabled: boolean) {
  return useQuery({ ...recentProjectsQueryOptions(), enabled });
}
