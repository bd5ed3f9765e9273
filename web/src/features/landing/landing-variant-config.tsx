import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  landingVariant,
  landingVariantConfig,
  type LandingVariant,
} from '@contract/landing-variant';
import { PUBLIC_CONFIG_QUERY_KEY, usePublicConfig } from '@/lib/public-config';
import { LandingVariantContext } from './landing-variant';

/**
 * The landing page's variant from the server's configuration (GET /api/config), the preview wording
 * until it answered (it promises nothing the preview engine does not do), for the sections inside.
 */
export function ConfiguredLandingVariant({ children }: { children: ReactNode }) {
  const { data } = usePublicConfig();
  const variant: LandingVariant =
    data?.stagingEngine !== undefined && data.furnitureRemoval !== undefined
      ? landingVariant({
          stagingEngine: data.stagingEngine,
          furnitureRemoval: data.furnitureRemoval,
        })
      : 'preview';
  return (
    <LandingVariantContext.Provider value={variant}>{children}</LandingVariantContext.Provider>
  );
}

/** Gives a query client the configuration facts of `variant`, as if the server had answered them (the prerender). */
export function seedLandingVariant(queryClient: QueryClient, variant: LandingVariant): void {
  queryClient.setQueryData(PUBLIC_CONFIG_QUERY_KEY, landingVariantConfig(variant));
}
