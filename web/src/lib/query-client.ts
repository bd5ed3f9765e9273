import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-request';

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
