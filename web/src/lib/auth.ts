import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@contract/auth';
import { ApiError, getQueryFn } from './api-request';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;
const OPTIONAL_USER_PATH = '/api/auth/user?optional=1';

/**
 * Spec §7: signed out is null; fresh 30 s, kept 5 min, refetched on focus and mount. Asked with
 * `?optional=1`, the server answers a signed-out visitor 200 `null` instead of 401, so public pages
 * log no failed request in the console (issue #26); a 401 still counts as signed out.
 */
export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: () => getQueryFn<UserResponse>({ on401: 'returnNull' })({ queryKey: [OPTIONAL_USER_PATH] }),
  staleTime: 30_000,
  gcTime: 5 * 60_000,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
});

export function useAuth() {
  const { data, isLoading, error } = useQuery(userQueryOptions);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data), error };
}

/** Clears the cached user and leaves through the server's logout path (which ends the session). */
export function useLogout() {
  const queryClient = useQueryClient();
  return (path: '/api/logout' | '/api/auth/logout' = '/api/logout') => {
    queryClient.setQueryData(USER_QUERY_KEY, null);
    window.location.href = path;
  };
}

export function displayName(user: Pick<UserResponse, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}

/** True while the signed-in user has not confirmed the address from the sign-up mail; staging waits for it (issue #10). */
export function needsEmailConfirmation(user: UserResponse | null | undefined): boolean {
  return user?.emailVerified === false;
}

/** The server's 403 `email_not_verified` (uploads and staging before the address is confirmed). */
export function isEmailNotVerifiedError(error: unknown): boolean {
  return error instanceof ApiError && error.body?.code === 'email_not_verified';
}
