import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-request';

/** The browser-visible subset of the server configuration (GET /api/config), shared by the features. */
export interface PublicConfig {
  stagingConcurrency?: number;
  stagingEngine?: string;
  retentionDays?: number;
  /** The server's engine can empty a furnished room (decision 027); the offline preview engine cannot. */
  furnitureRemoval?: boolean;
}

export const PUBLIC_CONFIG_QUERY_KEY = ['/api/config'] as const;

export function getPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/api/config');
}

export const publicConfigQueryOptions = () => queryOptions({ queryKey: PUBLIC_CONFIG_QUERY_KEY, queryFn: getPublicConfig, staleTime: Infinity });

/** Whether furniture removal can run here: true/false once the server said, undefined while loading. */
export function useFurnitureRemovalAvailable(): boolean | undefined {
  const { data } = useQuery(publicConfigQueryOptions());
  return data ? data.furnitureRemoval === true : undefined;
}

/** The `/new-project` address that starts a furniture-removal project. */
export const FURNITURE_REMOVAL_HREF = '/new-project?service=furniture_removal';
