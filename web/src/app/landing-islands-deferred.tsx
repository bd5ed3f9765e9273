import type { ComponentType, ReactNode } from 'react';
import { DESIGNS_ISLAND, DesignsGallery } from '@/features/landing/designs-section';
import { LandingVariantContext, prerenderedVariant } from '@/features/landing/landing-variant';
import { PRICING_ISLAND, PricingContent } from '@/features/landing/pricing-section';
import { COOKIE_SETTINGS_ISLAND, CookieSettingsButton } from './cookie-settings-button';

/**
 * The landing page's islands below the fold (decision 021): their code loads and hydrates once the
 * browser is idle, apart from the header and hero islands of landing-islands.tsx. They need no query
 * client (issue #37): the sales form brings its own when it is opened (sales-inquiry-entry.tsx).
 */
export const DEFERRED_ISLANDS: Record<string, ComponentType> = {
  [DESIGNS_ISLAND]: DesignsGallery,
  [PRICING_ISLAND]: PricingContent,
  [COOKIE_SETTINGS_ISLAND]: CookieSettingsButton,
};

// The gallery shows what the page was prerendered for (decision 039), so hydration matches it.
const variant = prerenderedVariant(document.getElementById('root')) ?? 'preview';

export function DeferredIslandProviders({ children }: { children: ReactNode }) {
  return <LandingVariantContext.Provider value={variant}>{children}</LandingVariantContext.Provider>;
}
