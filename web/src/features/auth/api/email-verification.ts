import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';

/** POST /api/auth/verify-email: confirms the address of the mailed `/verify-email?token=` link. */
export function verifyEmail(token: string): Promise<unknown> {
  return apiRequest('/api/auth/verify-email', { method: 'POST', body: { token } });
}

/** POST /api/auth/verify-email/resend: mails a new link to the signed-in user (rate-limited: 429). */
export function resendVerificationEmail(): Promise<unknown> {
  return apiRequest('/api/auth/verify-email/resend', { method: 'POST' });
}

/** Confirms the address; the cached user is reloaded so the banner goes and staging opens up. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
