import { queryOptions } from '@tanstack/react-query';
import type { ProjectDetailResponse } from '@contract/projects';
import { apiRequest } from '@/lib/api-request';

/** GET /api/projects/{id}: read after a run to pair each staged result with its stored original. */
export function getProjectDetail(id: string): Promise<ProjectDetailResponse> {
  return apiRequest<ProjectDetailResponse>(`/api/projects/${encodeURIComponent(id)}`);
}

export const projectDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/projects', id] as const, queryFn: () => getProjectDetail(id) });
