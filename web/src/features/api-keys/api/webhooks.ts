import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookEndpointResponse, WebhookSettingsResponse } from '@contract/public-api';
import { apiRequest } from '@/lib/api-request';

/** GET /api/settings/api/webhooks: the registered endpoints and the latest deliveries (the log). */
export const webhookSettingsQueryOptions = queryOptions({
  queryKey: ['/api/settings/api/webhooks'] as const,
  queryFn: () => apiRequest<WebhookSettingsResponse>('/api/settings/api/webhooks'),
});

export function useWebhookSettings(enabled: boolean) {
  return useQuery({ ...webhookSettingsQueryOptions, enabled });
}

export function createWebhookEndpoint(url: string): Promise<CreateWebhookEndpointResponse> {
  return apiRequest<CreateWebhookEndpointResponse>('/api/settings/api/webhooks', { method: 'POST', body: { url } });
}

export function deleteWebhookEndpoint(id: string): Promise<void> {
  return apiRequest<void>(`/api/settings/api/webhooks/${id}`, { method: 'DELETE' });
}

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookSettingsQueryOptions.queryKey }) });
}

export const useCreateWebhookEndpoint = () => useInvalidating(createWebhookEndpoint);
export const useDeleteWebhookEndpoint = () => useInvalidating(deleteWebhookEndpoint);
