import { useMutation } from '@tanstack/react-query';
import type { CreateProjectRequest } from '@contract/projects';
import { apiRequest } from '@/lib/api-request';

/** POST /api/projects {title, category} → {id}. */
export function createProject(body: CreateProjectRequest): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('/api/projects', { method: 'POST', body });
}

export function useCreateProject() {
  return useMutation({ mutationFn: createProject });
}
