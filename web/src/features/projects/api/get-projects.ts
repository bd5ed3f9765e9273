import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectListItem } from '@contract/projects';
import { apiRequest } from '@/lib/api-request';

export const PROJECTS_QUERY_KEY = ['/api/projects'] as const;

/** GET /api/projects: the user's projects, newest first. */
export function getProjects(): Promise<ProjectListItem[]> {
  return apiRequest<ProjectListItem[]>('/api/projects');
}

export const projectsQueryOptions = () => queryOptions({ queryKey: PROJECTS_QUERY_KEY, queryFn: getProjects });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
