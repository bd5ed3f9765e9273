import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PROJECT_PAGE_SIZE, type ProjectPageResponse } from '@contract/project-pages';
import type { ProjectListItem } from '@contract/projects';
import { apiRequest } from '@/lib/api-request';

export const PROJECTS_QUERY_KEY = ['/api/projects'] as const;

/** While a project is being staged its page and the list refetch this often (issue #12: no manual reload). */
export const LIVE_REFETCH_MS = 3000;

/** GET /api/projects: the user's projects, newest first. */
export function getProjects(): Promise<ProjectListItem[]> {
  return apiRequest<ProjectListItem[]>('/api/projects');
}

export const projectsQueryOptions = () => queryOptions({ queryKey: PROJECTS_QUERY_KEY, queryFn: getProjects });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}

/** GET /api/projects?limit=24&cursor=…: one keyset page (contract/project-pages.ts). */
export function getProjectPage(cursor: string | null): Promise<ProjectPageResponse> {
  const query = new URLSearchParams({ limit: String(PROJECT_PAGE_SIZE), ...(cursor ? { cursor } : {}) });
  return apiRequest<ProjectPageResponse>(`/api/projects?${query}`);
}

/**
 * My Projects, page by page. While any loaded project is processing, every loaded page is
 * refetched every LIVE_REFETCH_MS, so "In progress" turns into the result by itself.
 */
export const projectPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...PROJECTS_QUERY_KEY, { pages: PROJECT_PAGE_SIZE }] as const,
    queryFn: ({ pageParam }) => getProjectPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((p) => p.status === 'processing')) ? LIVE_REFETCH_MS : false),
  });

export function useProjectPages() {
  return useInfiniteQuery(projectPagesQueryOptions());
}
