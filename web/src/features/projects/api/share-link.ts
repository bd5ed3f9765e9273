import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShareLinkRequest, ShareLinkResponse, ShareLinkState } from '@contract/sharing';
import type { PublishMarket } from '@contract/disclosure-packs';
import { apiRequest } from '@/lib/api-request';

const path = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/share`;

/** GET /api/projects/{id}/share → {url | null, publicTitle, disclosure}: the project's public share link, if it has one. */
export const shareLinkQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: [path(projectId)] as const, queryFn: () => apiRequest<ShareLinkState>(path(projectId)) });

export function useShareLink(projectId: string) {
  return useQuery(shareLinkQueryOptions(projectId));
}

/** POST `{publicTitle}` creates the link (or keeps it and changes its title); DELETE revokes it: the old link answers 404 from then on. */
export function useShareLinkMutations(projectId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = shareLinkQueryOptions(projectId);
  const create = useMutation({
    mutationFn: (body: CreateShareLinkRequest) => apiRequest<ShareLinkResponse>(path(projectId), { method: 'POST', body }),
    onSuccess: (reply) => queryClient.setQueryData(queryKey, (state) => state && { ...state, url: reply.url, publicTitle: reply.publicTitle, imageIds: reply.imageIds }),
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest<void>(path(projectId), { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(queryKey, (state) => state && { ...state, url: null, publicTitle: null, imageIds: null }),
  });
  /** PUT `{market}`: where the photos will be published (disclosure packs, issue 41); the zip follows its rules. */
  const setMarket = useMutation({
    mutationFn: (market: PublishMarket) => apiRequest<{ market: PublishMarket }>(`/api/projects/${encodeURIComponent(projectId)}/publish-market`, { method: 'PUT', body: { market } }),
    onSuccess: (reply) => queryClient.setQueryData(queryKey, (state) => state && { ...state, market: reply.market }),
  });
  return { create, revoke, setMarket };
}

/** GET /api/projects/{id}/download.zip with its options (`images`: the chosen photos, left out for all), as a URL for the download helper. */
export function listingZipUrl(projectId: string, options: { label?: 'de' | 'en'; originals?: boolean; share?: boolean; images?: string[] }): string {
  const query = new URLSearchParams();
  if (options.images) query.set('images', options.images.join(','));
  if (options.label) query.set('label', options.label);
  if (options.originals) query.set('originals', '1');
  if (options.label && options.share) query.set('share', '1');
  const search = query.toString();
  return `/api/projects/${encodeURIComponent(projectId)}/download.zip${search ? `?${search}` : ''}`;
}
