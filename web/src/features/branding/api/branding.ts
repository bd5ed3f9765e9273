import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandingResponse, UpdateBrandingRequest } from '@contract/branding';
import type { WorkspaceListResponse } from '@contract/workspaces';
import { apiRequest, throwIfResNotOk } from '@/lib/api-request';

/** The acting workspace (the same query and key as the header's switcher: one request, one cache entry). */
const workspacesQueryOptions = queryOptions({
  queryKey: ['/api/workspaces'],
  queryFn: () => apiRequest<WorkspaceListResponse>('/api/workspaces'),
  staleTime: 30_000,
});

export function useActingWorkspaceId(): string | undefined {
  return useQuery(workspacesQueryOptions).data?.current;
}

const path = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/branding`;

/** GET /api/workspaces/:id/branding (decision 045): the branding, whether the plan has it, whether the caller may change it. */
export const brandingQueryOptions = (workspaceId: string) =>
  queryOptions({ queryKey: [path(workspaceId)] as const, queryFn: () => apiRequest<BrandingResponse>(path(workspaceId)), staleTime: 0 });

export function useBranding(workspaceId: string | undefined) {
  return useQuery({ ...brandingQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
}

/** PUT the fields, PUT the logo file as the body, DELETE the logo; each answers the new branding. */
export function useBrandingMutations(workspaceId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = brandingQueryOptions(workspaceId);
  const onSuccess = (reply: BrandingResponse) => queryClient.setQueryData(queryKey, reply);
  const save = useMutation({
    mutationFn: (body: UpdateBrandingRequest) => apiRequest<BrandingResponse>(path(workspaceId), { method: 'PUT', body }),
    onSuccess,
  });
  const uploadLogo = useMutation({
    mutationFn: async (file: File) => {
      const res = await fetch(`${path(workspaceId)}/logo`, { method: 'PUT', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' }, credentials: 'include' });
      await throwIfResNotOk(res);
      return (await res.json()) as BrandingResponse;
    },
    onSuccess,
  });
  const removeLogo = useMutation({
    mutationFn: () => apiRequest<BrandingResponse>(`${path(workspaceId)}/logo`, { method: 'DELETE' }),
    onSuccess,
  });
  return { save, uploadLogo, removeLogo };
}
