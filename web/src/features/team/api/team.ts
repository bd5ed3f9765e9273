import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteMemberRequest, RemoveMemberResponse, TeamResponse } from '@contract/workspaces';
import { apiRequest } from '@/lib/api-request';

/** The acting workspace's members, open invitations and seats (decision 041). */
export const teamQueryOptions = queryOptions({
  queryKey: ['/api/workspace/team'],
  queryFn: () => apiRequest<TeamResponse>('/api/workspace/team'),
  staleTime: 0,
});

export function useTeam() {
  return useQuery(teamQueryOptions);
}

/** One mutation of the team; afterwards the team (and, for leave/transfer, the workspace list) is read again. */
function useTeamMutation<T, R = unknown>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const useInvite = () =>
  useTeamMutation((body: InviteMemberRequest) => apiRequest('/api/workspace/invitations', { method: 'POST', body }));
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => apiRequest(`/api/workspace/invitations/${id}`, { method: 'DELETE' }));
export const useChangeRole = () =>
  useTeamMutation(({ userId, role }: { userId: string; role: 'admin' | 'member' }) =>
    apiRequest(`/api/workspace/members/${userId}`, { method: 'PATCH', body: { role } }),
  );
/** Removes a member; the API keys they created are revoked except `keepApiKeyIds` (decision 050). */
export const useRemoveMember = () =>
  useTeamMutation(({ userId, keepApiKeyIds }: { userId: string; keepApiKeyIds: string[] }) =>
    apiRequest<RemoveMemberResponse>(`/api/workspace/members/${userId}`, { method: 'DELETE', body: { keepApiKeyIds } }),
  );
export const useLeaveWorkspace = () => useTeamMutation(() => apiRequest('/api/workspace/leave', { method: 'POST' }));
export const useTransferOwnership = () =>
  useTeamMutation((userId: string) => apiRequest('/api/workspace/transfer', { method: 'POST', body: { userId } }));
