import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@contract/auth';
import { apiRequest } from '@/lib/api-request';

/** PUT /api/auth/password: 204; a wrong current password is 403 `wrong_password`; every other session ends. */
export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return apiRequest<void>('/api/auth/password', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
