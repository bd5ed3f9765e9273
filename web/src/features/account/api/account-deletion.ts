import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';

/** DESIGN §5: GET/POST/DELETE /api/account/deletion. */
export interface AccountDeletionState {
  status: 'none' | 'pending';
  /** ISO time of the purge while pending. */
  scheduledFor: string | null;
}

const URL = '/api/account/deletion';
export const accountDeletionQueryOptions = queryOptions({
  queryKey: [URL],
  queryFn: () => apiRequest<AccountDeletionState>(URL),
  staleTime: 0,
});

export function useAccountDeletion(enabled = true) {
  return useQuery({ ...accountDeletionQueryOptions, enabled });
}

function isState(value: unknown): value is AccountDeletionState {
  return typeof value === 'object' && value !== null && 'status' in value;
}

function useDeletionMutation(method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(URL, { method }),
    onSuccess: async (reply) => {
      if (isState(reply)) queryClient.setQueryData(accountDeletionQueryOptions.queryKey, reply);
      else await queryClient.invalidateQueries({ queryKey: accountDeletionQueryOptions.queryKey });
      // The user carries `deletionScheduledFor`: the banner on every signed-in screen follows it.
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

export const useRequestAccountDeletion = () => useDeletionMutation('POST');
export const useCancelAccountDeletion = () => useDeletionMutation('DELETE');
