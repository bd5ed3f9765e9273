import type { QueryClient } from '@tanstack/react-query';
import { landingVariantConfig, LANDING_VARIANTS, type LandingVariant } from '@contract/public-config';
import { PUBLIC_CONFIG_QUERY_KEY, useEngineWords } from '@/lib/public-config';

/**
 * Which engine the landing page speaks for (decision 039): the server's, once GET /api/config
 * answered; the preview wording meanwhile (it promises nothing the preview engine does not do). The
 * prerendered page and its islands get it seeded into their query client instead (`seedLandingVariant`).
 */
export const useLandingVariant = useEngineWords;

/** Gives a query client the configuration facts of `variant`, as if the server had answered them. */
export function seedLandingVariant(queryClient: QueryClient, variant: LandingVariant): void {
  queryClient.setQueryData(PUBLIC_CONFIG_QUERY_KEY, landingVariantConfig(variant));
}

/** The variant a prerendered page was built as (`data-landing-variant` on its root), if any. */
export function prerenderedVariant(root: HTMLElement | null): LandingVariant | undefined {
  const value = root?.dataset.landingVariant;
  return LANDING_VARIANTS.find((variant) => variant === value);
}
