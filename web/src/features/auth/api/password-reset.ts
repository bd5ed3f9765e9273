import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetRequest, PasswordResetRequestRequest, PasswordResetRequestResponse } from '@contract/auth';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';

/** POST /api/auth/password-reset/request: always 202 with the same body, so it never tells who has an account. */
export function requestPasswordReset(email: string): Promise<PasswordResetRequestResponse> {
  return apiRequest<PasswordResetRequestResponse>('/api/auth/password-reset/request', { method: 'POST', body: { email } satisfies PasswordResetRequestRequest });
}

/** POST /api/auth/password-reset: sets the password of the mailed link's account and ends all its sessions. */
export function resetPassword(body: PasswordResetRequest): Promise<void> {
  return apiRequest<void>('/api/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** After a reset every session has ended, this browser's included: the cached user is forgotten. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.setQueryData(USER_QUERY_KEY, null),
  });
}
