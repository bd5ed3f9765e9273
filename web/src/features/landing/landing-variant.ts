import { createContext, useContext } from 'react';
import { LANDING_VARIANTS, type LandingVariant } from '@contract/landing-variant';

/**
 * Which engine the landing page speaks for (decision 039), given to its sections by the page
 * (`ConfiguredLandingVariant`, landing-variant-config.tsx: the server's answer, the preview wording
 * meanwhile) or, for the islands of the prerendered page, by the variant it was built as. A context and
 * not the configuration query itself, so the islands hydrate without the query client (issue #37).
 */
export const LandingVariantContext = createContext<LandingVariant>('preview');

export function useLandingVariant(): LandingVariant {
  return useContext(LandingVariantContext);
}

/** The variant a prerendered page was built as (`data-landing-variant` on its root), if any. */
export function prerenderedVariant(root: HTMLElement | null): LandingVariant | undefined {
  const value = root?.dataset.landingVariant;
  return LANDING_VARIANTS.find((variant) => variant === value);
}
