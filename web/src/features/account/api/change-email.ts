import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UserResponse } from '@contract/auth';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';

/**
 * PUT /api/auth/profile with a new `email` and the current password: the server mails the new
 * address a `/confirm-email?token=` link and answers the user with it as `pendingEmail`; the
 * address changes only once that link is opened.
 */
export function requestEmailChange(body: Required<Pick<UpdateProfileRequest, 'email' | 'currentPassword'>>): Promise<UserResponse> {
  return apiRequest<UserResponse>('/api/auth/profile', { method: 'PUT', body: body satisfies UpdateProfileRequest });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
