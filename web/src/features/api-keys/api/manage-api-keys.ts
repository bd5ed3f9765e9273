import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeySummary, CreateApiKeyRequest, CreateApiKeyResponse } from '@contract/public-api';
import { apiRequest } from '@/lib/api-request';
import { apiSettingsQueryOptions } from './get-api-settings';

/** POST /api/settings/api/keys: the key and its signing secret, shown once. */
export function createApiKey(body: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  return apiRequest<CreateApiKeyResponse>('/api/settings/api/keys', { method: 'POST', body });
}

/** POST /api/settings/api/keys/:id/revoke: the key stops working at once. */
export function revokeApiKey(id: string): Promise<ApiKeySummary> {
  return apiRequest<ApiKeySummary>(`/api/settings/api/keys/${id}/revoke`, { method: 'POST' });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiSettingsQueryOptions.queryKey }) });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiSettingsQueryOptions.queryKey }) });
}
