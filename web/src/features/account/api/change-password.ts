import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';

/** PUT /api/auth/password: needs the current password; ends every other session of the user. */
export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<unknown> {
  return apiRequest('/api/auth/password', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
