import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceListResponse } from '@contract/workspaces';
import { apiRequest } from '@/lib/api-request';

/** GET /api/workspaces: the caller's workspaces and the one they act in (decision 041). */
export const workspacesQueryOptions = queryOptions({
  queryKey: ['/api/workspaces'],
  queryFn: () => apiRequest<WorkspaceListResponse>('/api/workspaces'),
  staleTime: 30_000,
});

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions);
}

/** POST /api/workspaces/current: the server remembers the choice in a cookie; every screen reloads its data. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string) => apiRequest<void>('/api/workspaces/current', { method: 'POST', body: { workspaceId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
