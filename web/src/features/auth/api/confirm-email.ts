import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailRequest, ConfirmEmailResponse } from '@contract/auth';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';

/** POST /api/auth/confirm-email: a changed e-mail address takes effect (the mailed `/confirm-email?token=` link). */
export function confirmEmailChange(token: string): Promise<ConfirmEmailResponse> {
  return apiRequest<ConfirmEmailResponse>('/api/auth/confirm-email', { method: 'POST', body: { token } satisfies ConfirmEmailRequest });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
