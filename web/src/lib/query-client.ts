import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-request';
import { USER_QUERY_KEY } from './auth';

/** Spec §7 defaults: no retries, no refetch on focus, never stale (the user query overrides this). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/** A query client that already knows the visitor is signed out (the prerendered landing page's state). */
export function signedOutQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, null);
  return queryClient;
}
