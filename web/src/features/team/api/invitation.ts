import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationPreviewResponse } from '@contract/workspaces';
import { apiRequest } from '@/lib/api-request';

/** GET /api/invitations?token=: what the mailed invitation offers (works signed out). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['/api/invitations', token],
    queryFn: () => apiRequest<InvitationPreviewResponse>(`/api/invitations?token=${encodeURIComponent(token)}`),
    enabled: token.length > 0,
    retry: false,
  });
}

/** POST /api/invitations/accept: joins and makes the workspace the acting one. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<{ workspaceId: string }>('/api/invitations/accept', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
