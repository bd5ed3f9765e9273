import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingVariant, type LandingVariant } from '@contract/landing-variant';
import { type PublicConfigResponse } from '@contract/public-config';
import { apiRequest } from './api-request';

/**
 * GET /api/config (contract/public-config.ts) for every feature: legal pages, engine badge, sign-in
 * entries, furniture removal, staging concurrency. One query key, so it is fetched once per visit.
 */
export type PublicConfig = Partial<PublicConfigResponse>;

export const PUBLIC_CONFIG_QUERY_KEY = ['/api/config'] as const;

export function getPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/api/config');
}

export const publicConfigQueryOptions = () => queryOptions({ queryKey: PUBLIC_CONFIG_QUERY_KEY, queryFn: getPublicConfig, staleTime: Infinity });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

/** Whether furniture removal can run here: true/false once the server said, undefined while loading. */
export function useFurnitureRemovalAvailable(): boolean | undefined {
  const { data } = usePublicConfig();
  return data ? data.furnitureRemoval === true : undefined;
}

/** The `/new-project` address that starts a furniture-removal project. */
export const FURNITURE_REMOVAL_HREF = '/new-project?service=furniture_removal';

/** The `/new-project` address that starts a renovation preview (decision 062). */
export const RENOVATION_HREF = '/new-project?service=renovation';

/**
 * Whose words a screen speaks (decisions 039, 052): `ai` when an AI model stages, else `preview` (the
 * built-in preview engine: no "AI", no "photorealistic"). The preview wording while the configuration
 * loads: it promises nothing the preview engine does not do.
 */
export function useEngineWords(): LandingVariant {
  const { data } = usePublicConfig();
  return data?.stagingEngine !== undefined && data.furnitureRemoval !== undefined ? landingVariant({ stagingEngine: data.stagingEngine, furnitureRemoval: data.furnitureRemoval }) : 'preview';
}
