import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, RegisterRequest, UserResponse } from '@contract/auth';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';
import { markNewAccount } from '@/lib/new-account';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest<UserResponse>('/api/auth/login', { method: 'POST', body }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRequest) => apiRequest<UserResponse>('/api/auth/register', { method: 'POST', body }),
    onSuccess: (user) => {
      markNewAccount(user.id);
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}
