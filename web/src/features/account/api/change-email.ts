import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';

/**
 * PUT /api/auth/profile with a new `email` (and the current password): the server mails the new
 * address a `/confirm-email?token=` link; the address changes only once that link is opened.
 */
export function requestEmailChange(body: { email: string; currentPassword: string }): Promise<unknown> {
  return apiRequest('/api/auth/profile', { method: 'PUT', body });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
