import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';
import { PROJECTS_QUERY_KEY, projectPagesQueryOptions } from './get-projects';
import { projectQueryOptions } from './get-project';

/** DELETE /api/projects/{id} → {deletedFiles}. */
export function deleteProject(id: string): Promise<{ deletedFiles: number }> {
  return apiRequest<{ deletedFiles: number }>(`/api/projects/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** On success the list is refetched (spec §7); the deleted project's own entry is dropped. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: projectQueryOptions(id).queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
      void queryClient.invalidateQueries({ queryKey: projectPagesQueryOptions().queryKey });
      // A reserved credit of a run still going is refunded by the server.
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
