import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailRequest, VerifyEmailResponse } from '@contract/auth';
import { ApiError, apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';

/** POST /api/auth/verify-email: confirms the address of the mailed `/verify-email?token=` link. */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', body: { token } satisfies VerifyEmailRequest });
}

/** POST /api/auth/verify-email/resend: mails a new link to the signed-in user (204; 429 rate-limited; 409 already confirmed). */
export function resendVerificationEmail(): Promise<void> {
  return apiRequest<void>('/api/auth/verify-email/resend', { method: 'POST' });
}

/** Confirms the address; the cached user is reloaded so the banner goes and staging opens up. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

/** A 409 `email_already_verified` means the cached user is stale: it is reloaded (the banner goes). */
export function useResendVerificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerificationEmail,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
